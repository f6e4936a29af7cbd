import { Hono } from 'hono';
import { analyticsQuerySchema, todayQuerySchema } from '@aprenda/shared/schemas/metrics';
import type { AppContext, AppEnv } from '../../context.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { classAnalytics, studentInClass } from './class-analytics.service.ts';
import { today } from './today.service.ts';

/**
 * Teacher analytics and "Hoje" under the API prefix (docs/api/metrics.md). Every route needs a
 * session; a class's analytics answer its teachers only (404 for anyone else).
 */
/** Figures about people: never stored by a browser or a proxy. */
const PRIVATE = { 'cache-control': 'private, no-store' };

export function analyticsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.use('/analytics/*', requireUser);
  r.use('/today', requireUser);

  r.get(
    '/analytics/classes/:classId',
    params('classId'),
    zv('query', analyticsQuerySchema),
    async (c) =>
      c.json(
        await classAnalytics(
          ctx,
          currentUser(c).id,
          c.req.valid('param').classId,
          c.req.valid('query'),
        ),
        200,
        PRIVATE,
      ),
  );
  r.get(
    '/analytics/classes/:classId/students/:userId',
    params('classId', 'userId'),
    zv('query', analyticsQuerySchema),
    async (c) => {
      const { classId, userId } = c.req.valid('param');
      return c.json(
        await studentInClass(ctx, currentUser(c).id, classId, userId, c.req.valid('query')),
        200,
        PRIVATE,
      );
    },
  );
  r.get('/today', zv('query', todayQuerySchema), async (c) =>
    c.json(await today(ctx, currentUser(c), c.req.valid('query').tz), 200, PRIVATE),
  );
  return r;
}
