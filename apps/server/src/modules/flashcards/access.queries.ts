import type { Selectable } from 'kysely';
import type { DeckTable, Executor, FlashcardTable } from '../../db/types.ts';

export type DeckRow = Selectable<DeckTable>;
export type CardRow = Selectable<FlashcardTable>;

/** Numbers as numbers (PostgreSQL hands some back as strings). */
export function normaliseDeckRow(row: DeckRow): DeckRow {
  return {
    ...row,
    desired_retention: Number(row.desired_retention),
    new_per_day: Number(row.new_per_day),
    reviews_per_day: Number(row.reviews_per_day),
    card_count: Number(row.card_count),
    item_seq: Number(row.item_seq),
  };
}

/** The deck, if it exists. */
export async function selectDeck(db: Executor, deckId: string): Promise<DeckRow | undefined> {
  const row = await db.selectFrom('decks').selectAll().where('id', '=', deckId).executeTakeFirst();
  return row ? normaliseDeckRow(row) : undefined;
}

/** Of these classes, the ones the deck is shared with. */
export async function selectDeckSharesIn(
  db: Executor,
  deckId: string,
  classIds: readonly string[],
): Promise<string[]> {
  if (classIds.length === 0) return [];
  const rows = await db
    .selectFrom('deck_shares')
    .select('class_id')
    .where('deck_id', '=', deckId)
    .where('class_id', 'in', classIds)
    .execute();
  return rows.map((r) => r.class_id);
}

/** The card's and its deck's columns of a `flashcards as c` join `decks as d` (deck ones `d_…`). */
export const CARD_WITH_DECK_COLUMNS = [
  'c.id',
  'c.deck_id',
  'c.kind',
  'c.front',
  'c.back',
  'c.tags',
  'c.skill_id',
  'c.content_version',
  'c.search',
  'c.deleted_at',
  'c.created_at',
  'c.updated_at',
  'd.owner_id as d_owner_id',
  'd.title as d_title',
  'd.description as d_description',
  'd.desired_retention as d_desired_retention',
  'd.new_per_day as d_new_per_day',
  'd.reviews_per_day as d_reviews_per_day',
  'd.card_count as d_card_count',
  'd.item_seq as d_item_seq',
  'd.created_at as d_created_at',
  'd.updated_at as d_updated_at',
] as const;

type DeckColumnsAsD = { [K in keyof DeckRow as K extends 'id' ? never : `d_${K}`]: DeckRow[K] };

/** A row read with CARD_WITH_DECK_COLUMNS. */
export type CardWithDeckRow = CardRow & DeckColumnsAsD;

/** The card and its deck of a row read with CARD_WITH_DECK_COLUMNS (numbers as numbers). */
export function cardWithDeckOf(row: CardWithDeckRow): { card: CardRow; deck: DeckRow } {
  return {
    card: {
      id: row.id,
      deck_id: row.deck_id,
      kind: row.kind,
      front: row.front,
      back: row.back,
      tags: row.tags,
      skill_id: row.skill_id,
      content_version: Number(row.content_version),
      search: row.search,
      deleted_at: row.deleted_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    deck: normaliseDeckRow({
      id: row.deck_id,
      owner_id: row.d_owner_id,
      title: row.d_title,
      description: row.d_description,
      desired_retention: row.d_desired_retention,
      new_per_day: row.d_new_per_day,
      reviews_per_day: row.d_reviews_per_day,
      card_count: row.d_card_count,
      item_seq: row.d_item_seq,
      created_at: row.d_created_at,
      updated_at: row.d_updated_at,
    }),
  };
}

/** A card with its deck (one statement: the card routes' access check). */
export async function selectCardWithDeck(
  db: Executor,
  cardId: string,
): Promise<{ card: CardRow; deck: DeckRow } | undefined> {
  const row = await db
    .selectFrom('flashcards as c')
    .innerJoin('decks as d', 'd.id', 'c.deck_id')
    .select(CARD_WITH_DECK_COLUMNS)
    .where('c.id', '=', cardId)
    .executeTakeFirst();
  return row ? cardWithDeckOf(row) : undefined;
}
