import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppContext, AppEnv } from '../../context.ts';
import { problemResponse } from '../../middleware/errors.ts';

const DB_CHECK_TIMEOUT_MS = 3000;

/** GET /health → 200 `{ status: 'ok', db: 'ok' }` after a real `select 1`; 503 `unavailable` if not. */
export function healthRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/health', async (c) => {
    c.header('cache-control', 'no-store');
    try {
      await withTimeout(sql`select 1`.execute(ctx.db.db), DB_CHECK_TIMEOUT_MS);
      return c.json({ status: 'ok', db: 'ok' } as const, 200, { 'cache-control': 'no-store' });
    } catch (err) {
      ctx.logger({
        level: 'error',
        msg: 'health check failed',
        err: err instanceof Error ? err.message : String(err),
      });
      return problemResponse(c, 503, 'unavailable', 'The database is not reachable', {
        headers: { 'cache-control': 'no-store', 'retry-after': '5' },
      });
    }
  });
  return r;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
