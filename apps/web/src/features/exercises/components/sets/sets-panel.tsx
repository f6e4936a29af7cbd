import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListChecks, Plus } from 'lucide-react';
import type { ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeleteSet, useSets, useTeachingAssignments } from '../../api/sets';
import { AssignDialog } from './assign-dialog';
import { SetCard } from './set-card';
import { SetEditorDialog } from './set-editor-dialog';

/**
 * "Listas": the teacher's sets of exercises (newest first), each with where it was given; create,
 * edit, delete, and "Passar para a turma".
 */
export function SetsPanel() {
  const { t } = useTranslation(['sets', 'errors']);
  const sets = useSets();
  const given = useTeachingAssignments();
  const remove = useDeleteSet();
  const [editing, setEditing] = useState<ExerciseSet | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExerciseSet | null>(null);
  const [assigning, setAssigning] = useState<ExerciseSet | null>(null);
  const all = sets.data?.pages.flatMap((page) => page.items) ?? [];

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toastSuccess(t('list.deleted', { title: deleting.title }));
        setDeleting(null);
      },
      onError: (err) => toastError(errorMessage(t, err)),
    });
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="sets-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="sets-heading" className="text-xl font-semibold">
            {t('list.title')}
          </h2>
          <p className="text-sm text-zinc-300">{t('list.lead')}</p>
        </div>
        <Button onClick={() => setEditing('new')} className="sm:self-start">
          <Plus aria-hidden />
          {t('list.new')}
        </Button>
      </div>

      {sets.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : sets.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void sets.refetch()}>
          {t('list.loadError')} {errorMessage(t, sets.error)}
        </ErrorBox>
      ) : all.length === 0 ? (
        <EmptyState
          icon={<ListChecks className="size-8 text-zinc-500" aria-hidden />}
          title={t('list.emptyTitle')}
          body={t('list.emptyBody')}
        >
          <Button className="mt-2" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {t('list.new')}
          </Button>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-label={t('list.title')}>
            {all.map((set) => (
              <SetCard
                key={set.id}
                set={set}
                given={given}
                onEdit={() => setEditing(set)}
                onDelete={() => setDeleting(set)}
                onAssign={() => setAssigning(set)}
              />
            ))}
          </ul>
          {sets.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              pending={sets.isFetchingNextPage}
              onClick={() => void sets.fetchNextPage()}
            >
              {t('list.loadMore')}
            </Button>
          ) : null}
        </>
      )}

      <SetEditorDialog
        set={editing === 'new' ? undefined : (editing ?? undefined)}
        given={
          editing && editing !== 'new'
            ? given.assignments.filter((a) => a.set_id === editing.id)
            : []
        }
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <AssignDialog
        set={assigning}
        onOpenChange={(open) => {
          if (!open) setAssigning(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('list.deleteTitle', { title: deleting?.title ?? '' })}
        description={t('list.deleteBody')}
        confirmLabel={t('list.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
