import {
  BOARDS_PER_USER_MAX,
  type Board,
  type BoardClassRef,
  type BoardList,
  type BoardSummary,
} from '@aprenda/shared/schemas/boards';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Executor } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { classTitles, userMemberships } from '../classes/public.ts';
import { copyLooseMedia, deleteMedia } from '../media/public.ts';
import type { BoardRow } from './access.queries.ts';
import { requireOwner, type BoardAccess, type Ctx, type ReadCtx } from './access.service.ts';
import {
  deleteBoardRow,
  insertBoard,
  insertBoardFiles,
  selectBoardFiles,
  selectBoardScene,
  selectClassBoards,
  selectHandoutsOf,
  selectMediaOfBoards,
  selectOwnBoards,
  selectSharesOf,
  selectUsage,
  selectUserName,
  updateBoardTitle,
  type BoardWithOwner,
} from './boards.queries.ts';
import { boardsRuntime } from './runtime.ts';
import { EMPTY_SCENE, prepareScene, readScene } from './scene-sanitise.ts';

/** The board's thumbnail URL, changing with the version (so caches never show an old one). */
export function thumbnailUrl(ctx: Pick<AppContext, 'env'>, board: BoardRow): string | null {
  if (board.thumbnail_bytes === 0) return null;
  return `${ctx.env.API_PREFIX}/boards/${board.id}/thumbnail?v=${board.version}`;
}

/** API summaries of boards, with their classes' names, shares and hand-outs (owner only). */
export async function summarise(
  ctx: ReadCtx,
  userId: string,
  boards: Array<{ row: BoardWithOwner; access: BoardSummary['access'] }>,
): Promise<BoardSummary[]> {
  const owned = boards.filter((b) => b.access === 'owner').map((b) => b.row.id);
  const [shares, handouts] = await Promise.all([
    selectSharesOf(ctx.db.db, owned),
    selectHandoutsOf(ctx.db.db, owned),
  ]);
  const classIds = new Set<string>();
  for (const { row } of boards) {
    if (row.presenting_class_id) classIds.add(row.presenting_class_id);
    if (row.handout_class_id) classIds.add(row.handout_class_id);
  }
  for (const s of shares) classIds.add(s.class_id);
  for (const h of handouts) classIds.add(h.class_id);
  const titles = await classTitles(ctx, [...classIds]);
  const ref = (id: string | null): BoardClassRef | null => {
    if (id === null) return null;
    const name = titles.get(id);
    return name === undefined ? null : { id, name };
  };
  return boards.map(({ row, access }) => {
    const handoutClass = ref(row.handout_class_id);
    const isOwner = access === 'owner';
    return {
      id: row.id,
      title: row.title,
      owner: { id: row.owner_id, name: row.owner_name },
      access,
      version: row.version,
      sizeBytes: row.scene_bytes + row.files_bytes,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      sharedWith: isOwner
        ? shares
            .filter((s) => s.board_id === row.id)
            .map((s) => ref(s.class_id))
            .filter((c): c is BoardClassRef => c !== null)
        : [],
      presentingTo: ref(row.presenting_class_id),
      handout:
        row.handout_source_id !== null && handoutClass
          ? { sourceBoardId: row.handout_source_id, class: handoutClass }
          : null,
      handouts: isOwner
        ? handouts
            .filter((h) => h.source_id === row.id)
            .flatMap((h) => {
              const klass = ref(h.class_id);
              return klass ? [{ class: klass, copies: h.copies, createdAt: h.created_at }] : [];
            })
        : [],
      thumbnailUrl: thumbnailUrl(ctx, row),
    };
  });
}

/** The summary of one board the user may see. */
export async function boardSummary(ctx: ReadCtx, access: BoardAccess): Promise<BoardSummary> {
  const ownerName = await selectUserName(ctx.db.db, access.board.owner_id);
  const [summary] = await summarise(ctx, access.userId, [
    { row: { ...access.board, owner_name: ownerName }, access: access.kind },
  ]);
  return summary!;
}

/** GET /boards: mine (copies included), those shared with or presented to my classes, usage. */
export async function listBoards(ctx: Ctx, userId: string): Promise<BoardList> {
  const memberships = await userMemberships(ctx, userId);
  const [own, shared, usage] = await Promise.all([
    selectOwnBoards(ctx.db.db, userId),
    selectClassBoards(
      ctx.db.db,
      userId,
      memberships.map((m) => m.class_id),
    ),
    selectUsage(ctx.db.db, userId),
  ]);
  const summaries = await summarise(ctx, userId, [
    ...own.map((row) => ({ row, access: 'owner' as const })),
    ...shared.map((row) => ({ row, access: 'class' as const })),
  ]);
  return {
    mine: summaries.slice(0, own.length),
    shared: summaries.slice(own.length),
    usedBytes: usage.bytes,
    quotaBytes: boardsRuntime(ctx).quotaBytes,
  };
}

/** GET /boards/{id}: the summary, the scene and the ids of its stored images. */
export async function boardDetail(ctx: ReadCtx, access: BoardAccess): Promise<Board> {
  const [summary, stored, files] = await Promise.all([
    boardSummary(ctx, access),
    selectBoardScene(ctx.db.db, access.board.id),
    selectBoardFiles(ctx.db.db, access.board.id),
  ]);
  return {
    ...summary,
    version: stored?.version ?? summary.version,
    scene: readScene(stored?.scene ?? ''),
    fileIds: files.map((f) => f.file_id),
  };
}

