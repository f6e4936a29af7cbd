import {
  cardInputErrors,
  DESIRED_RETENTION_DEFAULT,
  NEW_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
} from '@aprenda/shared/schemas/flashcards';
import type { Executor, Trx } from '../../db/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  claimMistakeCard,
  repointMistakeCard,
  selectMistakeCard,
  selectOwnDeckByTitle,
  selectOwnDeckTitles,
} from './auto-cards.queries.ts';
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

type CardText = { deckTitle: string; front: string; back: string; skill_id: string | null };

function basicCard(input: CardText) {
  return {
    kind: 'basic' as const,
    front: input.front,
    back: input.back,
    tags: [],
    skill_id: input.skill_id,
  };
}

/**
 * The card of a question answered wrong (exercise item `itemId`), added in `trx` to the user's deck
 * titled `deckTitle` — at most one per user and question (table `mistake_flashcards`, migration
 * 0026). The first mistake adds it (a full deck adds nothing and says `deck_full`; a side the cards
 * service would refuse adds nothing: null). A later mistake adds nothing and answers with the deck
 * the card is in, its content and schedule untouched — unless that card, or its deck, was deleted
 * since: then this mistake makes a new one. Two answers at once make one card on both engines: the
 * pair is claimed (primary key) before the card is added, and the other answer reads that card.
 */
export async function addMistakeCardToOwnDeck(
  trx: Trx,
  userId: string,
  itemId: string,
  input: CardText,
  now: Date,
): Promise<OwnDeckCard | null> {
  const card = basicCard(input);
  if (cardInputErrors(card).length > 0) return null;
  const iso = now.toISOString();
  const cardId = uuidv7(now.getTime());
  if (!(await claimMistakeCard(trx, userId, itemId, cardId, iso))) {
    const known = await selectMistakeCard(trx, userId, itemId);
    if (known?.deck_id) return ownDeckCard(known.deck_id, known.deck_title!);
    const moved =
      known !== undefined &&
      (await repointMistakeCard(trx, userId, itemId, known.card_id, cardId, iso));
    if (!moved) {
      // Another answer made the new card at the same moment: that one is the question's.
      const again = await selectMistakeCard(trx, userId, itemId);
      return again?.deck_id ? ownDeckCard(again.deck_id, again.deck_title!) : null;
    }
  }
  return insertIntoOwnDeck(trx, userId, input.deckTitle, card, now, cardId);
}

function ownDeckCard(deckId: string, title: string): OwnDeckCard {
  return { deck_id: deckId, deck_title: title, deck_full: false };
}

async function insertIntoOwnDeck(
  trx: Trx,
  userId: string,
  deckTitle: string,
  card: ReturnType<typeof basicCard>,
  now: Date,
  cardId: string,
): Promise<OwnDeckCard> {
  const iso = now.toISOString();
  const deck =
    (await selectOwnDeckByTitle(trx, userId, deckTitle)) ??
    (await insertDeck(trx, {
      id: uuidv7(now.getTime()),
      owner_id: userId,
      title: deckTitle,
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
    await insertCardsIn(trx, deck.id, [card], now, [cardId]);
  } catch (err) {
    if (err instanceof AppError && err.code === 'deck_full') {
      return { deck_id: deck.id, deck_title: deck.title, deck_full: true };
    }
    throw err;
  }
  return ownDeckCard(deck.id, deck.title);
}

/** Titles of the user's own decks among `deckIds` (for "Flashcard criado em {deck}"). */
export function ownDeckTitles(
  db: Executor,
  userId: string,
  deckIds: readonly string[],
): Promise<Map<string, string>> {
  return selectOwnDeckTitles(db, userId, [...new Set(deckIds)]);
}
