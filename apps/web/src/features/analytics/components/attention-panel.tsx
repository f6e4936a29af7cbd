import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, CircleCheck } from 'lucide-react';
import { INACTIVE_DAYS_MAX, type ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { NativeSelect } from '@/components/ui/native-select';
import { attentionCsv } from '../lib/csv';
import { INACTIVE_DAY_CHOICES, studentAnalyticsPath } from '../lib/paths';
import { reasonKey, reasonText } from '../lib/reasons';
import { CsvButton } from './csv-button';
import { Section } from './section';

/**
 * "Precisa de atenção", first on the class screen: each flagged student with every reason in
 * words and one click to their page; the inactivity threshold is the teacher's choice.
 */
export function AttentionPanel({
  data,
  inactiveDays,
  onInactiveDays,
  updating,
}: {
  data: ClassAnalytics;
  inactiveDays: number;
  onInactiveDays: (days: number) => void;
  updating: boolean;
}) {
  const { t, i18n } = useTranslation('analytics');
  const selectId = useId();
  const choices = [...new Set<number>([...INACTIVE_DAY_CHOICES, inactiveDays])]
    .filter((d) => d >= 1 && d <= INACTIVE_DAYS_MAX)
    .sort((a, b) => a - b);
  const title = t('attention.title');
  return (
    <Section
      title={title}
      testId="attention"
      action={
        data.attention.length > 0 ? (
          <CsvButton
            title={data.class.name}
            table={title}
            rows={() => attentionCsv(t, data.attention, i18n.language)}
          />
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={selectId} className="text-zinc-300">
          {t('attention.threshold')}
        </label>
        <NativeSelect
          id={selectId}
          className="w-auto"
          value={inactiveDays}
          aria-busy={updating || undefined}
          onChange={(e) => onInactiveDays(Number(e.target.value))}
        >
          {choices.map((d) => (
            <option key={d} value={d}>
              {t('attention.days', { count: d })}
            </option>
          ))}
        </NativeSelect>
      </div>
      {data.attention.length === 0 ? (
        <p className="flex items-center gap-2 rounded-md border border-border p-4 text-sm text-zinc-200">
          <CircleCheck className="size-4 shrink-0 text-emerald-300" aria-hidden />
          {data.students.length === 0 ? t('attention.noStudents') : t('attention.none')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={title}>
          {data.attention.map((student) => (
            <li
              key={student.user_id}
              className="flex min-w-0 flex-col gap-2 rounded-md border border-amber-400/30 bg-amber-400/5 p-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="attention-student"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold [overflow-wrap:anywhere]">{student.name}</p>
                <ul className="flex flex-col gap-0.5 text-sm text-amber-100">
                  {student.reasons.map((reason) => (
                    <li key={reasonKey(reason)} data-testid="attention-reason">
                      {reasonText(t, reason, i18n.language)}
                    </li>
                  ))}
                </ul>
              </div>
              <Link
                to={studentAnalyticsPath(data.class.id, student.user_id)}
                className="inline-flex shrink-0 items-center gap-1 self-start rounded text-sm font-medium text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t('attention.openNamed', { name: student.name })}
              >
                {t('attention.open')}
                <ChevronRight className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
