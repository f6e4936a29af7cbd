import { type Kysely, sql } from 'kysely';

/**
 * From here on the cache triggers are generated from the modules' cache scopes and kept in step
 * with them at every migrate (db/cache-triggers.ts, decision 0022): this table holds the checksum
 * of what the database has. 0008's hand-written triggers are replaced by the first sync.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cache_trigger_sync (id integer primary key, checksum text not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists cache_trigger_sync`.execute(db);
}
