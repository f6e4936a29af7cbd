import { sql, type Insertable } from 'kysely';
import type { BoardFileTable, BoardTable, Executor } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { BOARD_COLUMNS, normaliseBoardRow, type BoardRow } from './access.queries.ts';

export type BoardWithOwner = BoardRow & { owner_name: string };

const CHUNK = 500;

/** The user's own boards (hand-out copies included), most recently changed first. */
export async function selectOwnBoards(db: Executor, userId: string): Promise<BoardWithOwner[]> {
  const rows = await db
    .selectFrom('boards as b')
    .innerJoin('user as u', 'u.id', 'b.owner_id')
    .select([...BOARD_COLUMNS, 'u.name as owner_name'])
    .where('b.owner_id', '=', userId)
    .orderBy('b.updated_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map(normaliseBoardRow);
}

/** Other people's boards shared with or presented to any of these classes. */
export async function selectClassBoards(
  db: Executor,
  userId: string,
  classIds: readonly string[],
): Promise<BoardWithOwner[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectFrom('boards as b')
    .innerJoin('user as u', 'u.id', 'b.owner_id')
    .select([...BOARD_COLUMNS, 'u.name as owner_name'])
    .where('b.owner_id', '<>', userId)
    .where((eb) =>
      eb.or([
        eb('b.presenting_class_id', 'in', classIds),
        eb(
          'b.id',
          'in',
          eb.selectFrom('board_shares').select('board_id').where('class_id', 'in', classIds),
        ),
      ]),
    )
    .orderBy('b.updated_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(500)
    .execute();
  return rows.map(normaliseBoardRow);
}

/** The owner's name of a board. */
export async function selectUserName(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('user')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** The classes each of these boards is shared with. */
export async function selectSharesOf(
  db: Executor,
  boardIds: readonly string[],
): Promise<Array<{ board_id: string; class_id: string }>> {
  const out: Array<{ board_id: string; class_id: string }> = [];
  for (const part of chunks([...new Set(boardIds)], CHUNK)) {
    out.push(
      ...(await db
        .selectFrom('board_shares')
        .select(['board_id', 'class_id'])
        .where('board_id', 'in', part)
        .orderBy('created_at')
        .execute()),
    );
  }
  return out;
}

/** Hand-outs made from these boards: per source and class, the copies and the first one's date. */
export async function selectHandoutsOf(
  db: Executor,
  boardIds: readonly string[],
): Promise<Array<{ source_id: string; class_id: string; copies: number; created_at: string }>> {
  const out: Array<{ source_id: string; class_id: string; copies: number; created_at: string }> =
    [];
  for (const part of chunks([...new Set(boardIds)], CHUNK)) {
    const rows = await db
      .selectFrom('boards')
      .select((eb) => [
        'handout_source_id',
        'handout_class_id',
        eb.fn.countAll<number | string>().as('copies'),
        eb.fn.min('created_at').as('created_at'),
      ])
      .where('handout_source_id', 'in', part)
      .where('handout_class_id', 'is not', null)
      .groupBy(['handout_source_id', 'handout_class_id'])
      .execute();
    for (const r of rows) {
      out.push({
        source_id: r.handout_source_id!,
        class_id: r.handout_class_id!,
        copies: Number(r.copies),
        created_at: String(r.created_at),
      });
    }
  }
  return out;
}

/** Bytes the user's boards hold (scenes, images, thumbnails) and how many boards. */
export async function selectUsage(
  db: Executor,
  userId: string,
): Promise<{ bytes: number; boards: number }> {
  const row = await db
    .selectFrom('boards')
    .select((eb) => [
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(sql`scene_bytes + files_bytes + thumbnail_bytes`),
          sql<number>`0`,
        )
        .as('bytes'),
      eb.fn.countAll<number | string>().as('boards'),
    ])
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return { bytes: Number(row?.bytes ?? 0), boards: Number(row?.boards ?? 0) };
}

export async function insertBoard(db: Executor, row: Insertable<BoardTable>): Promise<void> {
  await db.insertInto('boards').values(row).execute();
}

export async function updateBoardTitle(
  db: Executor,
  boardId: string,
  title: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ title, updated_at: updatedAt })
    .where('id', '=', boardId)
    .execute();
}

export async function deleteBoardRow(db: Executor, boardId: string): Promise<void> {
  await db.deleteFrom('boards').where('id', '=', boardId).execute();
}

/** The stored scene text and version. */
export async function selectBoardScene(
  db: Executor,
  boardId: string,
): Promise<{ scene: string; version: number } | undefined> {
  const row = await db
    .selectFrom('boards')
    .select(['scene', 'version'])
    .where('id', '=', boardId)
    .executeTakeFirst();
  return row ? { scene: row.scene, version: Number(row.version) } : undefined;
}

/**
 * Save a scene if the stored version is still `expected`: true when saved (the version is then
 * expected + 1).
 */
export async function updateSceneIfVersion(
  db: Executor,
  boardId: string,
  expected: number,
  values: { scene: string; scene_bytes: number; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('boards')
    .set({ ...values, version: expected + 1 })
    .where('id', '=', boardId)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A board's images (file id → media), oldest first. */
export async function selectBoardFiles(
  db: Executor,
  boardId: string,
): Promise<Array<Pick<BoardFileTable, 'file_id' | 'media_id' | 'mime' | 'bytes'>>> {
  const rows = await db
    .selectFrom('board_files')
    .select(['file_id', 'media_id', 'mime', 'bytes'])
    .where('board_id', '=', boardId)
    .orderBy('created_at')
    .orderBy('file_id')
    .execute();
  return rows.map((r) => ({ ...r, bytes: Number(r.bytes) }));
}

/** The media ids of every image of the boards (to delete them with the boards). */
export async function selectMediaOfBoards(
  db: Executor,
  boardIds: readonly string[],
): Promise<string[]> {
  if (boardIds.length === 0) return [];
  const rows = await db
    .selectFrom('board_files')
    .select('media_id')
    .where('board_id', 'in', boardIds)
    .execute();
  return rows.map((r) => r.media_id);
}

export async function insertBoardFiles(
  db: Executor,
  rows: Array<Insertable<BoardFileTable>>,
): Promise<void> {
  for (const part of chunks(rows, 200)) {
    await db.insertInto('board_files').values(part).execute();
  }
}
