import type { Kysely } from 'kysely';

/**
 * Issue 13 (point 5): the deck a wrong answer's automatic flashcard went to, so the attempt's
 * results say "Flashcard criado em {deck}" after a reload too, instead of offering "Criar
 * flashcard" again. Null: no card was made from this answer (or the deck was full).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_answers').addColumn('flashcard_deck_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_answers').dropColumn('flashcard_deck_id').execute();
}
