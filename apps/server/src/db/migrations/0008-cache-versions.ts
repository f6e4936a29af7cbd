import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Data versions for the response cache (decision 0018): `cache_versions(scope, version)`, bumped
 * by triggers in the same transaction as every write that can change a cached answer — so any
 * server process, a second instance or a hand-written SQL statement invalidates it alike.
 *
 * - `classes` (one row): any insert, update or delete on `classes` or `class_members`, and a
 *   user's name change or deletion (teachers' names are part of "my classes"). Class lists
 *   (`/classes/mine`, `/classes/teaching`) and conversation lists (class titles) depend on it.
 * - `conversations:<user id>` (a row per user, created by the first bump): any change to one of
 *   the user's conversations, and any added, deleted or re-worded message of theirs (search
 *   reads message text).
 * - `sessions` (one row): any update or deletion of a session (sign-out, revocation, refresh) and
 *   any change to or deletion of a user (name, e-mail, role, image). The signed-bearer fast path
 *   keeps a resolved session only while it holds (middleware/session.ts). A new session changes
 *   no one's: inserts do not bump it.
 *
 * SQLite: row triggers. PostgreSQL: statement triggers (transition tables for the per-user
 * scope), so a bulk insert bumps each scope once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = detectPostgres(db) ? postgresUp() : sqliteUp();
  for (const statement of statements) await sql.raw(statement).execute(db);
}

function sqliteUp(): string[] {
  const bump = (scope: string) =>
    `UPDATE cache_versions SET version = version + 1 WHERE scope = '${scope}';`;
  const bumpClasses = bump('classes');
  const bumpSessions = bump('sessions');
  const bumpUser = (userExpr: string) =>
    `INSERT INTO cache_versions (scope, version) VALUES ('conversations:' || ${userExpr}, 1)
       ON CONFLICT (scope) DO UPDATE SET version = version + 1;`;
  const bumpOwnerOf = (conversationExpr: string) =>
    `INSERT INTO cache_versions (scope, version)
       SELECT 'conversations:' || c.user_id, 1 FROM conversations c WHERE c.id = ${conversationExpr}
       ON CONFLICT (scope) DO UPDATE SET version = version + 1;`;
  const classTriggers = ['classes', 'class_members'].flatMap((table) =>
    (['INSERT', 'UPDATE', 'DELETE'] as const).map(
      (event) =>
        `CREATE TRIGGER cache_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
           BEGIN ${bumpClasses} END`,
    ),
  );
  return [
    `CREATE TABLE cache_versions (scope text PRIMARY KEY NOT NULL, version integer NOT NULL)`,
    `INSERT INTO cache_versions (scope, version) VALUES ('classes', 0), ('sessions', 0)`,
    ...classTriggers,
    `CREATE TRIGGER cache_user_name AFTER UPDATE OF name ON "user" BEGIN ${bumpClasses} END`,
    `CREATE TRIGGER cache_user_update AFTER UPDATE ON "user" BEGIN ${bumpSessions} END`,
    `CREATE TRIGGER cache_user_delete AFTER DELETE ON "user"
       BEGIN ${bumpClasses} ${bumpSessions} END`,
    `CREATE TRIGGER cache_session_update AFTER UPDATE ON "session" BEGIN ${bumpSessions} END`,
    `CREATE TRIGGER cache_session_delete AFTER DELETE ON "session" BEGIN ${bumpSessions} END`,
    `CREATE TRIGGER cache_conversations_insert AFTER INSERT ON conversations
       BEGIN ${bumpUser('new.user_id')} END`,
    `CREATE TRIGGER cache_conversations_update AFTER UPDATE ON conversations
       BEGIN ${bumpUser('new.user_id')} END`,
    `CREATE TRIGGER cache_conversations_delete AFTER DELETE ON conversations
       BEGIN ${bumpUser('old.user_id')} END`,
    `CREATE TRIGGER cache_messages_insert AFTER INSERT ON messages
       BEGIN ${bumpOwnerOf('new.conversation_id')} END`,
    `CREATE TRIGGER cache_messages_text AFTER UPDATE OF text ON messages
       BEGIN ${bumpOwnerOf('new.conversation_id')} END`,
    `CREATE TRIGGER cache_messages_delete AFTER DELETE ON messages
       BEGIN ${bumpOwnerOf('old.conversation_id')} END`,
  ];
}

/**
 * PostgreSQL. Every trigger is named `z_cache_…`: PostgreSQL fires the triggers of one event in
 * name order, so the version row is locked after whatever else the statement's triggers lock (the
 * conversation row that 0007's search triggers update) — the same order as a chat turn, which
 * updates its conversation first. Locking the version row first in some transactions and last in
 * others deadlocked concurrent chat turns and answer saves (test/chat.test.ts, concurrent turns).
 */
