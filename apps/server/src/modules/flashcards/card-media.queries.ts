import type { Executor } from '../../db/types.ts';

/**
 * Of these decks, the ones `userId` may read: their own, or shared with one of `classIds` (the
 * user's classes, from the classes module) — the rule of access.service.ts, for many decks at once.
 */
export async function selectReadableDecks(
  db: Executor,
  deckIds: readonly string[],
  userId: string,
  classIds: readonly string[],
): Promise<Set<string>> {
  if (deckIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('decks as d')
    .select('d.id')
    .where('d.id', 'in', [...new Set(deckIds)])
    .where((eb) =>
      classIds.length === 0
        ? eb('d.owner_id', '=', userId)
        : eb.or([
            eb('d.owner_id', '=', userId),
            eb.exists(
              eb
                .selectFrom('deck_shares as s')
                .select('s.deck_id')
                .whereRef('s.deck_id', '=', 'd.id')
                .where('s.class_id', 'in', [...classIds]),
            ),
          ]),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
