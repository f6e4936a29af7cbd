import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Cheaper search-document upkeep when messages are added (migration 0007), the costliest part of
 * starting a chat turn — it sits between the student's question and the provider call:
 * - a message inserted with no text (the tutor's answer as it starts streaming) no longer touches
 *   its conversation's document: it adds nothing to it (both engines);
 * - PostgreSQL: a new message's words are appended to the document (`search_doc || tsvector`)
 *   instead of re-reading and re-folding the whole conversation (~1 ms less per turn here). Search
 *   only asks which words a document has (`@@`, no ranking or phrases), and the appended document
 *   has exactly the rebuilt one's words. Edits and deletions still rebuild (0007's triggers).
 * The answer's text reaches the document when it is saved (the update triggers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    await sql.raw(postgresInsertFunction('append')).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS messages_search_ai`).execute(db);
  await sql.raw(sqliteInsertTrigger(`WHEN new.text <> ''`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    await sql.raw(postgresInsertFunction('rebuild')).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS messages_search_ai`).execute(db);
  await sql.raw(sqliteInsertTrigger('')).execute(db);
}

function postgresInsertFunction(mode: 'append' | 'rebuild'): string {
  const body =
    mode === 'append'
      ? `UPDATE conversations c
           SET search_doc = coalesce(c.search_doc, ''::tsvector) || added.doc
           FROM (SELECT conversation_id,
                        to_tsvector('simple', aprenda_fold(string_agg(text, ' ' ORDER BY seq))) AS doc
                   FROM new_rows WHERE text <> '' GROUP BY conversation_id) added
           WHERE c.id = added.conversation_id;`
      : `UPDATE conversations c SET search_doc = aprenda_conversation_doc(c.id, c.title)
           WHERE c.id IN (SELECT DISTINCT conversation_id FROM new_rows);`;
  return `CREATE OR REPLACE FUNCTION aprenda_messages_search_ins() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN
      ${body}
      RETURN NULL;
    END $$`;
}

/** 0007's trigger (same rebuild), with an optional WHEN clause. */
function sqliteInsertTrigger(when: string): string {
  return `CREATE TRIGGER messages_search_ai AFTER INSERT ON messages ${when} BEGIN
    DELETE FROM conversation_search
      WHERE rowid = (SELECT c.rowid FROM conversations c WHERE c.id = new.conversation_id);
    INSERT INTO conversation_search(rowid, title, body)
      SELECT c.rowid, c.title, (SELECT group_concat(m.text, ' ') FROM messages m
        WHERE m.conversation_id = c.id)
      FROM conversations c WHERE c.id = new.conversation_id;
  END`;
}

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
