import type { Executor } from '../../db/types.ts';
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
