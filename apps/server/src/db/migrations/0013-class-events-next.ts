import type { Kysely } from 'kysely';

/**
 * Issue 11: "Minhas Turmas" cards show each class's next event — of the events not over yet, the
 * one that ends first. This index answers it with one seek per class (class_id, range_end > now,
 * LIMIT 1) instead of walking a class's past events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('class_events_class_range_end_idx')
    .on('class_events')
    .columns(['class_id', 'range_end', 'starts_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('class_events_class_range_end_idx').ifExists().execute();
}
