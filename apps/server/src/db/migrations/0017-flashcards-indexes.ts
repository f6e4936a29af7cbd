import type { Kysely } from 'kysely';

/**
 * Read paths of the study queue and the deck list's due counts at scale (bench/flashcards.ts: a
 * student with 50,000 cards, 1,000,000 review-log rows). The walk for a deck's next new items —
 * `flashcard_items` of (deck_id, deleted) after the student's `new_after` mark, by `position`,
 * that have no state for that student — reads `id`, `card_id` and `ord` of each item. With those
 * in the index the walk is an index-only range scan in `position` order that stops after the
 * limit; with the narrower 0014 index PostgreSQL's generic plan for the named statement (it
 * assumes a deck of average size, ~160 items) chose a bitmap scan of every unseen item of the deck
 * plus a sort (50–130 ms on the 20,000-card deck instead of < 1 ms). SQLite: the same walk without
 * a table lookup per item. Replaces 0014's `flashcard_items_new_idx` (a prefix of this one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('flashcard_items_walk_idx')
    .on('flashcard_items')
    .columns(['deck_id', 'deleted', 'position', 'id', 'card_id', 'ord'])
    .execute();
  await db.schema.dropIndex('flashcard_items_new_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('flashcard_items_new_idx')
    .ifNotExists()
    .on('flashcard_items')
    .columns(['deck_id', 'deleted', 'position'])
    .execute();
  await db.schema.dropIndex('flashcard_items_walk_idx').ifExists().execute();
}
