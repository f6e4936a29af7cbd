import { Hono } from 'hono';
import {
  generateItemsSchema,
  giftImportSchema,
  itemInputSchema,
  listItemsQuerySchema,
  practiceAnswerSchema,
  practiceNextSchema,
  practiceSettingsSchema,
  tryItemSchema,
} from '@aprenda/shared/schemas/exercises';
import type { AppContext, AppEnv } from '../../context.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { generateItems } from './generate.service.ts';
import { importGift } from './gift-import.service.ts';
import {
  createItem,
  deleteItem,
  getItem,
  listItems,
  tryItem,
  updateItem,
} from './items.service.ts';
import {
  answerPractice,
  nextPracticeItem,
  practiceSkills,
  skillHistory,
} from './practice.service.ts';
import { getPracticeSettings, putPracticeSettings } from './settings.service.ts';

/**
 * Exercise items (authors) and adaptive practice (students) under the API prefix
 * (docs/api/exercises.md). Every route needs a session; an item is its author's — anyone else
 * gets 404 — and a student reaches items only through practice, which never sends an answer.
 */
export function exercisesRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  for (const path of ['/items', '/items/*', '/practice/*']) r.use(path, requireUser);

  // ── Items ──
  r.get('/items', zv('query', listItemsQuerySchema), async (c) =>
    c.json(await listItems(ctx, currentUser(c).id, c.req.valid('query'))),
  );

  r.post('/items', zv('json', itemInputSchema), async (c) =>
    c.json(await createItem(ctx, currentUser(c), c.req.valid('json')), 201),
  );

  // Each call is a provider call: limited per user like chat turns (its own counter).
  const generateLimiter = ctx.rateLimitStore.limiter({
    name: 'items-generate',
    points: ctx.env.CHAT_RATE_LIMIT_MAX,
    durationSeconds: ctx.env.CHAT_RATE_LIMIT_WINDOW_SECONDS,
  });
  r.post(
    '/items/generate',
    rateLimit({ limiter: generateLimiter, key: (c) => currentUser(c).id }),
    zv('json', generateItemsSchema),
    async (c) => c.json(await generateItems(ctx, currentUser(c), c.req.valid('json'))),
  );

  r.post('/items/import/gift', zv('json', giftImportSchema), async (c) => {
    const input = c.req.valid('json');
    const answer = await importGift(ctx, currentUser(c), input);
    return c.json(answer, input.save ? 201 : 200);
  });

  r.get('/items/:id', params('id'), async (c) =>
    c.json(await getItem(ctx, currentUser(c).id, c.req.valid('param').id)),
  );

  r.put('/items/:id', params('id'), zv('json', itemInputSchema), async (c) =>
    c.json(await updateItem(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
  );

  r.delete('/items/:id', params('id'), async (c) => {
    await deleteItem(ctx, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  r.post('/items/:id/try', params('id'), zv('json', tryItemSchema), async (c) =>
    c.json(await tryItem(ctx, currentUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
  );

  // ── Practice ──
  r.get('/practice/settings', async (c) =>
    c.json(await getPracticeSettings(ctx, currentUser(c).id)),
  );

  r.put('/practice/settings', zv('json', practiceSettingsSchema), async (c) =>
    c.json(await putPracticeSettings(ctx, currentUser(c).id, c.req.valid('json'))),
  );

  r.get('/practice/skills', async (c) => c.json(await practiceSkills(ctx, currentUser(c).id)));

  r.get('/practice/skills/:id/history', params('id'), async (c) =>
    c.json(await skillHistory(ctx, currentUser(c).id, c.req.valid('param').id)),
  );

  r.post('/practice/next', zv('json', practiceNextSchema), async (c) =>
    c.json(await nextPracticeItem(ctx, currentUser(c).id, c.req.valid('json'))),
  );

  r.post('/practice/answers', zv('json', practiceAnswerSchema), async (c) => {
    const { created, answer } = await answerPractice(ctx, currentUser(c).id, c.req.valid('json'));
    return c.json(answer, created ? 201 : 200);
  });

  return r;
}
