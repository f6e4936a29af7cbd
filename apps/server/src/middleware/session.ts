import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { HEADER_USER_ID } from '@aprenda/shared/constants';
import type { AppContext, AppEnv, SessionInfo, SessionUser } from '../context.ts';
import type { ReadLane } from '../db/client.ts';
import { sessionsScope } from '../auth.ts';
import { selectSignedSession } from '../modules/records/public.ts';
import { scopeNamesFor } from '../lib/cache-scopes.ts';
import { type DataVersions, readVersionMap } from '../lib/response-cache.ts';
import { underPrefix } from '../lib/prefixes.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';

function hasCredentials(headers: Headers): boolean {
  return Boolean(headers.get('cookie') || headers.get('authorization'));
}

type Resolved = { user: SessionUser; session: SessionInfo; versions?: DataVersions } | null;
/** The fast path could not decide: ask Better Auth. */
const ASK_BETTER_AUTH = Symbol('ask-better-auth');

/** A signed bearer token `<token>.<base64 HMAC-SHA-256>` (what `set-auth-token` hands out). */
const SIGNED_TOKEN = /^([^.]+)\.([A-Za-z0-9+/_-]{43}=?)$/;

/**
 * The common case without Better Auth's endpoint machinery (hooks, header copies, WebCrypto on the
 * thread pool, the adapter): a *signed* bearer token, checked the way Better Auth's bearer plugin
 * checks it (HMAC-SHA-256 with the auth secret, constant-time compare), then ONE query: for the
 * session and its user, or — when this process resolved the token before — for the data versions
 * only (decision 0018): the resolved session is reused while the `sessions` version it was read
 * at still holds, and every update or deletion of any session or user bumps that version in the
 * same transaction (migration 0008). So a revoked session is refused on its very next request,
 * whoever revoked it, and the versions read come along for the response cache (`dataVersions`).
 * Anything else goes to Better Auth (ASK_BETTER_AUTH): no or non-bearer Authorization,
 * unsigned tokens, a bad signature while cookies are present (Better Auth then falls back to the
 * cookie), and sessions that are expired (Better Auth deletes them) or due for the `updateAge`
 * refresh (Better Auth extends them) — so Better Auth's behaviour is kept, only made cheaper.
 */
async function resolveBearer(
  ctx: AppContext,
  headers: Headers,
  lane: ReadLane,
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
  const auth = authContexts.get(ctx.auth) ?? (await authContextOf(ctx.auth));
  const { expiresIn, updateAge } = auth.sessionConfig;
  /** Expired (Better Auth deletes it) or due for the refresh (Better Auth extends it). */
  const betterAuthsTurn = (expiresAt: number, now: number) =>
    !(expiresAt > now) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;

  // Known by its whole signed form (token AND signature): a signature this process has verified
  // already needs no HMAC again; any other string misses and is verified below.
  const cache = ctx.sessionCache;
  const known = cache?.get(raw);
  if (cache && known) {
    const versions = await readVersionMap(
      ctx.db,
      scopeNamesFor(ctx.cacheScopes, known.resolved.user.id),
      lane,
    );
    if (versions.get(sessionsScope.name) === known.sessionsVersion) {
      if (betterAuthsTurn(known.expiresAt, Date.now())) {
        cache.delete(raw);
        return ASK_BETTER_AUTH;
      }
      return { ...known.resolved, versions };
    }
    cache.delete(raw);
  }

  const expected = createHmac('sha256', hmacKey(auth.secret)).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return headers.get('cookie') ? ASK_BETTER_AUTH : null;
  }

  // The `sessions` version in the same statement (one snapshot) as the session it vouches for.
  const row = await selectSignedSession(ctx.db.db, sessionsScope.name, token, lane);
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  if (betterAuthsTurn(expiresAt, Date.now())) return ASK_BETTER_AUTH;
  const resolved = {
    user: Object.freeze({
      id: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role === 'teacher' ? ('teacher' as const) : ('student' as const),
      image: row.image ?? null,
      emailVerified: Boolean(row.email_verified),
    }),
    session: Object.freeze({ id: row.session_id, expiresAt: isoText(row.expires_at, expiresAt) }),
  };
  if (cache && row.sessions_version !== null) {
    if (cache.size >= SESSION_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(raw, { resolved, expiresAt, sessionsVersion: String(row.sessions_version) });
  }
  return resolved;
}

/** An ISO-8601 UTC timestamp as `toISOString` writes it. */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/**
 * The stored expiry as `toISOString` would write it: SQLite hands back that very text (kept, not
 * formatted again: V8 formats a date through `snprintf`), PostgreSQL a Date.
 */
function isoText(stored: unknown, ms: number): string {
  return typeof stored === 'string' && CANONICAL_ISO.test(stored)
    ? stored
    : new Date(ms).toISOString();
}

type AuthContext = Awaited<AppContext['auth']['$context']>;
/** Better Auth's context once resolved, by instance: no promise awaited on every request. */
const authContexts = new WeakMap<AppContext['auth'], AuthContext>();
async function authContextOf(auth: AppContext['auth']): Promise<AuthContext> {
  const resolved = await auth.$context;
  authContexts.set(auth, resolved);
  return resolved;
}

/** The auth secret as a key object, made once (a string key is converted on every HMAC). */
let hmacKeyOf: { secret: string; key: KeyObject } | undefined;
function hmacKey(secret: string): KeyObject {
  if (hmacKeyOf?.secret !== secret) hmacKeyOf = { secret, key: createSecretKey(secret, 'utf8') };
  return hmacKeyOf.key;
}

/** Sessions resolved by the fast path, by signed token (oldest out first beyond this many). */
const SESSION_CACHE_ENTRIES = 20_000;

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
      emailVerified: Boolean(u.emailVerified),
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

  return async (c, next) => {
    c.set('user', null);
    c.set('session', null);
    c.set('dataVersions', null);
    const path = c.req.path;
    // Only under the API prefixes, and not for Better Auth's own endpoints unless an X-User-Id
    // is to be checked.
    const headers =
      underPrefix(path, apiPrefix) || underPrefix(path, recordsPrefix)
        ? c.req.raw.headers
        : undefined;
    const claimedId = headers?.get(HEADER_USER_ID) ?? null;
    if (headers && hasCredentials(headers) && (claimedId || !path.startsWith(authPrefix))) {
      // A write's session check runs on the write pool, not queued behind the readers (0045).
      const method = c.req.method;
      const fast = await resolveBearer(
        ctx,
        headers,
        method === 'GET' || method === 'HEAD' ? 'reads' : 'writes',
      );
      const result = fast === ASK_BETTER_AUTH ? await resolveWithBetterAuth(ctx, headers) : fast;
      if (result) {
        c.set('user', result.user);
        c.set('session', result.session);
        if (result.versions) c.set('dataVersions', result.versions);
        if (claimedId !== null && claimedId !== result.user.id) {
          throw forbidden('X-User-Id does not match the signed-in user', 'identity_mismatch');
        }
      }
    }
    // `await next()`, not `return next()`: an async function that returns a promise takes two
    // more turns of the microtask queue to settle (decision 0048).
    await next();
  };
}

/** 401 `unauthorized` unless a valid session (cookie or bearer) was resolved. */
export const requireUser: MiddlewareHandler<AppEnv> = (c, next) => {
  // Not `async`: a pass-through hands on next()'s promise as it is (decision 0046).
  if (!c.get('user')) throw unauthorized();
  return next();
};

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