/**
 * 413 `board_quota_exceeded` when `extra` more bytes would take the user past the quota; also
 * refuses a new board past BOARDS_PER_USER_MAX (`newBoard`).
 */
export async function checkQuota(
  ctx: Ctx,
  db: Executor,
  userId: string,
  extra: number,
  newBoard = false,
): Promise<void> {
  const usage = await selectUsage(db, userId);
  if (usage.bytes + extra > boardsRuntime(ctx).quotaBytes) {
    throw new AppError('board_quota_exceeded', 'Your boards would pass your storage quota');
  }
  if (newBoard && usage.boards >= BOARDS_PER_USER_MAX) {
    throw new AppError(
      'board_quota_exceeded',
      `You may keep at most ${BOARDS_PER_USER_MAX} boards`,
    );
  }
}

/** POST /boards: a new board, empty or from an imported scene (checked and sanitised). */
export async function createBoard(
  ctx: Ctx,
  userId: string,
  input: { title: string; scene?: unknown },
): Promise<Board> {
  const prepared = prepareScene(input.scene ?? EMPTY_SCENE);
  const now = ctx.clock.now();
  const id = uuidv7(now.getTime());
  await inTransaction(ctx.db, async (trx) => {
    await checkQuota(ctx, trx, userId, prepared.bytes, true);
    await insertBoard(trx, {
      id,
      owner_id: userId,
      title: input.title,
      scene: prepared.text,
      scene_bytes: prepared.bytes,
      files_bytes: 0,
      version: 0,
      thumbnail: null,
      thumbnail_bytes: 0,
      presenting_class_id: null,
      handout_source_id: null,
      handout_class_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
  });
  const ownerName = await selectUserName(ctx.db.db, userId);
  const [summary] = await summarise(ctx, userId, [
    {
      row: {
        id,
        owner_id: userId,
        owner_name: ownerName,
        title: input.title,
        scene_bytes: prepared.bytes,
        files_bytes: 0,
        version: 0,
        thumbnail_bytes: 0,
        presenting_class_id: null,
        handout_source_id: null,
        handout_class_id: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
      access: 'owner',
    },
  ]);
  return { ...summary!, scene: prepared.scene, fileIds: [] };
}

/** PATCH /boards/{id}: rename (owner only). */
export async function renameBoard(
  ctx: ReadCtx,
  access: BoardAccess,
  title: string,
): Promise<BoardSummary> {
  requireOwner(access);
  const now = ctx.clock.now().toISOString();
  await updateBoardTitle(ctx.db.db, access.board.id, title, now);
  return boardSummary(ctx, {
    ...access,
    board: { ...access.board, title, updated_at: now },
  });
}

/**
 * A copy of a board (scene and images) owned by `ownerId`, in the caller's transaction. Returns
 * the new board's id.
 */
export async function copyBoard(
  ctx: Ctx,
  db: Executor,
  source: BoardRow,
  target: {
    ownerId: string;
    title: string;
    handout?: { sourceId: string; classId: string };
  },
): Promise<string> {
  const stored = await selectBoardScene(db, source.id);
  const files = await selectBoardFiles(db, source.id);
  const now = ctx.clock.now();
  const id = uuidv7(now.getTime());
  await insertBoard(db, {
    id,
    owner_id: target.ownerId,
    title: target.title,
    scene: stored?.scene ?? JSON.stringify(EMPTY_SCENE),
    scene_bytes: source.scene_bytes,
    files_bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    version: 0,
    thumbnail: null,
    thumbnail_bytes: 0,
    presenting_class_id: null,
    handout_source_id: target.handout?.sourceId ?? null,
    handout_class_id: target.handout?.classId ?? null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  const copies = await copyLooseMedia(ctx, db, {
    ids: files.map((f) => f.media_id),
    ownerId: target.ownerId,
  });
  await insertBoardFiles(
    db,
    files.flatMap((f) => {
      const mediaId = copies.get(f.media_id);
      return mediaId
        ? [
            {
              board_id: id,
              file_id: f.file_id,
              media_id: mediaId,
              mime: f.mime,
              bytes: f.bytes,
              created_at: now.toISOString(),
            },
          ]
        : [];
    }),
  );
  return id;
}

/**
 * POST /boards/{id}/duplicate: a copy (scene and images) owned by the caller — the owner, or a
 * reader keeping their own copy of a shared board. Counts towards the caller's quota.
 */
export async function duplicateBoard(
  ctx: Ctx,
  access: BoardAccess,
  title: string | undefined,
): Promise<BoardSummary> {
  const source = access.board;
  const id = await inTransaction(ctx.db, async (trx) => {
    await checkQuota(ctx, trx, access.userId, source.scene_bytes + source.files_bytes, true);
    return copyBoard(ctx, trx, source, { ownerId: access.userId, title: title ?? source.title });
  });
  const own = await selectOwnBoards(ctx.db.db, access.userId);
  const row = own.find((b) => b.id === id)!;
  const [summary] = await summarise(ctx, access.userId, [{ row, access: 'owner' }]);
  return summary!;
}

/** DELETE /boards/{id} (owner only): the board, its images; its readers are told. */
export async function deleteBoard(ctx: Ctx, access: BoardAccess): Promise<void> {
  requireOwner(access);
  await inTransaction(ctx.db, async (trx) => {
    const media = await selectMediaOfBoards(trx, [access.board.id]);
    await deleteBoardRow(trx, access.board.id);
    await deleteMedia(trx, media);
  });
  await boardsRuntime(ctx).hub.publish({ type: 'deleted', boardId: access.board.id });
}
