import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Copy, FileUp, MoreVertical, PenTool, Pencil, Plus, Trash2, Users } from 'lucide-react';
import type { BoardSummary } from '@aprenda/shared/schemas/boards';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { useFocusAfterRemoval } from '@/lib/focus-after-removal';
import { formatInstant } from '@/lib/intl-format';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  uploadBoardFile,
  useBoards,
  useCreateBoard,
  useDeleteBoard,
  useDuplicateBoard,
  useRenameBoard,
} from '../api/boards';
import { boardErrorText } from '../lib/errors';
import { formatBytes, thumbnailSrc } from '../lib/format';
import { boardPath } from '../lib/paths';
import { dataUrlToBlob, parseSceneFile } from '../lib/scene';
import { BoardTitleDialog } from './board-title-dialog';

/**
 * `/dashboard/whiteboard`: "Meus quadros" (create, import, rename, duplicate, delete) with the
 * storage used, then "Compartilhados comigo" (boards shared with or presented to my classes).
 */
export function BoardList() {
  const { t, i18n } = useTranslation(['whiteboard', 'dashboard', 'errors']);
  const navigate = useNavigate();
  const boards = useBoards();
  const create = useCreateBoard();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  function createBoard(title: string) {
    setCreateError(null);
    create.mutate(
      { title },
      {
        onSuccess: (board) => {
          setCreating(false);
          void navigate(boardPath(board.id));
        },
        onError: (err) => setCreateError(boardErrorText(t, err)),
      },
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('dashboard:tools.whiteboard.name')}
          </h1>
          <p className="text-zinc-300">{t('lead')}</p>
        </div>
        <div className="flex flex-wrap gap-2 sm:self-start">
          <ImportButton />
          <Button
            onClick={() => {
              setCreateError(null);
              setCreating(true);
            }}
          >
            <Plus aria-hidden />
            {t('list.newBoard')}
          </Button>
        </div>
      </div>

      {boards.isPending ? (
        <LoadingState>{t('list.loading')}</LoadingState>
      ) : boards.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void boards.refetch()}>
          {t('list.loadError')}
        </ErrorBox>
      ) : (
        <>
          <StorageMeter
            used={boards.data.usedBytes}
            quota={boards.data.quotaBytes}
            lang={i18n.language}
          />
          <BoardSection
            title={t('list.mine')}
            boards={boards.data.mine}
            empty={
              <EmptyState
                icon={<PenTool className="size-8 text-zinc-500" aria-hidden />}
                title={t('list.emptyMineTitle')}
                body={t('list.emptyMineBody')}
              />
            }
          />
          <BoardSection
            title={t('list.shared')}
            boards={boards.data.shared}
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

      <BoardTitleDialog
        open={creating}
        onOpenChange={setCreating}
        mode="create"
        pending={create.isPending}
        error={createError}
        onSubmit={createBoard}
      />
    </section>
  );
}

