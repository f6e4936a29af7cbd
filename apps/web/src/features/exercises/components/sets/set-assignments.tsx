import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, CalendarClock, Trash2 } from 'lucide-react';
import type { Assignment } from '@aprenda/shared/schemas/exercises';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeleteAssignment, type useTeachingAssignments } from '../../api/sets';
import { resultsPath } from '../../lib/results-view';
import { AssignmentEditDialog } from './assignment-edit-dialog';

/**
 * Where a set was given: per class, the dates and attempts, a link to the results, a change of
 * dates or attempts and a delete.
 */
export function SetAssignments({
  setId,
  setTitle,
  given,
}: {
  setId: string;
  setTitle: string;
  given: ReturnType<typeof useTeachingAssignments>;
}) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const remove = useDeleteAssignment();
  const [deleting, setDeleting] = useState<Assignment | null>(null);
  const [editing, setEditing] = useState<Assignment | null>(null);
  const mine = given.assignments.filter((a) => a.set_id === setId);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        toastSuccess(t('given.deleted', { title: deleting.class_title }));
        setDeleting(null);
      },
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  if (given.error && mine.length === 0) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        {t('given.loadError')}
        <Button size="sm" variant="outline" onClick={given.refetch}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  if (mine.length === 0) {
    return given.pending ? null : <p className="text-sm text-zinc-400">{t('given.none')}</p>;
  }
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3">
      <h4 className="text-sm font-semibold">{t('given.title')}</h4>
      <ul className="flex flex-col gap-2" aria-label={t('given.listLabel', { title: setTitle })}>
        {mine.map((a) => (
          <li
            key={a.id}
            className="flex min-w-0 flex-col gap-2 rounded-md bg-zinc-900/60 p-3 sm:flex-row sm:items-center"
          >
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium [overflow-wrap:anywhere]">{a.class_title}</span>
              <span className="text-xs text-zinc-400 tabular-nums">
                {t('given.opens', { date: when.format(new Date(a.open_at)) })}
              </span>
              <span className="text-xs text-zinc-400 tabular-nums">
                {t('given.due', { date: when.format(new Date(a.due_at)) })} ·{' '}
                {t('given.attemptsAllowed', { count: a.attempts_allowed })}
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                to={resultsPath(a.id)}
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
                aria-label={t('given.resultsNamed', { title: a.class_title })}
              >
                <BarChart3 aria-hidden />
                {t('given.results')}
              </Link>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(a)}
                aria-label={t('given.editNamed', { title: a.class_title })}
              >
                <CalendarClock aria-hidden />
                {t('given.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDeleting(a)}
                aria-label={t('given.deleteNamed', { title: a.class_title })}
              >
                <Trash2 aria-hidden />
                {t('given.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <AssignmentEditDialog
        assignment={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('given.deleteTitle', { title: deleting?.class_title ?? '' })}
        description={t('given.deleteBody')}
        confirmLabel={t('given.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
