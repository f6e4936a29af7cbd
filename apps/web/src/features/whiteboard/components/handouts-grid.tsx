import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, PenTool } from 'lucide-react';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { formatInstant } from '@/lib/intl-format';
import { useBoard, useHandoutCopies } from '../api/boards';
import { thumbnailSrc } from '../lib/format';
import { boardPath } from '../lib/paths';

/**
 * `/dashboard/whiteboard/:boardId/copias/:classId`: the teacher's grid of the copies handed out
 * to a class — each student's thumbnail and name; a click opens the copy (read-only for them).
 */
export function HandoutsGrid({ boardId, classId }: { boardId: string; classId: string }) {
  const { t, i18n } = useTranslation('whiteboard');
  const board = useBoard(boardId);
  const copies = useHandoutCopies(boardId, classId);

  return (
    <section className="flex flex-col gap-4">
      <Link
        to={boardPath(boardId)}
        className="flex items-center gap-1 self-start text-sm text-zinc-300 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('handouts.back')}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
        {t('handouts.title', {
          title: board.data?.title ?? '…',
          class: copies.data?.class.name ?? '…',
        })}
      </h1>
      {copies.isPending ? (
        <LoadingState>{t('handouts.loading')}</LoadingState>
      ) : copies.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void copies.refetch()}>
          {t('handouts.loadError')}
        </ErrorBox>
      ) : copies.data.copies.length === 0 ? (
        <EmptyState title={t('handouts.empty')} />
      ) : (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          data-testid="handout-grid"
        >
          {copies.data.copies.map((copy) => {
            const src = thumbnailSrc(copy.thumbnailUrl, copy.version);
            return (
              <li key={copy.boardId} className="min-w-0">
                <Link
                  to={boardPath(copy.boardId)}
                  className="flex flex-col overflow-hidden rounded-lg border border-border bg-card hover:border-zinc-600 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex aspect-[4/3] items-center justify-center bg-zinc-900">
                    {src ? (
                      <img src={src} alt="" loading="lazy" className="size-full object-contain" />
                    ) : (
                      <PenTool className="size-6 text-zinc-500" aria-hidden />
                    )}
                  </span>
                  <span className="flex flex-col gap-0.5 p-2">
                    <span className="truncate text-sm font-medium">
                      {copy.student.name}
                      <span className="sr-only"> — {t('handouts.openHint')}</span>
                    </span>
                    <span className="text-xs text-zinc-400">
                      {t('handouts.updated', {
                        date: formatInstant(copy.updatedAt, i18n.language),
                      })}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