function StorageMeter({ used, quota, lang }: { used: number; quota: number; lang: string }) {
  const { t } = useTranslation('whiteboard');
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const text = t('list.storage', {
    used: formatBytes(used, lang),
    quota: formatBytes(quota, lang),
  });
  return (
    <div className="flex max-w-md flex-col gap-1">
      <p className="text-sm text-zinc-300 tabular-nums">{text}</p>
      <div
        role="meter"
        aria-label={t('list.storageLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className={percent >= 90 ? 'h-full bg-red-500' : 'h-full bg-sky-500'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function BoardSection({
  title,
  boards,
  empty,
}: {
  title: string;
  boards: BoardSummary[];
  empty: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      {boards.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {boards.map((board) => (
            <BoardCard
              key={board.id}
              board={board}
              headingOfList={() => document.getElementById(headingId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function BoardCard({
  board,
  headingOfList,
}: {
  board: BoardSummary;
  /** Where focus goes once this board is deleted (its card and "Ações" button go). */
  headingOfList: () => HTMLElement | null;
}) {
  const { t, i18n } = useTranslation(['whiteboard', 'errors']);
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const rename = useRenameBoard();
  const duplicate = useDuplicateBoard();
  const remove = useDeleteBoard();
  const deletedFocus = useFocusAfterRemoval(headingOfList);
  const own = board.access === 'owner';
  const src = thumbnailSrc(board.thumbnailUrl, board.version);
  const detail = board.presentingTo
    ? t('list.presenting', { name: board.presentingTo.name })
    : board.handout
      ? t('list.handoutOf', { name: board.handout.class.name })
      : own && board.sharedWith.length > 0
        ? t('list.sharedWith', { names: board.sharedWith.map((c) => c.name).join(', ') })
        : !own
          ? t('list.by', { name: board.owner.name })
          : null;

  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-card transition-colors focus-within:border-ring hover:border-zinc-600">
      <Link
        to={boardPath(board.id)}
        tabIndex={-1}
        aria-hidden
        className="block aspect-[16/9] bg-zinc-900"
      >
        {src ? (
          <img src={src} alt="" loading="lazy" className="size-full object-contain" />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-zinc-500">
            <PenTool className="size-8" aria-hidden />
            <span className="sr-only">{t('list.noThumbnail')}</span>
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 items-start gap-2 p-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="leading-tight font-semibold [overflow-wrap:anywhere]">
            <Link to={boardPath(board.id)} className="hover:underline">
              {board.title}
            </Link>
          </h3>
          {detail ? (
            <p className="text-xs text-zinc-300 [overflow-wrap:anywhere]">{detail}</p>
          ) : null}
          <p className="text-xs text-zinc-400">
            {t('list.updated', { date: formatInstant(board.updatedAt, i18n.language) })}
          </p>
          {!own ? <Badge className="self-start">{t('list.readOnly')}</Badge> : null}
        </div>
        {own ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('list.actions', { title: board.title })}
              >
                <MoreVertical aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem
                onSelect={() => {
                  setRenameError(null);
                  setRenaming(true);
                }}
              >
                <Pencil aria-hidden />
                {t('list.rename')}
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() =>
                  duplicate.mutate(
                    { id: board.id },
                    {
                      onSuccess: () => toastSuccess(t('list.duplicated')),
                      onError: (err) => toastError(boardErrorText(t, err)),
                    },
                  )
                }
              >
                <Copy aria-hidden />
                {t('list.duplicate')}
              </DropdownMenuItem>
              <DropdownMenuItem className="text-red-300" onSelect={() => setDeleting(true)}>
                <Trash2 aria-hidden />
                {t('list.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <BoardTitleDialog
        open={renaming}
        onOpenChange={setRenaming}
        mode="rename"
        initialTitle={board.title}
        pending={rename.isPending}
        error={renameError}
        onSubmit={(title) =>
          rename.mutate(
            { id: board.id, title },
            {
              onSuccess: () => {
                setRenaming(false);
                toastSuccess(t('form.renamed'));
              },
              onError: (err) => setRenameError(boardErrorText(t, err)),
            },
          )
        }
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('list.deleteTitle', { title: board.title })}
        description={t('list.deleteBody')}
        confirmLabel={t('list.delete')}
        cancelLabel={t('cancel')}
        pending={remove.isPending}
        onCloseAutoFocus={deletedFocus.onCloseAutoFocus}
        onConfirm={() =>
          remove.mutate(board.id, {
            onSuccess: () => {
              deletedFocus.markRemoved();
              setDeleting(false);
              toastSuccess(t('list.deleted'));
            },
            onError: (err) => toastError(boardErrorText(t, err)),
          })
        }
      />
    </li>
  );
}

/**
 * "Importar .excalidraw": a scene file becomes a new board (its images uploaded after). A file
 * that is not a scene is refused here with `board_scene_invalid`, as the server would.
 */
function ImportButton() {
  const { t } = useTranslation(['whiteboard', 'errors']);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateBoard();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const parsed = parseSceneFile(await file.text());
      if (!parsed.ok) {
        setError(t('errors:board_scene_invalid'));
        return;
      }
      const title = file.name.replace(/\.(excalidraw|json)$/i, '').trim() || t('untitled');
      const board = await create.mutateAsync({ title: title.slice(0, 120), scene: parsed.scene });
      for (const image of parsed.files) {
        await uploadBoardFile(board.id, image.id, dataUrlToBlob(image.dataURL)).catch(
          (err: unknown) => toastError(t('editor.imageFailed', { reason: boardErrorText(t, err) })),
        );
      }
      toastSuccess(t('list.imported', { title: board.title }));
      void navigate(boardPath(board.id));
    } catch (err) {
      setError(boardErrorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <input
        ref={input}
        type="file"
        accept=".excalidraw,application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="board-import-input"
        onChange={(e) => void onFile(e)}
      />
      <Button variant="outline" pending={busy} onClick={() => input.current?.click()}>
        <FileUp aria-hidden />
        {busy ? t('list.importing') : t('list.import')}
      </Button>
      {error ? (
        <p role="alert" className="max-w-xs text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
