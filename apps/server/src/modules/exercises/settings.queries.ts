import type { Executor } from '../../db/types.ts';

/** Whether the user turned automatic flashcards on (no row: off). */
export async function selectAutoFlashcards(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('learner_settings')
    .select('auto_flashcards')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.auto_flashcards ?? 0) === 1;
}

/** Store the user's settings (insert or replace, both engines). */
export async function upsertSettings(
  db: Executor,
  userId: string,
  settings: { auto_flashcards: boolean },
  now: string,
): Promise<void> {
  const value = settings.auto_flashcards ? 1 : 0;
  await db
    .insertInto('learner_settings')
    .values({ user_id: userId, auto_flashcards: value, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ auto_flashcards: value, updated_at: now }),
    )
    .execute();
}
