import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { useSession } from '@/lib/session';
import { useArchivedClasses } from '../../api/classes';
import { classTitle } from '../../lib/filter';
import { RestoreClassButton } from '../shared/archive';

/**
 * "Arquivadas" on the teacher page: closed at first (no request until opened); open, the archived
 * classes I teach, each opening its (read-only) page, with "Desarquivar" for the owner.
 */
export function ArchivedClasses() {
  const { t } = useTranslation('classes');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { data, isPending, isError, refetch } = useArchivedClasses(open);
  const { data: me } = useSession();
  const classes = data?.items ?? [];

  return (
    <section aria-labelledby={`${listId}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
        <h2 id={`${listId}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <Archive className="size-5 text-zinc-400" aria-hidden />
          {t('archive.sectionTitle')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
        >
          <ChevronDown
            aria-hidden
            className={
              open
                ? 'rotate-180 motion-safe:transition-transform'
                : 'motion-safe:transition-transform'
            }
          />
          {open ? t('archive.hide') : t('archive.show')}
        </Button>
      </div>
      <div id={listId} hidden={!open}>
        {!open ? null : isPending ? (
          <LoadingState>{t('archive.loading')}</LoadingState>
        ) : isError ? (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
            {t('archive.loadError')}
          </ErrorBox>
        ) : classes.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('archive.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
            {classes.map((klass) => {
              const title = classTitle(klass, t('student.fallbackTitle'));
              return (
                <li
                  key={klass.id}
                  className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <Link
                    to={`/dashboard/teacher/${encodeURIComponent(klass.id)}`}
                    className="min-w-0 font-medium [overflow-wrap:anywhere] hover:underline"
                  >
                    {title}
                  </Link>
                  {klass.owner_id === me?.id ? (
                    <RestoreClassButton klass={{ id: klass.id, title }} className="self-start" />
                  ) : (
                    <p className="text-xs text-zinc-400">{t('archive.ownerOnly')}</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
