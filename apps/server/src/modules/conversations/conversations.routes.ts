import { Hono } from 'hono';
import { createUIMessageStreamResponse } from 'ai';
import { pageQuerySchema } from '@aprenda/shared/schemas/common';
import {
  chatRequestSchema,
  createConversationSchema,
  listConversationsQuerySchema,
  updateConversationSchema,
} from '@aprenda/shared/schemas/conversations';
import type { AppContext, AppEnv } from '../../context.ts';
import { idParams as params, zv } from '../../middleware/validate.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { listModels, resolveModel } from '../ai/public.ts';
import { streamAnswer } from './answer-stream.service.ts';
import { beginChatTurn } from './chat-turn.service.ts';
import {
  createConversation,
  deleteConversation,
  getConversation,
  listClassConversations,
  listConversations,
  updateConversation,
} from './conversations.service.ts';
import { listMessages } from './messages.service.ts';
import { cachedJson } from '../../middleware/cached-json.ts';
import { classesScope } from '../classes/public.ts';
import { conversationsScope } from './conversations.cache.ts';

/** The interface language from Accept-Language (a hint for the tutor; it answers in the user's). */
function language(header: string | undefined): string {
  return header && /^\s*en\b/i.test(header) ? 'en' : 'pt-BR';
}

/**
 * Conversations, chat and the model list, mounted at the API prefix:
 * `/conversations…`, `/ai/models`, `/classes/:classId/conversations`.
 */
export function conversationsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const chatLimiter = ctx.rateLimitStore.limiter({
    name: 'chat',
    points: ctx.env.CHAT_RATE_LIMIT_MAX,
    durationSeconds: ctx.env.CHAT_RATE_LIMIT_WINDOW_SECONDS,
  });
  r.use('/conversations', requireUser);
  r.use('/conversations/*', requireUser);
  r.use('/ai/*', requireUser);
  r.use('/classes/:classId/conversations', requireUser);

  r.get('/ai/models', async (c) => c.json(await listModels(ctx, currentUser(c).id)));

  // My conversations (and searches): from the response cache while none of my conversations or
  // messages and no class (titles) has changed since (decision 0018).
  r.get('/conversations', zv('query', listConversationsQuerySchema), async (c) => {
    const { q, cursor, limit } = c.req.valid('query');
    const userId = currentUser(c).id;
    const key = JSON.stringify(['conversations', userId, limit, cursor ?? '', q ?? '']);
    return cachedJson(c, ctx, key, [classesScope, conversationsScope], () =>
      listConversations(ctx, userId, { q, cursor, limit }),
    );
  });

  r.post('/conversations', zv('json', createConversationSchema), async (c) => {
    const body = c.req.valid('json');
    return c.json(await createConversation(ctx, currentUser(c), body), 201);
  });

  r.get('/conversations/:id', params('id'), async (c) =>
    c.json(await getConversation(ctx, currentUser(c).id, c.req.valid('param').id)),
  );

  r.patch('/conversations/:id', params('id'), zv('json', updateConversationSchema), async (c) => {
    const id = c.req.valid('param').id;
    return c.json(await updateConversation(ctx, currentUser(c).id, id, c.req.valid('json')));
  });

  r.delete('/conversations/:id', params('id'), async (c) => {
    await deleteConversation(ctx, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  r.get('/conversations/:id/messages', params('id'), zv('query', pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const id = c.req.valid('param').id;
    return c.json(await listMessages(ctx, currentUser(c).id, id, { cursor, limit }));
  });

  r.post(
    '/conversations/:id/chat',
    rateLimit({ limiter: chatLimiter, key: (c) => currentUser(c).id }),
    params('id'),
    zv('json', chatRequestSchema),
    async (c) => {
      const user = currentUser(c);
      const body = c.req.valid('json');
      // The model is resolved while the turn checks and locks the conversation; the turn waits for
      // it before storing anything. Errors in this order: the conversation (404, or 403 for a
      // teacher who may read it), the text, then the model (no key, unknown model).
      const model = resolveModel(ctx, user.id, body.model);
      model.catch(() => {}); // the turn may fail first; its own error is the answer then
      const turn = await beginChatTurn(ctx, user.id, c.req.valid('param').id, {
        action: body.action,
        text: body.action === 'regenerate' ? undefined : body.text,
        model: model.then((m) => m.id),
      });
      const stream = streamAnswer(ctx, {
        turn,
        model: await model,
        mode: turn.conversation.mode,
        language: language(c.req.header('accept-language')),
        signal: c.req.raw.signal,
      });
      return createUIMessageStreamResponse({ stream, headers: { 'cache-control': 'no-store' } });
    },
  );

  r.get(
    '/classes/:classId/conversations',
    params('classId'),
    zv('query', pageQuerySchema),
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      const classId = c.req.valid('param').classId;
      return c.json(
        await listClassConversations(ctx, currentUser(c).id, classId, { cursor, limit }),
      );
    },
  );

  return r;
}
