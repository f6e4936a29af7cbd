import type { Executor } from '../../db/types.ts';
import { BOARD_COLUMNS, normaliseBoardRow, type BoardRow } from './access.queries.ts';

/** Replace the classes a board is shared with. */
export async function replaceBoardShares(
  db: Executor,
  boardId: string,
  classIds: readonly string[],
  createdAt: string,
): Promise<void> {
  await db.deleteFrom('board_shares').where('board_id', '=', boardId).execute();
  if (classIds.length === 0) return;
  await db
    .insertInto('board_shares')
    .values(classIds.map((class_id) => ({ board_id: boardId, class_id, created_at: createdAt })))
    .execute();
}

/** Share a board with one class (kept if it already is). */
export async function insertBoardShare(
  db: Executor,
  boardId: string,
  classId: string,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('board_shares')
    .values({ board_id: boardId, class_id: classId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['board_id', 'class_id']).doNothing())
    .execute();
}

export async function updatePresenting(
  db: Executor,
  boardId: string,
  classId: string | null,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ presenting_class_id: classId })
    .where('id', '=', boardId)
    .execute();
}

/** Owners of the copies of `sourceId` already handed out in `classId`. */
export async function selectCopyOwners(
  db: Executor,
  sourceId: string,
  classId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('boards')
    .select('owner_id')
    .where('handout_source_id', '=', sourceId)
    .where('handout_class_id', '=', classId)
    .execute();
  return new Set(rows.map((r) => r.owner_id));
}

/** The copies of `sourceId` handed out in `classId`, with their students' names, by name. */
export async function selectCopies(
  db: Executor,
  sourceId: string,
  classId: string,
): Promise<Array<BoardRow & { owner_name: string }>> {
  const rows = await db
    .selectFrom('boards as b')
    .innerJoin('user as u', 'u.id', 'b.owner_id')
    .select([...BOARD_COLUMNS, 'u.name as owner_name'])
    .where('b.handout_source_id', '=', sourceId)
    .where('b.handout_class_id', '=', classId)
    .orderBy('u.name')
    .orderBy('b.id')
    .execute();
  return rows.map(normaliseBoardRow);
}
