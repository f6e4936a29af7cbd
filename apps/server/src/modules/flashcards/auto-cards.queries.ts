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
