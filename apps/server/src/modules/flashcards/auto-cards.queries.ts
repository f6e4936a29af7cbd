import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { txt } from '../../db/sql-values.ts';
import { normaliseDeckRow, type DeckRow } from './access.queries.ts';

/** The owner's deck with exactly this title (the oldest, when several share it). */
export async function selectOwnDeckByTitle(
  db: Executor,
  ownerId: string,
  title: string,
): Promise<DeckRow | undefined> {
  const row = await db
    .selectFrom('decks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('title', '=', title)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? normaliseDeckRow(row) : undefined;
}

/** Titles of the owner's decks among `ids` (a deleted or foreign deck is simply absent). */
export async function selectOwnDeckTitles(
  db: Executor,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('decks')
    .select(['id', 'title'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * Claim a question's mistake card for the user (table `mistake_flashcards`, migration 0026): true
 * when this statement made the row — the caller then adds card `cardId`. False when the pair is
 * taken (PostgreSQL: after the transaction that took it at the same moment has committed).
 */
export async function claimMistakeCard(
  db: Executor,
  userId: string,
  itemId: string,
  cardId: string,
  now: string,
): Promise<boolean> {
  const { rows } = await sql<{ card_id: string }>`
    insert into mistake_flashcards (user_id, item_id, card_id, created_at, updated_at)
    values (${userId}, ${itemId}, ${cardId}, ${now}, ${now})
    on conflict (user_id, item_id) do nothing
    returning card_id
  `.execute(db);
  return rows.length > 0;
}

/**
 * The question's mistake card for the user: its id, and its deck when the card is still there (not
 * deleted, in a deck of the user's) — null `deck_id` when it is gone.
 */
export async function selectMistakeCard(
  db: Executor,
  userId: string,
  itemId: string,
): Promise<{ card_id: string; deck_id: string | null; deck_title: string | null } | undefined> {
  const { rows } = await sql<{
    card_id: string;
    deck_id: string | null;
    deck_title: string | null;
  }>`
    select m.card_id, d.id as deck_id, d.title as deck_title
    from mistake_flashcards m
    left join flashcards f on f.id = m.card_id and f.deleted_at is null
    left join decks d on d.id = f.deck_id and d.owner_id = m.user_id
    where m.user_id = ${txt(userId)} and m.item_id = ${txt(itemId)}
  `.execute(db);
  return rows[0];
}

/**
 * Point the question's row at a new card, only if it still names `fromCardId` (a card deleted
 * since): true when this statement moved it. Two answers at once: the second waits for the
 * first's row lock (PostgreSQL), finds another card id and moves nothing.
 */
export async function repointMistakeCard(
  db: Executor,
  userId: string,
  itemId: string,
  fromCardId: string,
  toCardId: string,
  now: string,
): Promise<boolean> {
  const { rows } = await sql<{ card_id: string }>`
    update mistake_flashcards set card_id = ${toCardId}, updated_at = ${now}
    where user_id = ${txt(userId)} and item_id = ${txt(itemId)} and card_id = ${txt(fromCardId)}
    returning card_id
  `.execute(db);
  return rows.length > 0;
}
