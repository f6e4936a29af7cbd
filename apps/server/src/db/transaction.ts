import type { DbHandle } from './client.ts';
import type { Trx } from './types.ts';

/**
 * Run `work` in one database transaction: committed when it resolves, rolled back when it throws
 * (the error goes on to the caller). Services decide where a transaction begins and ends; the
 * queries they call inside it take the `trx` as their executor. This keeps services free of
 * Kysely (they import only its types).
 */
export function inTransaction<T>(db: DbHandle, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.db.transaction().execute(work);
}
