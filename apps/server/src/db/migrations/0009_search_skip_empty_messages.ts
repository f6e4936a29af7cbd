import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A message inserted with no text (the tutor's answer while it starts streaming) no longer rebuilds
 * its conversation's search document (migration 0007): it adds nothing to it. The rebuild is the
 * costliest part of starting a chat turn — on PostgreSQL a new tsvector of the whole conversation
 * and its GIN entries, ~2.6 ms — and it sat between the student's question and the provider call.
 * The answer's text still reaches the document when it is saved (the update triggers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    await sql.raw(postgresInsertFunction(`WHERE text <> ''`)).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS messages_search_ai`).execute(db);
  await sql.raw(sqliteInsertTrigger(`WHEN new.text <> ''`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    await sql.raw(postgresInsertFunction('')).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER IF EXISTS messages_search_ai`).execute(db);
  await sql.raw(sqliteInsertTrigger('')).execute(db);
}

function postgresInsertFunction(filter: string): string {
  return `CREATE OR REPLACE FUNCTION aprenda_messages_search_ins() RETURNS trigger
    LANGUAGE plpgsql AS $$ BEGIN
      UPDATE conversations c SET search_doc = aprenda_conversation_doc(c.id, c.title)
        WHERE c.id IN (SELECT DISTINCT conversation_id FROM new_rows ${filter});
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
