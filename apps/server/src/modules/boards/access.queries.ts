import type { Selectable } from 'kysely';
import type { BoardTable, Executor } from '../../db/types.ts';

/** A board without its scene and thumbnail bytes (what access and lists need). */
export type BoardRow = Omit<Selectable<BoardTable>, 'scene' | 'thumbnail'>;

export const BOARD_COLUMNS = [
  'b.id',
  'b.owner_id',
  'b.title',
  'b.scene_bytes',
  'b.files_bytes',
  'b.version',
  'b.thumbnail_bytes',
  'b.presenting_class_id',
  'b.handout_source_id',
  'b.handout_class_id',
  'b.created_at',
  'b.updated_at',
] as const;

/** Numbers as numbers (PostgreSQL may hand some back as strings). */
export function normaliseBoardRow<T extends BoardRow>(row: T): T {
  return {
    ...row,
    scene_bytes: Number(row.scene_bytes),
    files_bytes: Number(row.files_bytes),
    version: Number(row.version),
    thumbnail_bytes: Number(row.thumbnail_bytes),
  };
}

/** The board, if it exists. */
export async function selectBoard(db: Executor, boardId: string): Promise<BoardRow | undefined> {
  const row = await db
    .selectFrom('boards as b')
    .select(BOARD_COLUMNS)
    .where('b.id', '=', boardId)
    .executeTakeFirst();
  return row ? normaliseBoardRow(row) : undefined;
}

/** Of these classes, the ones the board is shared with. */
export async function selectBoardSharesIn(
  db: Executor,
  boardId: string,
  classIds: readonly string[],
): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectFrom('board_shares')
    .select('class_id')
    .where('board_id', '=', boardId)
    .where('class_id', 'in', classIds)
    .execute();
  return rows.map((r) => r.class_id);
}
