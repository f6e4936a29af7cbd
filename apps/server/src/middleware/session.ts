import type { MiddlewareHandler } from 'hono';
import { HEADER_USER_ID } from '@aprenda/shared/constants';
import type { UserRole } from '@aprenda/shared/constants';
import type { AppContext, AppEnv } from '../app.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The signed-in user, as the server knows it (role always from the database). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  image: string | null;
}

/** The current session (never carries the token). */
export interface SessionInfo {
  id: string;
  expiresAt: string;
}

export type SessionVariables = { user: SessionUser | null; session: SessionInfo | null };

function hasCredentials(headers: Headers): boolean {
  return Boolean(headers.get('cookie') || headers.get('authorization'));
}

/**
 * Resolves the session user from the Better Auth cookie or `Authorization: Bearer` (one lookup per
 * request, none when the request carries no credentials), and enforces the identity contract on
 * every API and records call: a valid session plus an `X-User-Id` naming someone else → 403
 * `identity_mismatch`. `X-User-Role` is ignored: the role comes from the database.
 *
 * Better Auth's own endpoints (`${RECORDS_PREFIX}/auth/*`) resolve their session themselves; here
 * they are only looked up when the request carries an `X-User-Id` to check.
 */
export function sessionMiddleware(ctx: AppContext): MiddlewareHandler<AppEnv> {
  const apiPrefix = ctx.env.API_PREFIX;
  const recordsPrefix = ctx.env.RECORDS_PREFIX;
  const authPrefix = `${recordsPrefix}/auth/`;
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    const path = c.req.path;
    if (!under(path, apiPrefix) && !under(path, recordsPrefix)) return next();

    const headers = c.req.raw.headers;
    const claimedId = headers.get(HEADER_USER_ID);
    if (!hasCredentials(headers)) return next();
    if (path.startsWith(authPrefix) && !claimedId) return next();

    let result: Awaited<ReturnType<typeof ctx.auth.api.getSession>>;
    try {
      result = await ctx.auth.api.getSession({ headers });
    } catch (err) {
      // A malformed cookie or token is "no session"; a database failure is a real error.
      if (!(err instanceof Error) || err.name !== 'APIError') throw err;
      result = null;
    }
    if (result) {
      const u = result.user as typeof result.user & { role?: string };
      c.set('user', {
        id: u.id,
        name: u.name,
        email: u.email,
        role: u.role === 'teacher' ? 'teacher' : 'student',
        image: u.image ?? null,
      });
      c.set('session', {
        id: result.session.id,
        expiresAt: new Date(result.session.expiresAt).toISOString(),
      });
      if (claimedId !== null && claimedId !== u.id) {
        throw forbidden('X-User-Id does not match the signed-in user', 'identity_mismatch');
      }
    }
    return next();
  };
}

/** 401 `unauthorized` unless a valid session (cookie or bearer) was resolved. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthorized();
  return next();
};

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
