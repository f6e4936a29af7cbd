import { Hono } from 'hono';
import { metricsQuerySchema } from '@aprenda/shared/schemas/metrics';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { zv } from '../../middleware/validate.ts';
import { studentMetrics } from './metrics.service.ts';

/** GET /metrics/me — the caller's own metrics (docs/api/metrics.md); signed in only. */
export function metricsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('/me', requireUser);
  r.get('/me', zv('query', metricsQuerySchema), async (c) =>
    c.json(await studentMetrics(ctx, currentUser(c).id, c.req.valid('query')), 200, {
      'cache-control': 'private, no-store',
    }),
  );
  return r;
}
