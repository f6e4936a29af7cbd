import type { Kysely } from 'kysely';

/**
 * Issue 13 (point 5): a student's practice settings, stored per account so every device sees the
 * same (docs/api/exercises.md "Settings"). `auto_flashcards` = 1: each wrong answer whose feedback
 * the student sees at once becomes a flashcard in the same transaction as the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('learner_settings')
    .addColumn('user_id', 'text', (c) =>
      c.primaryKey().notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('auto_flashcards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('learner_settings').ifExists().execute();
}
