import { Hono } from 'hono';
import { generateCardsSchema } from '@aprenda/shared/schemas/flashcards';
import type { AppContext, AppEnv } from '../../context.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { zv } from '../../middleware/validate.ts';
import { generateCards } from './generate.service.ts';

/**
 * POST /flashcards/generate (docs/api/flashcards.md, "Cards from the tutor"), mounted by app.ts
 * under the API prefix. Each call is a provider call: limited per user like chat turns
 * (CHAT_RATE_LIMIT_MAX per CHAT_RATE_LIMIT_WINDOW_SECONDS, its own counter).
 */
export function generateRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const limiter = ctx.rateLimitStore.limiter({
    name: 'flashcards-generate',
    points: ctx.env.CHAT_RATE_LIMIT_MAX,
    durationSeconds: ctx.env.CHAT_RATE_LIMIT_WINDOW_SECONDS,
  });
  r.post(
    '/flashcards/generate',
    requireUser,
    rateLimit({ limiter, key: (c) => currentUser(c).id }),
    zv('json', generateCardsSchema),
    async (c) => c.json(await generateCards(ctx, currentUser(c), c.req.valid('json'))),
  );
  return r;
}
