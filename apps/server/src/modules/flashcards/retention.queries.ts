import type { Executor } from '../../db/types.ts';

/**
 * The caller's reviews of a deck since `since` of cards that were in review (not learning, not
 * new), counted, and how many of them were remembered (rating 2–4). Walks
 * flashcard_reviews_user_deck_idx (user_id, deck_id, reviewed_at, prev_state, undone_at).
 */
export async function selectRetention(
  db: Executor,
  userId: string,
  deckId: string,
  since: string,
): Promise<{ reviews: number; passed: number }> {
  const row = await db
    .selectFrom('flashcard_reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('reviews'),
      eb.fn
        .sum<number | string | null>(eb.case().when('rating', '>', 1).then(1).else(0).end())
        .as('passed'),
    ])
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .where('reviewed_at', '>=', since)
    .where('prev_state', '=', 'review')
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return { reviews: Number(row?.reviews ?? 0), passed: Number(row?.passed ?? 0) };
}
