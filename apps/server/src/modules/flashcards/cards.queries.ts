import type { Card, CardKind } from '@aprenda/shared/schemas/flashcards';
import { DECK_CARDS_MAX } from '@aprenda/shared/schemas/flashcards';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor, FlashcardItemTable, FlashcardTable } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { keysetAfter } from '../../lib/cursor.ts';
import { containsPattern } from '../../lib/search-text.ts';
import type { CardRow } from './access.queries.ts';

/** Rows per INSERT statement (well under both engines' bound-parameter limits). */
const CHUNK = 400;

export function parseTags(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** A card row as the API answers it, with the caller's `suspended` and its item count. */
export function toCard(row: CardRow, extras: { suspended: boolean; items: number }): Card {
  return {
    id: row.id,
    deck_id: row.deck_id,
    kind: row.kind as CardKind,
    front: row.front,
    back: row.back,
    tags: parseTags(row.tags),
    skill_id: row.skill_id,
    suspended: extras.suspended,
    items: extras.items,
    content_version: Number(row.content_version),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Room for `cards` more cards and `items` more item positions in the deck, in one conditional
 * UPDATE (the 20,000-card limit cannot be raced past): the deck's last item position after it, or
 * undefined when the deck would be over the limit (or is gone).
 */
export async function reserveInDeck(
  db: Executor,
  deckId: string,
  cards: number,
  items: number,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('decks')
    .set((eb) => ({
      card_count: eb('card_count', '+', cards),
      item_seq: eb('item_seq', '+', items),
      updated_at: now,
    }))
    .where('id', '=', deckId)
    .where((eb) => eb(eb('card_count', '+', cards), '<=', DECK_CARDS_MAX))
    .returning('item_seq')
    .executeTakeFirst();
  return row ? Number(row.item_seq) : undefined;
}

/** One deck's card count down by `n` (cards deleted or moved away). */
export async function releaseFromDeck(
  db: Executor,
  deckId: string,
  n: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('decks')
    .set((eb) => ({ card_count: eb('card_count', '-', n), updated_at: now }))
    .where('id', '=', deckId)
    .execute();
}

export async function insertCardRows(
  db: Executor,
  rows: Array<Insertable<FlashcardTable>>,
): Promise<void> {
  for (const chunk of chunks(rows, CHUNK))
    await db.insertInto('flashcards').values(chunk).execute();
}

export async function insertItemRows(
  db: Executor,
  rows: Array<Insertable<FlashcardItemTable>>,
): Promise<void> {
  for (const chunk of chunks(rows, CHUNK)) {
    await db.insertInto('flashcard_items').values(chunk).execute();
  }
}

/**
 * For each card: whether the user's states of it are suspended, and how many items it has (one
 * statement for a page of cards).
 */
export async function selectCardExtras(
  db: Executor,
  userId: string,
  cardIds: readonly string[],
): Promise<Map<string, { suspended: boolean; items: number }>> {
  const out = new Map<string, { suspended: boolean; items: number }>();
  if (cardIds.length === 0) return out;
  const rows = await db
    .selectFrom('flashcards as c')
    .select((eb) => [
      'c.id',
      eb
        .selectFrom('flashcard_items as i')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('i.card_id', '=', 'c.id')
        .as('items'),
      eb
        .selectFrom('flashcard_states as s')
        .select((e) => e.fn.max('s.suspended').as('m'))
        .whereRef('s.card_id', '=', 'c.id')
        .where('s.user_id', '=', userId)
        .as('suspended'),
    ])
    .where('c.id', 'in', cardIds)
    .execute();
  for (const r of rows) {
    out.set(r.id, { items: Number(r.items ?? 0), suspended: Number(r.suspended ?? 0) === 1 });
  }
  return out;
}

/** LIKE pattern for a folded word, `%` `_` `\` escaped (used with `escape '\'`). */

/**
 * A page of the deck's cards (not deleted), newest first (index deck_id, created_at, id); with
 * `words`, only cards whose folded front, back and tags contain every word.
 */
export async function selectCardPage(
  db: Executor,
  deckId: string,
  words: readonly string[],
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<CardRow[]> {
  let q = db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('deleted_at', 'is', null);
  for (const word of words) {
    q = q.where(sql<boolean>`search like ${containsPattern(word)} escape '\\'`);
  }
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', after.created_at],
        ['id', after.id],
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Every card of the deck that is not deleted, in pages (deck copy, export). */
export async function selectLiveCardsAfter(
  db: Executor,
  deckId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<CardRow[]> {
  let q = db
    .selectFrom('flashcards')
    .selectAll()
    .where('deck_id', '=', deckId)
    .where('deleted_at', 'is', null);
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['created_at', after.created_at],
        ['id', after.id],
      ]),
    );
  }
  return q.orderBy('created_at').orderBy('id').limit(limit).execute();
}

export async function selectCardRow(db: Executor, cardId: string): Promise<CardRow | undefined> {
  return db.selectFrom('flashcards').selectAll().where('id', '=', cardId).executeTakeFirst();
}

export async function updateCardRow(
  db: Executor,
  cardId: string,
  changes: Updateable<FlashcardTable>,
): Promise<CardRow> {
  return db
    .updateTable('flashcards')
    .set(changes)
    .where('id', '=', cardId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function selectItemsOfCard(
  db: Executor,
  cardId: string,
): Promise<Array<{ id: string; ord: number; position: number }>> {
  const rows = await db
    .selectFrom('flashcard_items')
    .select(['id', 'ord', 'position'])
    .where('card_id', '=', cardId)
    .orderBy('ord')
    .execute();
  return rows.map((r) => ({ id: r.id, ord: Number(r.ord), position: Number(r.position) }));
}

/** Delete items (their states go by cascade; log rows stay). */
export async function deleteItems(db: Executor, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.deleteFrom('flashcard_items').where('id', 'in', itemIds).execute();
}

/** Every student's states of the card (a progress reset). */
export async function deleteStatesOfCard(db: Executor, cardId: string): Promise<void> {
  await db.deleteFrom('flashcard_states').where('card_id', '=', cardId).execute();
}

/**
 * Items at `position` or later may be unseen again: pull the new-item mark of the deck's students
 * (or of one) back before it, so the walk for new items finds them.
 */
export async function lowerNewMark(
  db: Executor,
  deckId: string,
  position: number,
  userId?: string,
): Promise<void> {
  let q = db
    .updateTable('flashcard_progress')
    .set({ new_after: position - 1 })
    .where('deck_id', '=', deckId)
    .where('new_after', '>=', position);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  await q.execute();
}

/**
 * Move a card to another deck: the card, its items (new positions at the end of the target),
 * every student's states and the log rows follow.
 */
export async function moveCardRows(
  db: Executor,
  cardId: string,
  targetDeckId: string,
  items: ReadonlyArray<{ id: string; position: number }>,
  now: string,
): Promise<void> {
  await db
    .updateTable('flashcards')
    .set({ deck_id: targetDeckId, updated_at: now })
    .where('id', '=', cardId)
    .execute();
  for (const item of items) {
    await db
      .updateTable('flashcard_items')
      .set({ deck_id: targetDeckId, position: item.position })
      .where('id', '=', item.id)
      .execute();
  }
  await db
    .updateTable('flashcard_states')
    .set({ deck_id: targetDeckId })
    .where('card_id', '=', cardId)
    .execute();
  await db
    .updateTable('flashcard_reviews')
    .set({ deck_id: targetDeckId })
    .where('card_id', '=', cardId)
    .execute();
}
