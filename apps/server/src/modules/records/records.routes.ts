import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../app.ts';

/** Records service under RECORDS_PREFIX: Better Auth, user_actions, user_api_keys. */
export function recordsRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  r.on(['GET', 'POST'], '/auth/*', (c) => ctx.auth.handler(c.req.raw));
  return r;
}
