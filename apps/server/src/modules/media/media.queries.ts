import type { Selectable } from 'kysely';
import type { Executor, MediaTable } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';

export type MediaRow = Selectable<MediaTable>;

/** Ids per statement (SQLite's parameter limit is far above; one page of a deck copy fits). */
const CHUNK = 500;

/** The bytes as both drivers take them (pg wants a Buffer for bytea). */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function insertMedia(db: Executor, row: MediaRow): Promise<void> {
  await db
    .insertInto('media')
    .values({ ...row, data: asBuffer(row.data) })
    .execute();
}

export type MediaMeta = Pick<MediaRow, 'id' | 'owner_id' | 'deck_id' | 'sha256'>;

/** Media without their bytes (who may read them, what they hold), by id; unknown ids absent. */
export async function selectMediaMeta(db: Executor, ids: readonly string[]): Promise<MediaMeta[]> {
  const out: MediaMeta[] = [];
  for (const part of chunks([...new Set(ids)], CHUNK)) {
    out.push(
      ...(await db
        .selectFrom('media')
        .select(['id', 'owner_id', 'deck_id', 'sha256'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return out;
}

export async function selectMediaBytes(
  db: Executor,
  id: string,
): Promise<{ mime: string; sha256: string; data: Uint8Array<ArrayBuffer> } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['mime', 'sha256', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A copy: the drivers' Buffers may be views into a shared pool.
  return row ? { ...row, data: new Uint8Array(row.data) } : undefined;
}

/** The deck's medium with these bytes already, if any (one upload, one row). */
export async function selectDeckMediaBySha(
  db: Executor,
  deckId: string,
  sha256: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('media')
    .select('id')
    .where('deck_id', '=', deckId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row?.id;
}

/** The deck's media with any of these hashes: sha256 → id. */
export async function selectDeckMediaByShas(
  db: Executor,
  deckId: string,
  shas: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks([...new Set(shas)], CHUNK)) {
    const rows = await db
      .selectFrom('media')
      .select(['id', 'sha256'])
      .where('deck_id', '=', deckId)
      .where('sha256', 'in', part)
      .execute();
    for (const row of rows) if (!out.has(row.sha256)) out.set(row.sha256, row.id);
  }
  return out;
}

/**
 * A copy of medium `sourceId` as `target.id` of another deck and owner, in one statement
 * (INSERT … SELECT: the bytes never leave the database).
 */
export async function insertMediaCopy(
  db: Executor,
  sourceId: string,
  target: Pick<MediaRow, 'id' | 'owner_id' | 'deck_id' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('media')
    .columns(['id', 'owner_id', 'deck_id', 'mime', 'size', 'sha256', 'data', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('media')
        .select([
          eb.val(target.id).as('id'),
          eb.val(target.owner_id).as('owner_id'),
          eb.val(target.deck_id).as('deck_id'),
          'mime',
          'size',
          'sha256',
          'data',
          eb.val(target.created_at).as('created_at'),
        ])
        .where('id', '=', sourceId),
    )
    .execute();
}

/** Delete media by id. */
export async function deleteMediaRows(db: Executor, ids: readonly string[]): Promise<void> {
  for (const part of chunks([...new Set(ids)], CHUNK)) {
    await db.deleteFrom('media').where('id', 'in', part).execute();
  }
}
