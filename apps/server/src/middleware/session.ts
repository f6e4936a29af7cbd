import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
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

type Resolved = { user: SessionUser; session: SessionInfo } | null;
/** The fast path could not decide: ask Better Auth. */
const ASK_BETTER_AUTH = Symbol('ask-better-auth');

interface SessionRow {
  session_id: string;
  expires_at: string | Date;
  user_id: string;
  name: string;
  email: string;
  role: string | null;
  image: string | null;
}

/** A signed bearer token `<token>.<base64 HMAC-SHA-256>` (what `set-auth-token` hands out). */
const SIGNED_TOKEN = /^([^.]+)\.([A-Za-z0-9+/_-]{43}=?)$/;

/**
 * The common case without Better Auth's endpoint machinery (hooks, header copies, WebCrypto on the
 * thread pool, the adapter): a *signed* bearer token, checked the way Better Auth's bearer plugin
 * checks it (HMAC-SHA-256 with the auth secret, constant-time compare), then ONE query for the
 * session and its user — no cache, so a revoked or expired session is refused on its very next
 * request. Anything else goes to Better Auth (ASK_BETTER_AUTH): no or non-bearer Authorization,
 * unsigned tokens, a bad signature while cookies are present (Better Auth then falls back to the
 * cookie), and sessions that are expired (Better Auth deletes them) or due for the `updateAge`
 * refresh (Better Auth extends them) — so Better Auth's behaviour is kept, only made cheaper.
 */
async function resolveBearer(
  ctx: AppContext,
  headers: Headers,
): Promise<Resolved | typeof ASK_BETTER_AUTH> {
  const header = headers.get('authorization');
  if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return ASK_BETTER_AUTH;
  let raw = header.slice(7).trim();
  if (raw.includes('%')) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      // Better Auth keeps the raw value too
    }
  }
  const match = SIGNED_TOKEN.exec(raw);
  if (!match) return ASK_BETTER_AUTH;
  const [, token, signature] = match as unknown as [string, string, string];
  const auth = await ctx.auth.$context;
  const expected = createHmac('sha256', auth.secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return headers.get('cookie') ? ASK_BETTER_AUTH : null;
  }
  const { rows } = await sql<SessionRow>`
    select s.id as session_id, s."expiresAt" as expires_at, u.id as user_id, u.name, u.email,
           u.role, u.image
      from "session" s join "user" u on u.id = s."userId"
     where s.token = ${token}`.execute(ctx.db.db);
  const row = rows[0];
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  const { expiresIn, updateAge } = auth.sessionConfig;
  const now = Date.now();
  if (!(expiresAt > now) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) {
    return ASK_BETTER_AUTH;
  }
  return {
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role === 'teacher' ? 'teacher' : 'student',
      image: row.image ?? null,
    },
    session: { id: row.session_id, expiresAt: new Date(expiresAt).toISOString() },
  };
}

/** Better Auth's own getSession (cookie, unsigned bearer, refresh, expired-session cleanup). */
async function resolveWithBetterAuth(ctx: AppContext, headers: Headers): Promise<Resolved> {
  let result: Awaited<ReturnType<typeof ctx.auth.api.getSession>>;
  try {
    result = await ctx.auth.api.getSession({ headers });
  } catch (err) {
    // A malformed cookie or token is "no session"; a database failure is a real error.
    if (!(err instanceof Error) || err.name !== 'APIError') throw err;
    result = null;
  }
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string };
  return {
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role === 'teacher' ? 'teacher' : 'student',
      image: u.image ?? null,
    },
    session: {
      id: result.session.id,
      expiresAt: new Date(result.session.expiresAt).toISOString(),
    },
  };
}

/**
 * Resolves the session user from the Better Auth cookie or `Authorization: Bearer` (one lookup per
 * request, none when the request carries no credentials; signed bearer tokens take a fast path,
 * see resolveBearer), and enforces the identity contract on
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

    const fast = await resolveBearer(ctx, headers);
    const result = fast === ASK_BETTER_AUTH ? await resolveWithBetterAuth(ctx, headers) : fast;
    if (result) {
      c.set('user', result.user);
      c.set('session', result.session);
      if (claimedId !== null && claimedId !== result.user.id) {
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
