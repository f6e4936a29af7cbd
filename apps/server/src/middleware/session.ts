import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../app.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}
export type SessionVariables = { user: SessionUser | null };

/** Initial version: resolves the session user from cookie or bearer token. */
export function sessionMiddleware(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const session = await ctx.auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', session ? (session.user as unknown as SessionUser) : null);
    await next();
  };
}
