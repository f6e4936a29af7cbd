import type { Executor } from '../../db/types.ts';
import { jsonText } from '../../lib/json-text.ts';

/**
 * For "Baixar meus dados": the user's own decks with their cards (deleted cards left out), and
 * every review the user gave, in any deck (a class's too).
 */
export async function selectFlashcardsForExport(db: Executor, userId: string) {
  const decks = await db
    .selectFrom('decks')
    .select([
      'id',
      'title',
      'description',
      'desired_retention',
      'new_per_day',
      'reviews_per_day',
      'created_at',
      'updated_at',
    ])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const cards = await db
    .selectFrom('flashcards as f')
    .innerJoin('decks as d', 'd.id', 'f.deck_id')
    .select([
      'f.id',
      'f.deck_id',
      'f.kind',
      'f.front',
      'f.back',
      'f.tags',
      'f.created_at',
      'f.updated_at',
    ])
    .where('d.owner_id', '=', userId)
    .where('f.deleted_at', 'is', null)
    .orderBy('f.deck_id')
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  const reviews = await db
    .selectFrom('flashcard_reviews')
    .select(['card_id', 'deck_id', 'rating', 'duration_ms', 'reviewed_at', 'undone_at'])
    .where('user_id', '=', userId)
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
  const byDeck = new Map<string, Array<Record<string, unknown>>>();
  for (const c of cards) {
    const list = byDeck.get(c.deck_id) ?? [];
    list.push({
      id: c.id,
      kind: c.kind,
      front: c.front,
      back: c.back,
      tags: jsonText(c.tags),
      created_at: c.created_at,
      updated_at: c.updated_at,
    });
    byDeck.set(c.deck_id, list);
  }
  return {
    decks: decks.map((d) => ({ ...d, cards: byDeck.get(d.id) ?? [] })),
    reviews: reviews.map((r) => ({ ...r, undone: r.undone_at !== null })),
  };
}
