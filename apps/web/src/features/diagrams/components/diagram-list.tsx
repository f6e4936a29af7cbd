import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2, Users, Workflow } from 'lucide-react';
import type { DiagramSummary } from '@aprenda/shared/schemas/diagrams';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useFocusAfterRemoval, useFocusHeadingOnArrival } from '@/lib/focus-after-removal';
import { formatInstant } from '@/lib/intl-format';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeleteDiagram, useDiagrams } from '../api/diagrams';
import { diagramPath, newDiagramPath } from '../lib/paths';
import { diagramKind, templateName, TEMPLATES } from '../lib/templates';

/**
 * `/dashboard/mermaid`: "Meus diagramas" and the diagrams shared with my classes, a "Novo
 * diagrama" and a quick start from each template.
 */
export function DiagramList() {
  const { t } = useTranslation(['diagrams', 'dashboard']);
  const diagrams = useDiagrams();
  const [deleting, setDeleting] = useState<DiagramSummary | null>(null);
  const remove = useDeleteDiagram();
  // Arriving from a diagram just deleted in its editor (that page is gone): focus here.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnArrival(headingRef);
  // Deleted from this list: its card and "Excluir" button go, so focus goes to "Meus diagramas".
  const mineHeadingId = useId();
  const deletedFocus = useFocusAfterRemoval(() => document.getElementById(mineHeadingId));

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl"
          >
            {t('dashboard:tools.mermaid.name')}
          </h1>
          <p className="text-zinc-300">{t('lead')}</p>
        </div>
        <Link to={newDiagramPath()} className={buttonVariants({ className: 'self-start' })}>
          <Plus aria-hidden />
          {t('list.new')}
        </Link>
      </div>

      <nav aria-label={t('list.startFrom')} className="flex flex-col gap-2">
        <h2 className="text-sm font-medium text-zinc-300">{t('list.startFrom')}</h2>
        <ul className="flex flex-wrap gap-2">
          {TEMPLATES.map((tpl) => (
            <li key={tpl}>
              <Link
                to={newDiagramPath({ template: tpl })}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                {templateName(t, tpl)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {diagrams.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : diagrams.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void diagrams.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : (
        <>
          <DiagramSection
            title={t('list.mine')}
            headingId={mineHeadingId}
            diagrams={diagrams.data.mine}
            onDelete={setDeleting}
            empty={
              <EmptyState
                icon={<Workflow className="size-8 text-zinc-500" aria-hidden />}
                title={t('list.emptyMineTitle')}
                body={t('list.emptyMineBody')}
              />
            }
          />
          <DiagramSection
            title={t('list.shared')}
            diagrams={diagrams.data.shared}
            empty={
              <EmptyState
                icon={<Users className="size-8 text-zinc-500" aria-hidden />}
                title={t('list.emptySharedTitle')}
                body={t('list.emptySharedBody')}
              />
            }
          />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('delete.title')}
        description={t('delete.body', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(t('delete.done'));
              deletedFocus.markRemoved();
              setDeleting(null);
            },
            onError: (err) => {
              setDeleting(null);
              toastError(errorMessage(t, err));
            },
          })
        }
      />
    </section>
  );
}

function DiagramSection({
  title,
  headingId,
  diagrams,
  empty,
  onDelete,
}: {
  title: string;
  /** The heading's id, for focus to land on (`tabIndex={-1}`). */
  headingId?: string;
  diagrams: DiagramSummary[];
  empty: React.ReactNode;
  onDelete?: (diagram: DiagramSummary) => void;
}) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      {diagrams.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {diagrams.map((diagram) => (
            <DiagramCard key={diagram.id} diagram={diagram} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DiagramCard({
  diagram,
  onDelete,
}: {
  diagram: DiagramSummary;
  onDelete?: (diagram: DiagramSummary) => void;
}) {
  const { t, i18n } = useTranslation('diagrams');
  const names = diagram.sharedWith.map((c) => c.name).join(', ');
  const updated = formatInstant(diagram.updatedAt, i18n.language);
  return (
    <li className="flex min-w-0 flex-col rounded-lg border border-border bg-card transition-colors focus-within:border-ring hover:border-zinc-600">
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
            <Link to={diagramPath(diagram.id)} className="hover:underline">
              {diagram.title}
            </Link>
          </h3>
          <Badge className="shrink-0">{t(`kinds.${diagramKind(diagram.kind)}`)}</Badge>
        </div>
        <p className="line-clamp-2 text-sm text-zinc-300 [overflow-wrap:anywhere]">
          {diagram.description}
        </p>
        {diagram.access === 'class' ? (
          <p className="text-xs text-zinc-400">{t('list.by', { name: diagram.owner.name })}</p>
        ) : names ? (
          <p className="text-xs text-zinc-400 [overflow-wrap:anywhere]">
            {t('list.sharedWith', { count: diagram.sharedWith.length, names })}
          </p>
        ) : null}
        <p className="text-xs text-zinc-400">{t('list.updated', { date: updated })}</p>
      </div>
      {onDelete && diagram.access === 'owner' ? (
        <div className="flex justify-end border-t border-border px-3 py-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('list.delete', { title: diagram.title })}
            onClick={() => onDelete(diagram)}
          >
            <Trash2 aria-hidden />
            {t('delete.open')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
