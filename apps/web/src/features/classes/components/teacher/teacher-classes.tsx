import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, GraduationCap, Pencil, Plus, Presentation, Trash2, Users } from 'lucide-react';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useArchivedClasses, useDeleteClass, useTeachingClasses } from '../../api/classes';
import { classTitle } from '../../lib/filter';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { ArchiveClassDialog } from '../shared/archive';
import { ArchivedClasses } from './archived-classes';
import { ClassFormDialog } from './class-form-dialog';
import { LinkifiedText } from '../shared/linkified-text';
import { RefreshButton } from '../shared/refresh-button';

/** `/dashboard/teacher?nova=1` opens the "Nova turma" form (linked from the home screen). */
export const NEW_CLASS_PARAM = 'nova';

/**
 * `/dashboard/teacher`: the classes I teach as cards; create (teacher accounts only), edit, archive
 * and delete (confirmed; the owner only), and the archived ones under "Arquivadas". A student account sees the classes it was invited to teach, without "Nova turma";
 * with none, a word on where students go instead. With no active class but archived ones, it says
 * that all of them are archived (under "Arquivadas"), not that there are none.
 */
export function TeacherClasses() {
  const { t } = useTranslation(['classes', 'dashboard', 'errors']);
  const navigate = useNavigate();
  const { data, isPending, isError, isFetching, refetch } = useTeachingClasses();
  // `?nova=1` ("Criar uma turma" on the home screen, or "Nova turma" here): the form is open while
  // the address says so — coming back to it (after signing in again, say) opens it again with what
  // was typed; closing it takes the parameter away, so a reload or Back does not open it again.
  const [params, setParams] = useSearchParams();
  const creating = params.get(NEW_CLASS_PARAM) === '1';
  // Set once a class was created: the page is being left for it, and closing the form must not
  // bring the address back here (setParams writes onto the location this page last rendered).
  const leaving = useRef(false);
  const setCreating = (open: boolean) => {
    if (leaving.current) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(NEW_CLASS_PARAM, '1');
        else next.delete(NEW_CLASS_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const [editing, setEditing] = useState<ClassSummary | null>(null);
  const [deleting, setDeleting] = useState<ClassSummary | null>(null);
  const [archiving, setArchiving] = useState<ClassSummary | null>(null);
  const del = useDeleteClass();
  // Deleted: its card and "Excluir" button go, so focus goes to the page's heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletedFocus = useFocusAfterRemoval(() => headingRef.current);
  const archivedFocus = useFocusAfterRemoval(() => headingRef.current);
  const { data: me } = useSession();
  const canCreate = me?.role === 'teacher';
  const classes = data?.items ?? [];
  // No active class: are they all archived? (Asked only then; the same query as "Arquivadas".)
  const askArchived = data !== undefined && data.items.length === 0;
  const archived = useArchivedClasses(askArchived);
  const allArchived = (archived.data?.items.length ?? 0) > 0;

  function confirmDelete() {
    if (!deleting) return;
    const title = classTitle(deleting, t('student.fallbackTitle'));
    del.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          toastSuccess(t('teacher.deleted', { title }));
          deletedFocus.markRemoved();
          setDeleting(null);
        },
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
          >
            {t('dashboard:tools.teacher.name')}
          </h1>
          <p className="text-zinc-300">{t('teacher.lead')}</p>
        </div>
        <div className="flex gap-2">
          <RefreshButton fetching={isFetching} onRefresh={() => void refetch()} />
          {canCreate ? (
            <Button onClick={() => setCreating(true)} className="flex-1 sm:flex-none">
              <Plus aria-hidden />
              {t('teacher.new')}
            </Button>
          ) : null}
        </div>
      </div>

      {isPending || (askArchived && archived.isPending) ? (
        <LoadingState>{t('teacher.loading')}</LoadingState>
      ) : isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void refetch()}>
          {t('teacher.loadError')}
        </ErrorBox>
      ) : classes.length === 0 && allArchived ? (
        <EmptyState
          icon={<Archive className="size-8 text-zinc-500" aria-hidden />}
          title={t('teacher.allArchivedTitle')}
          body={canCreate ? t('teacher.allArchivedBody') : t('teacher.allArchivedBodyNoCreate')}
        >
          {canCreate ? (
            <Button className="mt-2" onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              {t('teacher.new')}
            </Button>
          ) : null}
        </EmptyState>
      ) : classes.length === 0 && !canCreate ? (
        <EmptyState
          icon={<GraduationCap className="size-8 text-zinc-500" aria-hidden />}
          title={t('teacher.studentTitle')}
          body={t('teacher.studentBody')}
        >
          <Link to="/dashboard/student" className={buttonVariants({ className: 'mt-2' })}>
            {t('teacher.toMyClasses')}
          </Link>
        </EmptyState>
      ) : classes.length === 0 ? (
        <EmptyState
          icon={<Presentation className="size-8 text-zinc-500" aria-hidden />}
          title={t('teacher.emptyTitle')}
          body={t('teacher.emptyBody')}
        >
          <Button className="mt-2" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t('teacher.new')}
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {classes.map((klass) => {
            const title = classTitle(klass, t('student.fallbackTitle'));
            return (
              <li
                key={klass.id}
                className="flex min-w-0 flex-col rounded-lg border border-border bg-card transition-colors focus-within:border-ring hover:border-zinc-600"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
                  <h2 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
                    <Link
                      to={`/dashboard/teacher/${encodeURIComponent(klass.id)}`}
                      className="hover:underline"
                    >
                      {title}
                    </Link>
                  </h2>
                  {klass.description ? (
                    <p className="line-clamp-2 text-sm text-zinc-300 [overflow-wrap:anywhere]">
                      <LinkifiedText text={klass.description} />
                    </p>
                  ) : null}
                  <p className="mt-auto text-xs text-zinc-400">
                    {klass.code ? (
                      <>
                        {t('teacher.codeLabel')}{' '}
                        <span className="font-mono text-zinc-200">{klass.code}</span>
                      </>
                    ) : (
                      t('code.none')
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 border-t border-border px-3 py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      void navigate(`/dashboard/teacher/${encodeURIComponent(klass.id)}`)
                    }
                    aria-label={t('teacher.manageNamed', { title })}
                  >
                    <Users aria-hidden />
                    {t('teacher.manage')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(klass)}
                    aria-label={t('teacher.editNamed', { title })}
                  >
                    <Pencil aria-hidden />
                    {t('teacher.edit')}
                  </Button>
                  {/* Only the owner archives or deletes a class (co-teachers see no button). */}
                  {klass.owner_id === me?.id ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setArchiving(klass)}
                      aria-label={t('archive.actionNamed', { title })}
                    >
                      <Archive aria-hidden />
                      {t('archive.short')}
                    </Button>
                  ) : null}
                  {klass.owner_id === me?.id ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive"
                      onClick={() => setDeleting(klass)}
                      aria-label={t('teacher.deleteNamed', { title })}
                    >
                      <Trash2 aria-hidden />
                      {t('teacher.delete')}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ArchivedClasses />

      <ClassFormDialog
        open={creating && canCreate}
        onOpenChange={setCreating}
        onSaved={(saved) => {
          leaving.current = true;
          // The form's entry loses `?nova=1` (Back comes to the list, not to the form), then the
          // new class's page.
          void navigate(
            { pathname: '/dashboard/teacher', search: '' },
            { replace: true, preventScrollReset: true },
          );
          void navigate(`/dashboard/teacher/${encodeURIComponent(saved.id)}`);
        }}
      />
      <ClassFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        klass={editing ?? undefined}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('teacher.deleteTitle')}
        description={t('teacher.deleteBody', {
          title: deleting ? classTitle(deleting, t('student.fallbackTitle')) : '',
        })}
        confirmLabel={t('teacher.deleteConfirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        pending={del.isPending}
        onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
      />
      <ArchiveClassDialog
        klass={
          archiving
            ? { id: archiving.id, title: classTitle(archiving, t('student.fallbackTitle')) }
            : null
        }
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        onArchived={archivedFocus.markRemoved}
        onCloseAutoFocus={archivedFocus.onCloseAutoFocus}
      />
    </section>
  );
}
