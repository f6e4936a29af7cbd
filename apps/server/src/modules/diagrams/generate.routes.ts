import { Hono } from 'hono';
import { generateDiagramSchema } from '@aprenda/shared/schemas/diagrams';
import type { AppContext, AppEnv } from '../../context.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { zv } from '../../middleware/validate.ts';
import { generateDiagram } from './generate.service.ts';

/**
 * POST /diagrams/generate (docs/api/diagrams.md, "The tutor draws"), mounted by diagrams.routes.ts.
 * Each call is one or two provider calls: limited per user like chat turns
 * (CHAT_RATE_LIMIT_MAX per CHAT_RATE_LIMIT_WINDOW_SECONDS, its own counter).
 */
export function generateRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const limiter = ctx.rateLimitStore.limiter({
    name: 'diagrams-generate',
    points: ctx.env.CHAT_RATE_LIMIT_MAX,
    durationSeconds: ctx.env.CHAT_RATE_LIMIT_WINDOW_SECONDS,
  });
  r.post(
    '/generate',
    requireUser,
    rateLimit({ limiter, key: (c) => currentUser(c).id }),
    zv('json', generateDiagramSchema),
    async (c) => c.json(await generateDiagram(ctx, currentUser(c), c.req.valid('json'))),
  );
  return r;
}
