import type { BoardAccess as AccessKind } from '@aprenda/shared/schemas/boards';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { userMemberships, type UserMembership } from '../classes/public.ts';
import { selectBoard, selectBoardSharesIn, type BoardRow } from './access.queries.ts';

/** What the read-only jobs of the module need of the context. */
export type ReadCtx = Pick<AppContext, 'db' | 'clock' | 'env'>;
/** What the jobs that change boards (and publish their events) need of the context. */
export type Ctx = Pick<AppContext, 'db' | 'clock' | 'env' | 'logger'>;

/**
 * Who may do what with a board (docs/api/boards.md, "Permissions"), read from the database for
 * every request (a student removed from a class loses access at once):
 * - its owner edits it (`owner`);
 * - a member (teacher or student) of a class it is shared with or presented to reads it (`class`);
 * - a teacher of the class a student's hand-out copy was made for reads that copy (`teacher`);
 * - anyone else gets 404 — a board you cannot read does not exist for you. Other students never
 *   see a student's copy (it is shared with nobody).
 */
export interface BoardAccess {
  board: BoardRow;
  userId: string;
  kind: AccessKind;
}

/** The board as the user may see it, or 404. */
export async function boardAccess(
  ctx: ReadCtx,
  boardId: string,
  userId: string,
): Promise<BoardAccess> {
  const board = await selectBoard(ctx.db.db, boardId);
  if (!board) throw notFound('No such board');
  return accessTo(ctx, board, userId);
}

/** Access to a board already read (404 when the user may not see it). */
export async function accessTo(
  ctx: ReadCtx,
  board: BoardRow,
  userId: string,
): Promise<BoardAccess> {
  if (board.owner_id === userId) return { board, userId, kind: 'owner' };
  const memberships = await userMemberships(ctx, userId);
  const kind = await readerKind(ctx, board, memberships);
  if (!kind) throw notFound('No such board');
  return { board, userId, kind };
}

async function readerKind(
  ctx: ReadCtx,
  board: BoardRow,
  memberships: UserMembership[],
): Promise<AccessKind | null> {
  if (memberships.length === 0) return null;
  const classIds = memberships.map((m) => m.class_id);
  if (board.presenting_class_id !== null && classIds.includes(board.presenting_class_id)) {
    return 'class';
  }
  if (board.handout_class_id !== null) {
    const teaches = memberships.some(
      (m) => m.class_id === board.handout_class_id && m.role === 'teacher',
    );
    if (teaches) return 'teacher';
  }
  const shared = await selectBoardSharesIn(ctx.db.db, board.id, classIds);
  return shared.length > 0 ? 'class' : null;
}

/** 403 unless the caller owns the board (readers cannot change it). */
export function requireOwner(access: BoardAccess): void {
  if (access.kind !== 'owner') throw forbidden('Only the owner of this board may do this');
}

/** 403 unless `userId` teaches `classId` (share, present, hand out). */
export async function requireTeaches(
  ctx: ReadCtx,
  userId: string,
  classIds: readonly string[],
): Promise<Map<string, string>> {
  const taught = new Map(
    (await userMemberships(ctx, userId))
      .filter((m) => m.role === 'teacher')
      .map((m) => [m.class_id, m.title]),
  );
  for (const id of classIds) {
    if (!taught.has(id)) throw forbidden('Only classes you teach');
  }
  return taught;
}
