import type { Kysely } from 'kysely';

/**
 * Read path of GET /classes/mine at scale (bench/classes.ts: 100k classes, 1M memberships):
 * the teachers' names of a page of classes come from an index-only lookup on user (id, name)
 * instead of the primary-key index plus a table row per teacher (SQLite: the teachers subquery
 * half as expensive; PostgreSQL: an index-only scan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('user_id_name_idx').on('user').columns(['id', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_id_name_idx').ifExists().execute();
}
