import type { Insertable } from 'kysely';
import type { Executor, FlashcardStateTable } from '../../db/types.ts';
import { QUEUE_SQL } from './study.queries.ts';

/** A card's status: soft delete and restore, and each student's suspension of it. */

/** Soft delete: the card, its items and every student's states leave every queue at once. */
export async function setCardDeleted(
  db: Executor,
  cardId: string,
  deletedAt: string | null,
): Promise<void> {
  const flag = deletedAt === null ? 0 : 1;
  await db
    .updateTable('flashcards')
    .set({ deleted_at: deletedAt, ...(deletedAt ? { updated_at: deletedAt } : {}) })
    .where('id', '=', cardId)
    .execute();
  await db
    .updateTable('flashcard_items')
    .set({ deleted: flag })
    .where('card_id', '=', cardId)
    .execute();
  await db
    .updateTable('flashcard_states')
    .set({ deleted: flag })
    .where('card_id', '=', cardId)
    .execute();
  await db
    .updateTable('flashcard_states')
    .set({ queue: QUEUE_SQL })
    .where('card_id', '=', cardId)
    .execute();
}

/** The user's states of a card's items. */
export async function selectUserStatesOfCard(
  db: Executor,
  userId: string,
  cardId: string,
): Promise<Array<{ item_id: string; state: string }>> {
  return db
    .selectFrom('flashcard_states')
    .select(['item_id', 'state'])
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .execute();
}

/** Set `suspended` on the user's states of a card (the queue follows). */
export async function setUserSuspended(
  db: Executor,
  userId: string,
  cardId: string,
  suspended: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('flashcard_states')
    .set({ suspended: suspended ? 1 : 0, updated_at: now })
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('flashcard_states')
    .set({ queue: QUEUE_SQL })
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .execute();
}

/** Insert state rows (a new item suspended before it was ever studied). */
export async function insertStateRows(
  db: Executor,
  rows: Array<Insertable<FlashcardStateTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('flashcard_states')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .execute();
}

/** Remove the user's never-studied (state 'new') rows of a card: unsuspended, they are new again. */
export async function deleteUserNewStates(
  db: Executor,
  userId: string,
  cardId: string,
): Promise<void> {
  await db
    .deleteFrom('flashcard_states')
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .where('state', '=', 'new')
    .execute();
}
