import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { toastError, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateClass } from '../../api/classes';
import { useClassWriteError } from '../../lib/class-errors';

/**
 * A teacher's switch: conversations linked to this class answer in Socratic mode only (the
 * students' mode switch is then locked, with the reason). PUT /classes/{id} `{ require_socratic }`.
 * Disabled in an archived class (read-only until restored).
 */
export function RequireSocraticSetting({ klass }: { klass: ClassDetail }) {
  const { t } = useTranslation(['classes', 'errors']);
  const update = useUpdateClass();
  const writeError = useClassWriteError();
  const id = useId();
  const on = klass.require_socratic;

  function toggle() {
    const next = !on;
    update.mutate(
      { id: klass.id, changes: { require_socratic: next } },
      {
        onSuccess: () =>
          toastSuccess(next ? t('requireSocratic.enabled') : t('requireSocratic.disabled')),
        onError: (err) => toastError(writeError(err, klass)),
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex items-start justify-between gap-4 rounded-lg border border-border bg-card p-4 sm:p-5"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={`${id}-title`} className="font-semibold">
          {t('requireSocratic.title')}
        </h2>
        <p id={`${id}-lead`} className="text-sm text-zinc-300">
          {t('requireSocratic.lead')}
        </p>
        <p className={cn('text-sm', on ? 'text-green-300' : 'text-zinc-400')}>
          {on ? t('requireSocratic.on') : t('requireSocratic.off')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-lead`}
        disabled={klass.archived || update.isPending}
        onClick={toggle}
        className={cn(
          'relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50',
          on ? 'bg-primary' : 'bg-zinc-700',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            on ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </section>
  );
}
