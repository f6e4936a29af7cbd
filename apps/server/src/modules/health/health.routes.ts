import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../context.ts';
import { problemResponse } from '../../middleware/errors.ts';
import { checkDatabase } from './health.service.ts';

/** GET /health → 200 `{ status: 'ok', db: 'ok' }` after a real `select 1`; 503 `unavailable` if not. */
export function healthRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.get('/health', async (c) => {
    c.header('cache-control', 'no-store');
    try {
      await checkDatabase(ctx);
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
