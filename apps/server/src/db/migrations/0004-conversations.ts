import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 4: conversations and their messages, with full-text search over titles and message text.
 *
 * - `conversations.activity_at` = last_message_at ?? created_at, kept by the service, so the list
 *   (pinned first, newest activity first) is one keyset scan of
 *   (user_id, pinned, activity_at, id).
 * - `messages.seq` orders a conversation's messages (unique per conversation).
 * - Search, accent- and case-insensitive on both engines:
 *   SQLite: FTS5 external-content tables (`unicode61 remove_diacritics 2`) kept in sync by
 *   triggers; PostgreSQL: GIN indexes on `to_tsvector('simple', aprenda_fold(text))`, where
 *   `aprenda_fold` is an IMMUTABLE lower() + translate() of Latin accented letters — no extension
 *   (unaccent may be missing on a stock server, and is not IMMUTABLE for an index anyway).
 */
export const FOLD_FROM = 'áàâãäåāăąéèêëēėęěíìîïīįóòôõöøōőúùûüūůűųçćčñńýÿžźżšśřľłďťğ';
export const FOLD_TO = 'aaaaaaaaaeeeeeeeeiiiiiioooooooouuuuuuuucccnnyyzzzssrlldtg';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = detectPostgres(db);

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('class_id', 'text', (c) => c.references('classes.id').onDelete('set null'))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text')
    .addColumn('activity_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_user_list_idx')
    .on('conversations')
    .columns(['user_id', 'pinned', 'activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversations_class_idx')
    .on('conversations')
    .columns(['class_id', 'activity_at', 'id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_seq_idx')
    .on('messages')
    .columns(['conversation_id', 'seq'])
    .unique()
    .execute();

  if (isPostgres) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION aprenda_fold(t text) RETURNS text
           LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
           AS $$ SELECT translate(lower(t), '${FOLD_FROM}', '${FOLD_TO}') $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE INDEX conversations_title_fts_idx ON conversations
           USING gin (to_tsvector('simple', aprenda_fold(title)))`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE INDEX messages_text_fts_idx ON messages
           USING gin (to_tsvector('simple', aprenda_fold(text)))`,
      )
      .execute(db);
  } else {
    const statements = [
      `CREATE VIRTUAL TABLE conversations_fts USING fts5(title, content='conversations',
         content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
      `CREATE VIRTUAL TABLE messages_fts USING fts5(text, content='messages',
         content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER conversations_fts_ai AFTER INSERT ON conversations BEGIN
         INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title); END`,
      `CREATE TRIGGER conversations_fts_ad AFTER DELETE ON conversations BEGIN
         INSERT INTO conversations_fts(conversations_fts, rowid, title)
           VALUES ('delete', old.rowid, old.title); END`,
      `CREATE TRIGGER conversations_fts_au AFTER UPDATE OF title ON conversations BEGIN
         INSERT INTO conversations_fts(conversations_fts, rowid, title)
           VALUES ('delete', old.rowid, old.title);
         INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title); END`,
      `CREATE TRIGGER messages_fts_ai AFTER INSERT ON messages BEGIN
         INSERT INTO messages_fts(rowid, text) VALUES (new.rowid, new.text); END`,
      `CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages BEGIN
         INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
       END`,
      `CREATE TRIGGER messages_fts_au AFTER UPDATE OF text ON messages BEGIN
         INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
         INSERT INTO messages_fts(rowid, text) VALUES (new.rowid, new.text); END`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    await db.schema.dropTable('messages').ifExists().execute();
    await db.schema.dropTable('conversations').ifExists().execute();
    await sql.raw('DROP FUNCTION IF EXISTS aprenda_fold(text)').execute(db);
    return;
  }
  for (const t of ['messages_fts', 'conversations_fts', 'messages', 'conversations']) {
    await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db);
  }
}

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
