import type { Executor } from '../../db/types.ts';

export interface ExportRow {
  front: string;
  back: string;
  /** JSON array, as stored. */
  tags: string;
}

/**
 * A deck's cards (not deleted) for the CSV export, in the order they were added: by creation
 * time, then by their first item's position (cards added together — an import, a batch — share
 * a creation time; positions follow the order they came in). At most 20,000 rows (the deck limit).
 */
export async function selectExportRows(db: Executor, deckId: string): Promise<ExportRow[]> {
  return db
    .selectFrom('flashcards as c')
    .select((eb) => [
      'c.front',
      'c.back',
      'c.tags',
      eb
        .selectFrom('flashcard_items as i')
        .select((ib) => ib.fn.min('i.position').as('p'))
        .whereRef('i.card_id', '=', 'c.id')
        .as('first_position'),
    ])
    .where('c.deck_id', '=', deckId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.created_at')
    .orderBy('first_position')
    .orderBy('c.id')
    .execute();
}
