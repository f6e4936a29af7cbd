import { Hono } from 'hono';
import { MAX_JSON_BODY_BYTES } from '@aprenda/shared/constants';
import type { Env } from './env.ts';
import type { DbHandle } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type Logger, silentLogger } from './lib/logger.ts';
import { createResponseCache, type ResponseCache } from './lib/response-cache.ts';
import { errorHandler, notFoundHandler, problemResponse } from './middleware/errors.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { bodyGuard } from './middleware/body-limit.ts';
import { createRateLimitStore, rateLimit, type RateLimitStore } from './middleware/rate-limit.ts';
import { clientIp } from './middleware/client-ip.ts';
import { DEFAULT_WEB_DIST, spa } from './middleware/spa.ts';
import { type Auth, createAuth } from './auth.ts';
import { sessionMiddleware, type SessionVariables } from './middleware/session.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';

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
}

export type AppVariables = SessionVariables & { requestId: string };
export type AppEnv = { Variables: AppVariables };

export interface AppContext {
  env: Env;
  db: DbHandle;
  secret: string;
  clock: Clock;
  logger: Logger;
  auth: Auth;
  rateLimitStore: RateLimitStore;
  responseCache: ResponseCache;
}

/** Normalised path (no doubled or trailing slashes, lower case) for matching sensitive routes. */
const normalisePath = (path: string) =>
  path
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();

/** Build the HTTP app. No side effects (no listen, no migrations; Redis connects lazily). */
export function createApp(deps: AppDeps) {
  const ctx: AppContext = {
    env: deps.env,
    db: deps.db,
    secret: deps.secret,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? silentLogger,
    auth: undefined as unknown as Auth,
    rateLimitStore: deps.rateLimitStore ?? createRateLimitStore(deps.env.REDIS_URL),
    responseCache:
      deps.responseCache ?? createResponseCache(deps.env.RESPONSE_CACHE_MB * 1024 * 1024),
  };
  ctx.auth = createAuth(ctx);

  const { API_PREFIX: api, RECORDS_PREFIX: records } = ctx.env;
  const app = new Hono<AppEnv>();
  app.onError(errorHandler((entry) => ctx.logger({ level: 'error', msg: 'error', ...entry })));
  app.notFound(notFoundHandler);

  // 1. request id + log line, 2. security headers (both see every response, errors included).
  app.use('*', requestLog(ctx.logger));
  app.use('*', securityHeaders(ctx.env));

  // 3. Sign-in/sign-up attempts per client IP (before the body is even read).
  const authAttempt = new RegExp(`^${escapeRegExp(records.toLowerCase())}/auth/sign-(in|up)(/|$)`);
  app.use(
    '*',
    rateLimit({
      store: ctx.rateLimitStore,
      name: 'auth',
      max: ctx.env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: ctx.env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      key: (c) => clientIp(c, ctx.env.TRUST_PROXY),
      applies: (c) => c.req.method === 'POST' && authAttempt.test(normalisePath(c.req.path)),
      logger: ctx.logger,
    }),
  );

  // 4. Bodies: at most MAX_JSON_BODY_BYTES, well-formed JSON (API and records service only).
  for (const prefix of [api, records]) {
    app.use(prefix, bodyGuard({ maxBytes: MAX_JSON_BODY_BYTES }));
    app.use(`${prefix}/*`, bodyGuard({ maxBytes: MAX_JSON_BODY_BYTES }));
  }

  // Public, identity-free routes answer before the session lookup (a load balancer's health probe
  // must not depend on, or pay for, a session query).
  app.route(api, healthRoutes(ctx));
  app.route(api, configRoutes(ctx));

  // 5. Session (cookie or bearer) for everything else under the API prefixes.
  for (const prefix of [api, records]) {
    app.use(prefix, sessionMiddleware(ctx));
    app.use(`${prefix}/*`, sessionMiddleware(ctx));
  }
  app.route(records, recordsRoutes(ctx));
  app.route(`${api}/classes`, classesRoutes(ctx));
  app.route(`${api}/calendar`, calendarRoutes(ctx));
  app.route(api, conversationsRoutes(ctx));

  // Unknown API paths are 404 problems, never the SPA.
  for (const prefix of [api, records]) {
    const unknown = (c: Parameters<typeof notFoundHandler>[0]) =>
      problemResponse(c, 404, 'not_found', 'No such route');
    app.all(prefix, unknown);
    app.all(`${prefix}/*`, unknown);
  }

  // Everything else: the built web app with history fallback.
  app.get('*', spa({ root: ctx.env.WEB_DIST ?? DEFAULT_WEB_DIST }));

  return { app, auth: ctx.auth, ctx };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export type App = ReturnType<typeof createApp>['app'];
export type AppType = App;
