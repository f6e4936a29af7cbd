import { type Kysely, sql } from 'kysely';

/**
 * Automatic flashcards of mistakes, one per student and question (docs/api/exercises.md
 * "Automatic flashcards"): the same question answered wrong twice — adaptive practice serves it
 * again a few items later — made two identical cards in "Erros da prática".
 *
 * - `mistake_flashcards` — (user_id, item_id) → the card made from that question's mistakes. The
 *   primary key is the guard: an answer's transaction claims the pair (INSERT … ON CONFLICT DO
 *   NOTHING) before it adds a card, so two answers at once — two tabs, two devices — make one
 *   card on both engines (PostgreSQL: the second waits for the first's commit on the key, then
 *   finds its card). `card_id` has no foreign key: a card deleted since (the card, or its whole
 *   deck) is looked up, and the next mistake makes a new card and points the row at it.
 *
 * Filled from what is already there, so a student's earlier cards count: an own card, not
 * deleted, whose front is the stem of a question the student answered wrong (the card the
 * "Criar flashcard" button or the setting made; a template's variants are not matched). One row
 * per pair — the oldest card when earlier duplicates exist — so those duplicates cannot break the
 * key; they stay in their deck for the student to delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mistake_flashcards')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mistake_flashcards_pk', ['user_id', 'item_id'])
    .execute();

  // Grouped by the key: one row per pair, however many cards already repeat a question.
  await sql`
    insert into mistake_flashcards (user_id, item_id, card_id, created_at, updated_at)
    select d.owner_id, i.id, min(f.id), min(f.created_at), min(f.created_at)
    from flashcards f
    join decks d on d.id = f.deck_id
    join exercise_items i on i.stem = f.front
    where f.deleted_at is null
      and exists (select 1 from item_answers a
        where a.user_id = d.owner_id and a.item_id = i.id and a.correct = 0)
    group by d.owner_id, i.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mistake_flashcards').ifExists().execute();
}
