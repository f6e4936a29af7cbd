import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode } from '@/lib/errors';
import { useBoard } from '../api/boards';
import { EXCALIDRAW_ASSET_PATH, WHITEBOARD_PATH } from '../lib/paths';

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * The editor and Excalidraw load with this route only, after the board's data: its fonts come
 * from our server (`EXCALIDRAW_ASSET_PATH`, set before the module is evaluated), never a CDN.
 */
const BoardEditor = lazy(() => {
  window.EXCALIDRAW_ASSET_PATH = EXCALIDRAW_ASSET_PATH;
  return import('./board-editor').then((m) => ({ default: m.BoardEditor }));
});

/** `/dashboard/whiteboard/:boardId`: one board, editable by its owner, read-only for others. */
export function BoardScreen({ boardId, userId }: { boardId: string; userId: string }) {
  const { t } = useTranslation('whiteboard');
  const board = useBoard(boardId);

  return (
    <section className="flex min-w-0 flex-col gap-3">
      <Link
        to={WHITEBOARD_PATH}
        className="flex items-center gap-1 self-start text-sm text-zinc-300 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('editor.back')}
      </Link>
      {board.isPending ? (
        <LoadingState>{t('editor.loading')}</LoadingState>
      ) : board.isError ? (
        <ErrorBox
          retryLabel={errorCode(board.error) === 'not_found' ? undefined : t('retry')}
          onRetry={() => void board.refetch()}
        >
          {errorCode(board.error) === 'not_found' ? t('editor.notFound') : t('editor.loadError')}
        </ErrorBox>
      ) : (
        <Suspense fallback={<LoadingState>{t('editor.loadingEditor')}</LoadingState>}>
          <BoardEditor key={board.data.id} board={board.data} userId={userId} />
        </Suspense>
      )}
    </section>
  );
}
