import { sql } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { Trx } from '../../db/types.ts';

/** PostgreSQL advisory lock key of the sweep (one instance at a time): 'aprenda.sweep'. */
const SWEEP_LOCK_KEY = 7_301_337_010;

/**
 * Take the sweep's lock for the rest of the transaction; false when another instance holds it.
 * PostgreSQL: an advisory transaction lock. SQLite serialises writers anyway: always true, with
 * no round trip.
 */
export async function trySweepLock(trx: Trx, engine: Pick<DbHandle, 'dialect'>): Promise<boolean> {
  if (engine.dialect !== 'postgres') return true;
  const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`.execute(trx);
  return Boolean(rows[0]?.locked);
}

/**
 * Mark every answer still `streaming` and untouched since `before` as `failed`
 * (`provider_stream_dropped`), its partial text kept. Reads only streaming rows (partial index
 * `messages_streaming_idx`, migration 0010). `'streaming'` is a literal in the SQL text, not a
 * parameter: a plan made without the parameters' values (PostgreSQL's generic plan of the prepared
 * statement; SQLite before it binds) cannot prove `status = $1` implies the index's
 * `status = 'streaming'` and scans the whole table instead (decision 0034). Returns how many.
 */
export async function failStaleAnswers(trx: Trx, before: string, now: string): Promise<number> {
  const result = await trx
    .updateTable('messages')
    .set({
      status: 'failed',
      error_code: 'provider_stream_dropped',
      updated_at: now,
    })
    .where('status', '=', sql.lit('streaming'))
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
