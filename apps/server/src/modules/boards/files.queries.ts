import type { Executor } from '../../db/types.ts';

/** One image of a board, by its Excalidraw file id. */
export async function selectBoardFile(
  db: Executor,
  boardId: string,
  fileId: string,
): Promise<{ media_id: string; mime: string; bytes: number } | undefined> {
  const row = await db
    .selectFrom('board_files')
    .select(['media_id', 'mime', 'bytes'])
    .where('board_id', '=', boardId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return row ? { ...row, bytes: Number(row.bytes) } : undefined;
}

export async function addFilesBytes(db: Executor, boardId: string, bytes: number): Promise<void> {
  await db
    .updateTable('boards')
    .set((eb) => ({ files_bytes: eb('files_bytes', '+', bytes) }))
    .where('id', '=', boardId)
    .execute();
}

/** The bytes as both drivers take them (pg wants a Buffer for bytea). */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function updateThumbnail(
  db: Executor,
  boardId: string,
  png: Uint8Array,
): Promise<void> {
  await db
    .updateTable('boards')
    .set({ thumbnail: asBuffer(png), thumbnail_bytes: png.byteLength })
    .where('id', '=', boardId)
    .execute();
}

export async function selectThumbnail(
  db: Executor,
  boardId: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const row = await db
    .selectFrom('boards')
    .select('thumbnail')
    .where('id', '=', boardId)
    .executeTakeFirst();
  // A copy: the drivers' Buffers may be views into a shared pool.
  return row?.thumbnail ? new Uint8Array(row.thumbnail) : undefined;
}
