import type { UserRole } from '@aprenda/shared/constants';
import type { Auth } from './auth.ts';
import type { AnswerRelay } from './lib/answer-relay.ts';
import type { DbHandle } from './db/client.ts';
import type { Env } from './env.ts';
import type { CacheScope } from './lib/cache-scopes.ts';
import type { Clock } from './lib/clock.ts';
import type { DataVersions, ResponseCache } from './lib/response-cache.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimitStore } from './lib/rate-limits.ts';

/**
 * The types every module shares, in a leaf that imports no module, route or middleware: what the
 * app is built from (AppDeps), what every service receives (AppContext, or a Pick of it) and what a
 * request carries (AppEnv). app.ts builds them; modules only import types from here.
 */

/** Everything the app needs from outside. Tests build it in-process with their own db and clock. */
export interface AppDeps {
  env: Env;
  db: DbHandle;
  /** 32+ byte secret (from APP_SECRET or the data folder; see secret.ts). */
  secret: string;
  clock?: Clock;
  logger?: Logger;
  /** Rate-limit counters; default: Redis when REDIS_URL is set, else memory. */
  rateLimitStore?: RateLimitStore;
  /** Cache of JSON answers; default: RESPONSE_CACHE_MB of memory (decision 0018). */
  responseCache?: ResponseCache;
  /** Outgoing mail; default: SMTP_URL, else the log (outside production). */
  mailer?: Mailer;
  /** The data versions cached answers depend on; default: src/cache-scopes.ts. */
  cacheScopes?: readonly CacheScope[];
  /** Live answers (decision 0024); default: Redis when REDIS_URL is set, else memory. */
  answerRelay?: AnswerRelay;
}

export interface AppContext {
  env: Env;
  db: DbHandle;
  secret: string;
  clock: Clock;
  logger: Logger;
  auth: Auth;
  rateLimitStore: RateLimitStore;
  responseCache: ResponseCache;
  /** Every cache scope, in the order a signed-in request reads their versions. */
  cacheScopes: readonly CacheScope[];
  /** Sessions the signed-bearer fast path resolved (none when the response cache is off). */
  sessionCache: SessionCache | undefined;
  mailer: Mailer;
  /** Answers being generated, followed by any number of readers (decision 0024). */
  answerRelay: AnswerRelay;
}

/** A session resolved by the fast path, reused while the `sessions` version it was read at holds. */
export interface KnownSession {
  resolved: { user: SessionUser; session: SessionInfo };
  expiresAt: number;
  sessionsVersion: string;
}

/** Resolved sessions by signed token (insertion order: oldest first out). */
export type SessionCache = Map<string, KnownSession>;

/** The signed-in user, as the server knows it (role always from the database). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  image: string | null;
  /** The account's e-mail is confirmed (the link of the verification mail was opened). */
  emailVerified: boolean;
}

/** The current session (never carries the token). */
export interface SessionInfo {
  id: string;
  expiresAt: string;
}

export type SessionVariables = {
  user: SessionUser | null;
  session: SessionInfo | null;
  /** Data versions read with the session (signed-bearer fast path), for the response cache. */
  dataVersions: DataVersions | null;
};

export type AppVariables = SessionVariables & { requestId: string };
export type AppEnv = { Variables: AppVariables };
