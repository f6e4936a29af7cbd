import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Issue 12: images of flashcards (uploaded, or carried over from an Anki package), served from
 * `/api/media/{id}` to whoever can read the deck they belong to. The bytes live in the database
 * (BLOB / bytea): nothing on the server's disk to back up apart, and the deck's deletion takes
 * them along. `mime` is what the bytes were sniffed as (never what the client said); `sha256`
 * lets one import store a file once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deck_id', 'text', (c) => c.references('decks.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_deck_idx')
    .on('media')
    .columns(['deck_id', 'sha256'])
    .execute();
  await db.schema.createIndex('media_owner_idx').on('media').columns(['owner_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').ifExists().execute();
}