function postgresUp(): string[] {
  const classTriggers = ['classes', 'class_members'].map(
    (table) =>
      `CREATE TRIGGER z_cache_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION aprenda_cache_bump_classes()`,
  );
  const bumpFrom = (name: string, select: string) =>
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       INSERT INTO cache_versions (scope, version) ${select}
         ON CONFLICT (scope) DO UPDATE SET version = cache_versions.version + 1;
       RETURN NULL;
     END $$`;
  const fromConversations = (rows: string) =>
    `SELECT DISTINCT 'conversations:' || r.user_id, 1 FROM ${rows} r`;
  const fromMessages = (rows: string) =>
    `SELECT DISTINCT 'conversations:' || c.user_id, 1 FROM ${rows} r
       JOIN conversations c ON c.id = r.conversation_id`;
  const perUser = (table: string, event: string, rows: 'new_rows' | 'old_rows', fn: string) =>
    `CREATE TRIGGER z_cache_${table}_${event.toLowerCase().replace(/ .*/, '')} AFTER ${event} ON ${table}
       REFERENCING ${rows === 'new_rows' ? 'NEW' : 'OLD'} TABLE AS ${rows}
       FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`;
  return [
    `CREATE TABLE cache_versions (scope text PRIMARY KEY, version bigint NOT NULL)`,
    `INSERT INTO cache_versions (scope, version) VALUES ('classes', 0), ('sessions', 0)`,
    ...(['classes', 'sessions'] as const).map(
      (scope) =>
        `CREATE OR REPLACE FUNCTION aprenda_cache_bump_${scope}() RETURNS trigger
           LANGUAGE plpgsql AS $$ BEGIN
             UPDATE cache_versions SET version = version + 1 WHERE scope = '${scope}';
             RETURN NULL;
           END $$`,
    ),
    ...classTriggers,
    `CREATE TRIGGER z_cache_user_name AFTER UPDATE OF name OR DELETE ON "user"
       FOR EACH STATEMENT EXECUTE FUNCTION aprenda_cache_bump_classes()`,
    `CREATE TRIGGER z_cache_user_sessions AFTER UPDATE OR DELETE ON "user"
       FOR EACH STATEMENT EXECUTE FUNCTION aprenda_cache_bump_sessions()`,
    `CREATE TRIGGER z_cache_session AFTER UPDATE OR DELETE ON "session"
       FOR EACH STATEMENT EXECUTE FUNCTION aprenda_cache_bump_sessions()`,
    bumpFrom('aprenda_cache_conversations_new', fromConversations('new_rows')),
    bumpFrom('aprenda_cache_conversations_old', fromConversations('old_rows')),
    bumpFrom('aprenda_cache_messages_new', fromMessages('new_rows')),
    perUser('conversations', 'INSERT', 'new_rows', 'aprenda_cache_conversations_new'),
    perUser('conversations', 'UPDATE', 'new_rows', 'aprenda_cache_conversations_new'),
    perUser('conversations', 'DELETE', 'old_rows', 'aprenda_cache_conversations_old'),
    perUser('messages', 'INSERT', 'new_rows', 'aprenda_cache_messages_new'),
    perUser('messages', 'UPDATE', 'new_rows', 'aprenda_cache_messages_new'),
    // Deleted messages: their conversation still exists when this runs (0006 deletes a
    // conversation's messages before the conversation; a deleted conversation bumps anyway).
    bumpFrom('aprenda_cache_messages_old', fromMessages('old_rows')),
    perUser('messages', 'DELETE', 'old_rows', 'aprenda_cache_messages_old'),
  ];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (detectPostgres(db)) {
    for (const statement of [
      `DROP TRIGGER IF EXISTS z_cache_classes ON classes`,
      `DROP TRIGGER IF EXISTS z_cache_class_members ON class_members`,
      `DROP TRIGGER IF EXISTS z_cache_user_name ON "user"`,
      `DROP TRIGGER IF EXISTS z_cache_user_sessions ON "user"`,
      `DROP TRIGGER IF EXISTS z_cache_session ON "session"`,
      `DROP TRIGGER IF EXISTS z_cache_conversations_insert ON conversations`,
      `DROP TRIGGER IF EXISTS z_cache_conversations_update ON conversations`,
      `DROP TRIGGER IF EXISTS z_cache_conversations_delete ON conversations`,
      `DROP TRIGGER IF EXISTS z_cache_messages_insert ON messages`,
      `DROP TRIGGER IF EXISTS z_cache_messages_update ON messages`,
      `DROP TRIGGER IF EXISTS z_cache_messages_delete ON messages`,
      `DROP FUNCTION IF EXISTS aprenda_cache_bump_classes()`,
      `DROP FUNCTION IF EXISTS aprenda_cache_bump_sessions()`,
      `DROP FUNCTION IF EXISTS aprenda_cache_conversations_new()`,
      `DROP FUNCTION IF EXISTS aprenda_cache_conversations_old()`,
      `DROP FUNCTION IF EXISTS aprenda_cache_messages_new()`,
      `DROP FUNCTION IF EXISTS aprenda_cache_messages_old()`,
      `DROP TABLE IF EXISTS cache_versions`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    return;
  }
  const triggers = [
    ...['classes', 'class_members'].flatMap((t) =>
      ['insert', 'update', 'delete'].map((e) => `cache_${t}_${e}`),
    ),
    'cache_user_name',
    'cache_user_update',
    'cache_user_delete',
    'cache_session_update',
    'cache_session_delete',
    'cache_conversations_insert',
    'cache_conversations_update',
    'cache_conversations_delete',
    'cache_messages_insert',
    'cache_messages_text',
    'cache_messages_delete',
  ];
  for (const name of triggers) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS cache_versions`).execute(db);
}

function detectPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
