import { Hono } from 'hono';
import { AI_PROVIDERS, type AiProvider } from '@aprenda/shared/constants';
import { createUserActionSchema, putApiKeySchema } from '@aprenda/shared/schemas/records';
import type { AppContext, AppEnv } from '../../context.ts';
import { authErrorScope } from '../../auth.ts';
import { databaseFault } from '../../db/faults.ts';
import { databaseFaultResponse, describeError } from '../../middleware/errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../middleware/session.ts';
import { zv } from '../../middleware/validate.ts';
import { toProblemResponse } from './auth-problem.http.ts';
import {
  createUserAction,
  deleteApiKey,
  getApiKey,
  listApiKeys,
  putApiKey,
} from './records.service.ts';

function providerParam(value: string): AiProvider {
  if (!(AI_PROVIDERS as readonly string[]).includes(value)) {
    throw new AppError(
      'provider_not_supported',
      `Unknown provider; one of: ${AI_PROVIDERS.join(', ')}`,
    );
  }
  return value as AiProvider;
}

/** Records service under RECORDS_PREFIX: Better Auth, user_actions, user_api_keys. */
export function recordsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.on(['GET', 'POST'], '/auth/*', async (c) => {
    const box: { error?: unknown } = {};
    const res = await authErrorScope.run(box, () => ctx.auth.handler(c.req.raw));
    if (res.status >= 500 && box.error !== undefined) {
      const fault = databaseFault(box.error);
      ctx.logger({
        level: 'error',
        msg: fault ? 'database fault' : 'unhandled error',
        ...(fault ? { fault } : {}),
        err: describeError(box.error),
      });
      if (fault) return databaseFaultResponse(c, fault);
    }
    return toProblemResponse(res, c.req.path);
  });

  r.post('/user_actions', requireUser, zv('json', createUserActionSchema), async (c) => {
    const user = currentUser(c);
    const action = await createUserAction(ctx, user.id, c.req.valid('json'));
    return c.json(action, 201);
  });

  r.get('/user_api_keys', requireUser, async (c) => {
    const user = currentUser(c);
    return c.json({ items: await listApiKeys(ctx, user.id), nextCursor: null });
  });

  r.get('/user_api_keys/:provider', requireUser, async (c) => {
    const user = currentUser(c);
    const key = await getApiKey(ctx, user.id, providerParam(c.req.param('provider')));
    if (!key) throw notFound('No key stored for this provider');
    return c.json(key);
  });

  r.put(
    '/user_api_keys/:provider',
    requireUser,
    async (c, next) => {
      providerParam(c.req.param('provider'));
      return next();
    },
    zv('json', putApiKeySchema),
    async (c) => {
      const user = currentUser(c);
      const provider = providerParam(c.req.param('provider'));
      return c.json(await putApiKey(ctx, user.id, provider, c.req.valid('json').api_key));
    },
  );

  r.delete('/user_api_keys/:provider', requireUser, async (c) => {
    const user = currentUser(c);
    const deleted = await deleteApiKey(ctx, user.id, providerParam(c.req.param('provider')));
    if (!deleted) throw notFound('No key stored for this provider');
    return c.body(null, 204);
  });

  return r;
}
