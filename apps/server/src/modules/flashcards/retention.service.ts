import { RETENTION_WINDOW_DAYS, type DeckRetention } from '@aprenda/shared/schemas/flashcards';
import type { ReadCtx } from './access.service.ts';
import { selectRetention } from './retention.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True retention, as Anki shows it: of the caller's reviews of this deck in the last
 * RETENTION_WINDOW_DAYS days of cards that were already learnt (state `review`), the share
 * remembered (Difícil, Bom or Fácil). `rate` is null with no such review yet. Compared on the
 * deck screen with the desired retention the schedule aims at.
 */
export async function deckRetention(
  ctx: ReadCtx,
  userId: string,
  deckId: string,
): Promise<DeckRetention> {
  const since = new Date(ctx.clock.now().getTime() - RETENTION_WINDOW_DAYS * DAY_MS).toISOString();
  const { reviews, passed } = await selectRetention(ctx.db.db, userId, deckId, since);
  return { days: RETENTION_WINDOW_DAYS, reviews, rate: reviews > 0 ? passed / reviews : null };
}
