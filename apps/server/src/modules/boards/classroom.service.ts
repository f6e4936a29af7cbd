import type { BoardHandoutCopies, BoardSummary } from '@aprenda/shared/schemas/boards';
import { inTransaction } from '../../db/transaction.ts';
import { classAccess, listMembers } from '../classes/public.ts';
import {
  requireOwner,
  requireTeaches,
  type BoardAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import { boardSummary, copyBoard, thumbnailUrl } from './boards.service.ts';
import {
  insertBoardShare,
  replaceBoardShares,
  selectCopies,
  selectCopyOwners,
  updatePresenting,
} from './classroom.queries.ts';
import { boardsRuntime } from './runtime.ts';

/*
 * A board in the classroom (docs/api/boards.md, "In the classroom"): its owner shares it
 * read-only with classes they teach, presents it to one of them (its readers follow saves live),
 * or hands it out (each student gets their own copy; the class's teachers read every copy).
 * Classes the owner does not teach: 403 `forbidden`.
 */

/** PUT /boards/{id}/shares: exactly these classes may read it (the presented one stays). */
export async function setShares(
  ctx: ReadCtx,
  access: BoardAccess,
  classIds: readonly string[],
): Promise<BoardSummary> {
  requireOwner(access);
  const unique = [...new Set(classIds)];
  await requireTeaches(ctx, access.userId, unique);
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx.db, (trx) => replaceBoardShares(trx, access.board.id, unique, now));
  return boardSummary(ctx, access);
}

/**
 * PUT /boards/{id}/presentation: present to a class (which is then shared with too) or stop
 * (null). Readers of the board get a `presentation` event.
 */
export async function setPresentation(
  ctx: Ctx,
  access: BoardAccess,
  classId: string | null,
): Promise<BoardSummary> {
  requireOwner(access);
  if (classId !== null) await requireTeaches(ctx, access.userId, [classId]);
  const now = ctx.clock.now().toISOString();
  await inTransaction(ctx.db, async (trx) => {
    if (classId !== null) await insertBoardShare(trx, access.board.id, classId, now);
    await updatePresenting(trx, access.board.id, classId);
  });
  const summary = await boardSummary(ctx, {
    ...access,
    board: { ...access.board, presenting_class_id: classId },
  });
  await boardsRuntime(ctx).hub.publish({
    type: 'presentation',
    boardId: access.board.id,
    presentingTo: summary.presentingTo,
  });
  return summary;
}

/** The current students of a class (not the teachers), as the class's owner-teacher reads them. */
async function studentsOf(ctx: ReadCtx, classId: string, teacherId: string): Promise<string[]> {
  const klass = await classAccess(ctx, classId, teacherId);
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listMembers(ctx, klass, { limit: 100, cursor });
    for (const m of page.items)
      if (m.role === 'student' && m.user_id !== teacherId) out.push(m.user_id);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/**
 * POST /boards/{id}/handouts: every current student of the class who has no copy of this board
 * for this class yet gets one (scene and images, owned by the student, linked to the board and
 * the class). Running it again gives copies to students who joined since; nobody gets two.
 * Answers the teacher's grid.
 */
export async function handOut(
  ctx: Ctx,
  access: BoardAccess,
  classId: string,
): Promise<{ created: number; copies: BoardHandoutCopies }> {
  requireOwner(access);
  await requireTeaches(ctx, access.userId, [classId]);
  const students = await studentsOf(ctx, classId, access.userId);
  const created = await inTransaction(ctx.db, async (trx) => {
    const have = await selectCopyOwners(trx, access.board.id, classId);
    let n = 0;
    for (const studentId of students) {
      if (have.has(studentId)) continue;
      await copyBoard(ctx, trx, access.board, {
        ownerId: studentId,
        title: access.board.title,
        handout: { sourceId: access.board.id, classId },
      });
      n += 1;
    }
    return n;
  });
  return { created, copies: await handoutCopies(ctx, access, classId) };
}

/**
 * GET /boards/{id}/handouts/{classId}: the copies made from this board for the class, for its
 * owner who teaches the class (403 otherwise; 404 for anyone who cannot see the board).
 */
export async function handoutCopies(
  ctx: ReadCtx,
  access: BoardAccess,
  classId: string,
): Promise<BoardHandoutCopies> {
  requireOwner(access);
  const taught = await requireTeaches(ctx, access.userId, [classId]);
  const rows = await selectCopies(ctx.db.db, access.board.id, classId);
  return {
    class: { id: classId, name: taught.get(classId) ?? '' },
    copies: rows.map((row) => ({
      boardId: row.id,
      student: { id: row.owner_id, name: row.owner_name },
      version: row.version,
      updatedAt: row.updated_at,
      thumbnailUrl: thumbnailUrl(ctx, row),
    })),
  };
}
