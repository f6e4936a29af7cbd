import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Issue 15 (whiteboards): saved Excalidraw boards (docs/api/boards.md).
 *
 * - `boards` — one owner; `scene` is the sanitised scene JSON (images apart), `scene_bytes` its
 *   length in bytes, `version` bumped by every save (a save based on another version is 409);
 *   `files_bytes` and `thumbnail_bytes` count towards the owner's quota with `scene_bytes`;
 *   `thumbnail` the PNG the web sends after a save; `presenting_class_id` the class it is
 *   presented to now (or null); on a student's hand-out copy, `handout_source_id` (the board it
 *   was handed out from; null once that is deleted) and `handout_class_id` (the class).
 *   A student has at most one copy per (source, class): a unique index makes the hand-out
 *   idempotent.
 * - `board_shares` — a board shared read-only with a class (its members and teachers read it).
 * - `board_files` — the images of a board, by Excalidraw file id; the bytes are a `media` row
 *   (media module, no deck) that the board's deletion removes with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('boards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('scene_bytes', 'integer', (c) => c.notNull())
    .addColumn('files_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('thumbnail', isPostgres ? 'bytea' : 'blob')
    .addColumn('thumbnail_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('presenting_class_id', 'text', (c) =>
      c.references('classes.id').onDelete('set null'),
    )
    .addColumn('handout_source_id', 'text', (c) => c.references('boards.id').onDelete('set null'))
    .addColumn('handout_class_id', 'text', (c) => c.references('classes.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('boards_owner_idx')
    .on('boards')
    .columns(['owner_id', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('boards_presenting_idx')
    .on('boards')
    .columns(['presenting_class_id'])
    .execute();
  await db.schema
    .createIndex('boards_handout_idx')
    .on('boards')
    .columns(['handout_source_id', 'handout_class_id', 'owner_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('boards_handout_class_idx')
    .on('boards')
    .columns(['handout_class_id'])
    .execute();

  await db.schema
    .createTable('board_shares')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_shares_pk', ['board_id', 'class_id'])
    .execute();
  await db.schema
    .createIndex('board_shares_class_idx')
    .on('board_shares')
    .columns(['class_id', 'board_id'])
    .execute();

  await db.schema
    .createTable('board_files')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_files_pk', ['board_id', 'file_id'])
    .execute();
  await db.schema
    .createIndex('board_files_media_idx')
    .on('board_files')
    .columns(['media_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_files').ifExists().execute();
  await db.schema.dropTable('board_shares').ifExists().execute();
  await db.schema.dropTable('boards').ifExists().execute();
}
