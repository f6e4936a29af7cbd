import type { Deck } from '@aprenda/shared/schemas/flashcards';
import type { Insertable, Updateable } from 'kysely';
import type { DeckTable, Executor } from '../../db/types.ts';
import { keysetAfter } from '../../lib/cursor.ts';
import { normaliseDeckRow, type DeckRow } from './access.queries.ts';

/** A deck row as the API answers it. */
export function toDeck(row: DeckRow): Deck {
  return {
    id: row.id,
    owner_id: row.owner_id,
    title: row.title,
    description: row.description,
    desired_retention: Number(row.desired_retention),
    new_per_day: Number(row.new_per_day),
    reviews_per_day: Number(row.reviews_per_day),
    card_count: Number(row.card_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function insertDeck(db: Executor, row: Insertable<DeckTable>): Promise<DeckRow> {
  const inserted = await db
    .insertInto('decks')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  return normaliseDeckRow(inserted);
}

export async function updateDeckRow(
  db: Executor,
  deckId: string,
  changes: Updateable<DeckTable>,
): Promise<DeckRow | undefined> {
  const row = await db
    .updateTable('decks')
    .set(changes)
    .where('id', '=', deckId)
    .returningAll()
    .executeTakeFirst();
  return row ? normaliseDeckRow(row) : undefined;
}

/** Delete the deck; its cards, items, states, logs, shares and progress go by cascade. */
export async function deleteDeckRow(db: Executor, deckId: string): Promise<void> {
  await db.deleteFrom('decks').where('id', '=', deckId).execute();
}

/**
 * A page of the decks shared with these classes that the user does not own, newest first. Driven
 * by deck_shares (class_id, deck_id): a user's classes share few decks.
 */
export async function selectClassDeckPage(
  db: Executor,
  userId: string,
  classIds: readonly string[],
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<DeckRow[]> {
  if (classIds.length === 0 || limit <= 0) return [];
  let q = db
    .selectFrom('decks')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('deck_shares').select('deck_id').where('class_id', 'in', classIds),
    )
    .where('owner_id', '<>', userId);
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', after.created_at],
        ['id', after.id],
      ]),
    );
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(normaliseDeckRow);
}

/** The shares of these decks (deck id → class ids). */
export async function selectSharesOf(
  db: Executor,
  deckIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (deckIds.length === 0) return out;
  const rows = await db
    .selectFrom('deck_shares')
    .select(['deck_id', 'class_id'])
    .where('deck_id', 'in', deckIds)
    .orderBy('created_at')
    .execute();
  for (const r of rows) out.set(r.deck_id, [...(out.get(r.deck_id) ?? []), r.class_id]);
  return out;
}

/** Share the deck with a class; false when it already was. */
export async function insertShare(
  db: Executor,
  row: { deck_id: string; class_id: string; shared_by: string; created_at: string },
): Promise<boolean> {
  const res = await db
    .insertInto('deck_shares')
    .values(row)
    .onConflict((oc) => oc.columns(['deck_id', 'class_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stop sharing; false when it was not shared. */
export async function deleteShare(db: Executor, deckId: string, classId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('deck_shares')
    .where('deck_id', '=', deckId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
