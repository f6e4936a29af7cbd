import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { failStaleAnswers, trySweepLock } from './answer-sweep.queries.ts';

/**
 * Answers left `streaming` by a process that died mid-answer: a live stream saves its text every
 * second while it flows, touches its row every 10 s while it waits, and fails on its own after the
 * first-token timeout, so a `streaming` row untouched for longer than `olderThanMs` (that timeout
 * plus a margin) has no writer any more. Mark it `failed` (`provider_stream_dropped`) with its
 * partial text, so the chat shows the reason and Retry instead of an endless cursor.
 * Reads only streaming rows (partial index `messages_streaming_idx`, migration 0010). With several
 * instances, one at a time sweeps (PostgreSQL advisory lock; SQLite serialises writers anyway).
 * Returns how many answers it failed.
 */
export async function failAbandonedAnswers(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  olderThanMs: number,
): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - olderThanMs).toISOString();
  return inTransaction(ctx.db, async (trx) => {
    if (!(await trySweepLock(trx, ctx.db))) return 0;
    return failStaleAnswers(trx, before, ctx.clock.now().toISOString());
  });
}
