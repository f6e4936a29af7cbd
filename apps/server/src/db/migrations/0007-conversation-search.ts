import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Conversation search at scale (decision 0016): ONE search document per conversation — its title
 * and the text of all its messages — instead of one per message. A search for a common word then
 * reads each matching conversation once (≈1,000 for "fotossintese" in the benchmark) instead of
 * every matching message (≈7,400), and "all words" means all words in the same conversation.
 *
 * - SQLite: a contentless FTS5 table `conversation_search(title, body)` whose rowid is the
 *   conversation's rowid (`detail=none`: only "which conversations have these words"). Triggers
 *   rebuild a conversation's document (title + group_concat of its messages' text) when it is
 *   created or renamed and when one of its messages is added, edited or deleted, and drop it when
 *   the conversation is deleted. Replaces 0004's `conversations_fts` and 0006's
 *   `messages_search` (dropped, with their triggers). 0006's "delete the messages before the
 *   conversation" trigger stays.
 * - PostgreSQL: a `conversations.search_doc` tsvector (to_tsvector('simple', aprenda_fold(title +
 *   text))) with a GIN index, computed by `aprenda_conversation_doc(id)`; a BEFORE trigger on
 *   conversations (insert, title change) and statement-level triggers on messages (transition
 *   tables, so a bulk insert rebuilds each conversation once) keep it. Replaces 0004's per-title
 *   and per-message GIN indexes (dropped).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    const statements = [
      `DROP INDEX IF EXISTS conversations_title_fts_idx`,
      `DROP INDEX IF EXISTS messages_text_fts_idx`,
      `ALTER TABLE conversations ADD COLUMN search_doc tsvector`,
      `CREATE OR REPLACE FUNCTION aprenda_conversation_doc(cid text, ctitle text) RETURNS tsvector
         LANGUAGE sql STABLE
         AS $$ SELECT to_tsvector('simple', aprenda_fold(coalesce(ctitle, '') || ' ' || coalesce(
           (SELECT string_agg(m.text, ' ' ORDER BY m.seq) FROM messages m
             WHERE m.conversation_id = cid), ''))) $$`,
      `CREATE OR REPLACE FUNCTION aprenda_conversation_doc_bi() RETURNS trigger
         LANGUAGE plpgsql AS $$ BEGIN
           NEW.search_doc := aprenda_conversation_doc(NEW.id, NEW.title);
           RETURN NEW;
         END $$`,
      `CREATE TRIGGER conversations_search_bi BEFORE INSERT ON conversations
         FOR EACH ROW EXECUTE FUNCTION aprenda_conversation_doc_bi()`,
      `CREATE TRIGGER conversations_search_bu BEFORE UPDATE OF title ON conversations
         FOR EACH ROW EXECUTE FUNCTION aprenda_conversation_doc_bi()`,
      // Messages: rebuild the documents of the conversations a statement touched, once each.
      `CREATE OR REPLACE FUNCTION aprenda_messages_search_ins() RETURNS trigger
         LANGUAGE plpgsql AS $$ BEGIN
           UPDATE conversations c SET search_doc = aprenda_conversation_doc(c.id, c.title)
             WHERE c.id IN (SELECT DISTINCT conversation_id FROM new_rows);
           RETURN NULL;
         END $$`,
      `CREATE OR REPLACE FUNCTION aprenda_messages_search_del() RETURNS trigger
         LANGUAGE plpgsql AS $$ BEGIN
           UPDATE conversations c SET search_doc = aprenda_conversation_doc(c.id, c.title)
             WHERE c.id IN (SELECT DISTINCT conversation_id FROM old_rows);
           RETURN NULL;
         END $$`,
      `CREATE OR REPLACE FUNCTION aprenda_messages_search_upd() RETURNS trigger
         LANGUAGE plpgsql AS $$ BEGIN
           UPDATE conversations c SET search_doc = aprenda_conversation_doc(c.id, c.title)
             WHERE c.id IN (
               SELECT n.conversation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                 WHERE o.text IS DISTINCT FROM n.text
                    OR o.conversation_id IS DISTINCT FROM n.conversation_id
               UNION SELECT o.conversation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                 WHERE o.conversation_id IS DISTINCT FROM n.conversation_id);
           RETURN NULL;
         END $$`,
      `CREATE TRIGGER messages_search_ai AFTER INSERT ON messages
         REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION aprenda_messages_search_ins()`,
      `CREATE TRIGGER messages_search_ad AFTER DELETE ON messages
         REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION aprenda_messages_search_del()`,
      `CREATE TRIGGER messages_search_au AFTER UPDATE ON messages
         REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION aprenda_messages_search_upd()`,
      `UPDATE conversations SET search_doc = aprenda_conversation_doc(id, title)`,
      `CREATE INDEX conversations_search_idx ON conversations USING gin (search_doc)`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
    return;
  }

  const rebuild = (cid: string) =>
    `DELETE FROM conversation_search
       WHERE rowid = (SELECT c.rowid FROM conversations c WHERE c.id = ${cid});
     INSERT INTO conversation_search(rowid, title, body)
       SELECT c.rowid, c.title, (SELECT group_concat(m.text, ' ') FROM messages m
         WHERE m.conversation_id = c.id)
       FROM conversations c WHERE c.id = ${cid};`;
  const statements = [
    `DROP TRIGGER IF EXISTS messages_search_ai`,
    `DROP TRIGGER IF EXISTS messages_search_ad`,
    `DROP TRIGGER IF EXISTS messages_search_au`,
    `DROP TABLE IF EXISTS messages_search`,
    `DROP TRIGGER IF EXISTS conversations_fts_ai`,
    `DROP TRIGGER IF EXISTS conversations_fts_ad`,
    `DROP TRIGGER IF EXISTS conversations_fts_au`,
    `DROP TABLE IF EXISTS conversations_fts`,
    `CREATE VIRTUAL TABLE conversation_search USING fts5(title, body, content='',
       contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 2')`,
    `INSERT INTO conversation_search(rowid, title, body)
       SELECT c.rowid, c.title, (SELECT group_concat(m.text, ' ') FROM messages m
         WHERE m.conversation_id = c.id)
       FROM conversations c`,
    `CREATE TRIGGER conversation_search_ai AFTER INSERT ON conversations BEGIN
       INSERT INTO conversation_search(rowid, title, body) VALUES (new.rowid, new.title, ''); END`,
    `CREATE TRIGGER conversation_search_au AFTER UPDATE OF title ON conversations BEGIN
       ${rebuild('new.id')} END`,
    `CREATE TRIGGER conversation_search_ad AFTER DELETE ON conversations BEGIN
       DELETE FROM conversation_search WHERE rowid = old.rowid; END`,
    `CREATE TRIGGER messages_search_ai AFTER INSERT ON messages BEGIN
       ${rebuild('new.conversation_id')} END`,
    `CREATE TRIGGER messages_search_ad AFTER DELETE ON messages BEGIN
       ${rebuild('old.conversation_id')} END`,
    `CREATE TRIGGER messages_search_au AFTER UPDATE OF text, conversation_id ON messages BEGIN
       ${rebuild('old.conversation_id')}
       ${rebuild('new.conversation_id')} END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    const statements = [
      `DROP TRIGGER IF EXISTS messages_search_ai ON messages`,
      `DROP TRIGGER IF EXISTS messages_search_ad ON messages`,
      `DROP TRIGGER IF EXISTS messages_search_au ON messages`,
      `DROP TRIGGER IF EXISTS conversations_search_bi ON conversations`,
      `DROP TRIGGER IF EXISTS conversations_search_bu ON conversations`,
      `DROP FUNCTION IF EXISTS aprenda_messages_search_ins()`,
      `DROP FUNCTION IF EXISTS aprenda_messages_search_del()`,
      `DROP FUNCTION IF EXISTS aprenda_messages_search_upd()`,
      `DROP FUNCTION IF EXISTS aprenda_conversation_doc_bi()`,
      `DROP FUNCTION IF EXISTS aprenda_conversation_doc(text, text)`,
      `ALTER TABLE conversations DROP COLUMN IF EXISTS search_doc`,
      `CREATE INDEX conversations_title_fts_idx ON conversations
         USING gin (to_tsvector('simple', aprenda_fold(title)))`,
      `CREATE INDEX messages_text_fts_idx ON messages
         USING gin (to_tsvector('simple', aprenda_fold(text)))`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
    return;
  }
  const SHIFT = 16_777_216;
  const key = (row: 'new' | 'old') =>
    `(SELECT c.rowid FROM conversations c WHERE c.id = ${row}.conversation_id) * ${SHIFT} + ${row}.seq`;
  const statements = [
    `DROP TRIGGER IF EXISTS conversation_search_ai`,
    `DROP TRIGGER IF EXISTS conversation_search_au`,
    `DROP TRIGGER IF EXISTS conversation_search_ad`,
    `DROP TRIGGER IF EXISTS messages_search_ai`,
    `DROP TRIGGER IF EXISTS messages_search_ad`,
    `DROP TRIGGER IF EXISTS messages_search_au`,
    `DROP TABLE IF EXISTS conversation_search`,
    `CREATE VIRTUAL TABLE conversations_fts USING fts5(title, content='conversations',
       content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`,
    `INSERT INTO conversations_fts(conversations_fts) VALUES ('rebuild')`,
    `CREATE TRIGGER conversations_fts_ai AFTER INSERT ON conversations BEGIN
       INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title); END`,
    `CREATE TRIGGER conversations_fts_ad AFTER DELETE ON conversations BEGIN
       INSERT INTO conversations_fts(conversations_fts, rowid, title)
         VALUES ('delete', old.rowid, old.title); END`,
    `CREATE TRIGGER conversations_fts_au AFTER UPDATE OF title ON conversations BEGIN
       INSERT INTO conversations_fts(conversations_fts, rowid, title)
         VALUES ('delete', old.rowid, old.title);
       INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title); END`,
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
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
