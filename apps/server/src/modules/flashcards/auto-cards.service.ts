import {
  cardInputErrors,
  DESIRED_RETENTION_DEFAULT,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
} from '@aprenda/shared/schemas/flashcards';
import type { Executor, Trx } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { selectOwnDeckByTitle, selectOwnDeckTitles } from './auto-cards.queries.ts';
import { insertCardsIn } from './cards.service.ts';
import { insertDeck } from './decks.queries.ts';

/**
 * A card another module adds to a user's own deck inside its own transaction (exercises: a wrong
 * answer becomes a flashcard automatically — docs/api/exercises.md "Settings"). The deck is the
 * user's deck with exactly `deckTitle`, created when there is none.
 */
export interface OwnDeckCard {
  deck_id: string;
  deck_title: string;
  /** The deck holds 20,000 cards: nothing was added. */
  deck_full: boolean;
}

/**
 * Add one basic card (front, back, skill) to the user's deck titled `deckTitle`, in `trx`.
 * A full deck adds nothing (`deck_full`), and so does a side the cards service would refuse
 * (null): the caller's work goes on either way.
 */
export async function addCardToOwnDeck(
  trx: Trx,
  userId: string,
  input: { deckTitle: string; front: string; back: string; skill_id: string | null },
  now: Date,
): Promise<OwnDeckCard | null> {
  const card = {
    kind: 'basic' as const,
    front: input.front,
    back: input.back,
    tags: [],
    skill_id: input.skill_id,
  };
  if (cardInputErrors(card).length > 0) return null;
  const iso = now.toISOString();
  const deck =
    (await selectOwnDeckByTitle(trx, userId, input.deckTitle)) ??
    (await insertDeck(trx, {
      id: uuidv7(now.getTime()),
      owner_id: userId,
      title: input.deckTitle,
      description: null,
      desired_retention: DESIRED_RETENTION_DEFAULT,
      new_per_day: NEW_PER_DAY_DEFAULT,
      reviews_per_day: REVIEWS_PER_DAY_DEFAULT,
      created_at: iso,
      updated_at: iso,
    }));
  try {
    // A full deck is a conditional UPDATE that matched nothing, not a failed statement: the
    // transaction stays usable on both engines.
    await insertCardsIn(trx, deck.id, [card], now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'deck_full') {
      return { deck_id: deck.id, deck_title: deck.title, deck_full: true };
    }
    throw err;
  }
  return { deck_id: deck.id, deck_title: deck.title, deck_full: false };
}

/** Titles of the user's own decks among `deckIds` (for "Flashcard criado em {deck}"). */
export function ownDeckTitles(
  db: Executor,
  userId: string,
  deckIds: readonly string[],
): Promise<Map<string, string>> {
  return selectOwnDeckTitles(db, userId, [...new Set(deckIds)]);
}
