import { type Kysely, sql } from 'kysely';

/**
 * The sweep of abandoned answers (and the start-up recovery) looks for `streaming` answers only:
 * a partial index holds just those rows (a handful at any time), ordered by their last save, so
 * the sweep never scans the messages table (before: the whole table was read at every start —
 * 265 MiB of a fresh server with a large history). Same SQL on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS messages_streaming_idx ON messages (updated_at)
              WHERE status = 'streaming'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_streaming_idx`.execute(db);
}
