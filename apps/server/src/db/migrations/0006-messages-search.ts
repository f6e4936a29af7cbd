import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Message search at scale (bench/conversations.ts: one user, 10,000 conversations × 20 messages).
 *
 * SQLite only. 0004's `messages_fts` (external content, rowid = message rowid) made a search read
 * every matching message row to learn its conversation (7,000+ row lookups for a common word), then
 * look each conversation up by its text id. `messages_search` is a contentless FTS5 table (nothing
 * stored twice; `detail=none`: the search only needs "which rows have these words", no phrases)
 * whose rowid encodes the message's place: `conversation rowid × 2^24 + seq`. A search reads the
 * conversation rowids straight from the index (`rowid >> 24`) and joins on the primary key — about
 * 4× less work for the same answer. Kept in sync by triggers; a conversation's messages are deleted
 * BEFORE the conversation (also when the user is deleted and the rows cascade), so the delete
 * trigger can still compute their rowids. seq stays below 2^24 (16 million messages) per
 * conversation. PostgreSQL: unchanged (its GIN indexes answer from 0004).
 */
const SHIFT = 16_777_216; // 2^24

export async function up(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) return;
  const key = (row: 'new' | 'old') =>
    `(SELECT c.rowid FROM conversations c WHERE c.id = ${row}.conversation_id) * ${SHIFT} + ${row}.seq`;
  const statements = [
    `DROP TRIGGER IF EXISTS messages_fts_ai`,
    `DROP TRIGGER IF EXISTS messages_fts_ad`,
    `DROP TRIGGER IF EXISTS messages_fts_au`,
    `DROP TABLE IF EXISTS messages_fts`,
    `CREATE VIRTUAL TABLE messages_search USING fts5(text, content='', contentless_delete=1,
       detail=none, tokenize='unicode61 remove_diacritics 2')`,
    `INSERT INTO messages_search(rowid, text)
       SELECT c.rowid * ${SHIFT} + m.seq, m.text FROM messages m
         JOIN conversations c ON c.id = m.conversation_id`,
    `CREATE TRIGGER messages_search_ai AFTER INSERT ON messages BEGIN
       INSERT INTO messages_search(rowid, text) VALUES (${key('new')}, new.text); END`,
    `CREATE TRIGGER messages_search_ad AFTER DELETE ON messages BEGIN
       DELETE FROM messages_search WHERE rowid = ${key('old')}; END`,
    `CREATE TRIGGER messages_search_au AFTER UPDATE OF text, seq, conversation_id ON messages BEGIN
       DELETE FROM messages_search WHERE rowid = ${key('old')};
       INSERT INTO messages_search(rowid, text) VALUES (${key('new')}, new.text); END`,
    `CREATE TRIGGER conversations_messages_bd BEFORE DELETE ON conversations BEGIN
       DELETE FROM messages WHERE conversation_id = old.id; END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) return;
  const statements = [
    `DROP TRIGGER IF EXISTS conversations_messages_bd`,
    `DROP TRIGGER IF EXISTS messages_search_ai`,
    `DROP TRIGGER IF EXISTS messages_search_ad`,
    `DROP TRIGGER IF EXISTS messages_search_au`,
    `DROP TABLE IF EXISTS messages_search`,
    `CREATE VIRTUAL TABLE messages_fts USING fts5(text, content='messages',
       content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
    `INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')`,
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

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
