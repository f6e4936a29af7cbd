import type { Kysely } from 'kysely';

/**
 * Issue 11: a teacher can require Socratic mode for the conversations linked to a class
 * (`classes.require_socratic`, 1 = required; PUT /classes/{id} `{ require_socratic }`). Off for
 * every existing class. Same column on both engines (0/1 integer, like `join_by_code`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('require_socratic', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('classes').dropColumn('require_socratic').execute();
}
