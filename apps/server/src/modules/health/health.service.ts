import type { AppContext } from '../../context.ts';
import { selectOne } from './health.queries.ts';

const DB_CHECK_TIMEOUT_MS = 3000;

/** Resolves when the database answers a real query within 3 s; rejects (with why) otherwise. */
export function checkDatabase(ctx: Pick<AppContext, 'db'>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${DB_CHECK_TIMEOUT_MS} ms`)),
      DB_CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([selectOne(ctx.db.db), timeout]).finally(() => clearTimeout(timer));
}
