import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { NativeSelect } from '@/components/ui/native-select';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateClass } from '../../api/classes';
import { useClassWriteError } from '../../lib/class-errors';

/** The targets a teacher may choose (share of right answers adaptive practice aims at). */
export const PRACTICE_TARGETS = [0.7, 0.75, 0.8, 0.85, 0.9] as const;

/**
 * A teacher's choice of how hard adaptive practice is for the class's students: the next item is
 * the one they are predicted to get right this often. PUT /classes/{id} `{ practice_target }`.
 * Disabled in an archived class (read-only until restored).
 */
export function PracticeTargetSetting({ klass }: { klass: ClassDetail }) {
  const { t, i18n } = useTranslation(['classes', 'errors']);
  const update = useUpdateClass();
  const writeError = useClassWriteError();
  const id = useId();
  const percent = (v: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(v);

  function choose(value: number) {
    update.mutate(
      { id: klass.id, changes: { practice_target: value } },
      {
        onSuccess: () => toastSuccess(t('practiceTarget.saved', { percent: percent(value) })),
        onError: (err) => toastError(writeError(err, klass)),
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={`${id}-title`} className="font-semibold">
          {t('practiceTarget.title')}
        </h2>
        <p id={`${id}-lead`} className="text-sm text-zinc-300">
          {t('practiceTarget.lead')}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:w-56">
        <label htmlFor={`${id}-select`} className="text-sm font-medium">
          {t('practiceTarget.label')}
        </label>
        <NativeSelect
          id={`${id}-select`}
          aria-describedby={`${id}-lead`}
          value={String(klass.practice_target)}
          disabled={klass.archived || update.isPending}
          onChange={(e) => choose(Number(e.target.value))}
        >
          {PRACTICE_TARGETS.map((v) => (
            <option key={v} value={String(v)}>
              {t(v === 0.8 ? 'practiceTarget.optionDefault' : 'practiceTarget.option', {
                percent: percent(v),
              })}
            </option>
          ))}
        </NativeSelect>
      </div>
    </section>
  );
}
