import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { MAX_JSON_BODY_BYTES } from '@aprenda/shared/constants';
import { systemClock } from './lib/clock.ts';
import { silentLogger } from './lib/logger.ts';
import { createResponseCache } from './lib/response-cache.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createAnswerRelay } from './lib/answer-relay.ts';
import { errorHandler, notFoundHandler, problemResponse } from './middleware/errors.ts';
import { MemoRouter } from './middleware/memo-router.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { bodyGuard } from './middleware/body-limit.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { createRateLimitStore } from './lib/rate-limits.ts';
import { accountKeyOf, signInAccountLimiter } from './lib/sign-in-lock.ts';
import { clientIp } from './middleware/client-ip.ts';
import { inputGuard } from './middleware/input-guard.ts';
import { originGuard } from './middleware/origin-guard.ts';
import { tokenPathRedactor } from './lib/log-redaction.ts';
import { trustedOrigins } from './lib/origins.ts';
import { DEFAULT_WEB_DIST, spa } from './middleware/spa.ts';
import { type Auth, createAuth } from './auth.ts';
import type { AppContext, AppDeps, AppEnv } from './context.ts';
import { CACHE_SCOPES } from './cache-scopes.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { publicConfig } from './modules/config/public.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { skillsRoutes } from './modules/skills/skills.routes.ts';
import { generateRoutes } from './modules/flashcards/generate.routes.ts';
import { flashcardsRoutes } from './modules/flashcards/flashcards.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { exercisesRoutes } from './modules/exercises/exercises.routes.ts';
import { assignmentsRoutes } from './modules/exercises/assignments.routes.ts';
import { importBodyRoutes, importRoutes } from './modules/flashcards/import.routes.ts';
import { mediaBodyRoutes, mediaRoutes } from './modules/flashcards/media.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { boardsBodyRoutes, boardsRoutes } from './modules/boards/boards.routes.ts';
import { diagramsRoutes } from './modules/diagrams/diagrams.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';

/** Password-reset and verification mails per e-mail address per hour. */
const AUTH_MAILS_PER_HOUR = 5;

/**
 * The methods that can change state: every route answering anything but GET, HEAD or OPTIONS uses
 * one of these (test/cross-site.test.ts checks it). Guards that only concern writes are registered for them
 * alone, so a read does not pass through them at all (each layer of Hono's chain costs a read
 * ~1 µs of CPU; issue 16).
 */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Normalised path (no doubled or trailing slashes, lower case) for matching sensitive routes. */
const normalisePath = (path: string) =>
  path
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();

/** Build the HTTP app. No side effects (no listen, no migrations; Redis connects lazily). */
export function createApp(deps: AppDeps) {
  const responseCache =
    deps.responseCache ?? createResponseCache(deps.env.RESPONSE_CACHE_MB * 1024 * 1024);
  const ctx: AppContext = {
    env: deps.env,
    db: deps.db,
    secret: deps.secret,
    clock: deps.clock ?? systemClock,
    logger: deps.logger ?? silentLogger,
    auth: undefined as unknown as Auth,
    rateLimitStore: deps.rateLimitStore ?? createRateLimitStore(deps.env.REDIS_URL, deps.logger),
    responseCache,
    cacheScopes: deps.cacheScopes ?? CACHE_SCOPES,
    sessionCache: responseCache.maxBytes > 0 ? new Map() : undefined,
    mailer: undefined as unknown as Mailer,
    answerRelay: deps.answerRelay ?? createAnswerRelay(deps.env.REDIS_URL, deps.logger),
  };
  ctx.mailer = deps.mailer ?? createMailer(deps.env, (entry) => ctx.logger(entry));
  ctx.auth = createAuth(ctx);

  const { API_PREFIX: api, RECORDS_PREFIX: records } = ctx.env;
  // `/api/*` matches `/api` itself too (Hono), so one pattern per prefix.
  const prefixes = [`${api}/*`, `${records}/*`];
  const app = new Hono<AppEnv>({ router: new MemoRouter() });
  /** Middleware for writes only (see WRITE_METHODS). */
  const onWrites = (path: string, handler: MiddlewareHandler) =>
    app.on([...WRITE_METHODS], [path], handler);
  /**
   * Middleware for POSTs only: the auth attempts and mails the rate limits below count (so their
   * `applies` tests only the path).
   */
  const onPosts = (path: string, handler: MiddlewareHandler) => app.on('POST', [path], handler);
  app.onError(errorHandler((entry) => ctx.logger({ level: 'error', msg: 'error', ...entry })));
  app.notFound(notFoundHandler);

  // 1. request id + log line (paths carrying a token redacted), 2. security headers (both see
  // every response, errors included).
  app.use('*', requestLog(ctx.logger, tokenPathRedactor(ctx.env)));
  app.use('*', securityHeaders(ctx.env));

  // 3. Hostile URLs (NUL in the path or query), then cross-site writes — before any body is read.
  for (const path of prefixes) {
    app.use(path, inputGuard());
    onWrites(path, originGuard({ trusted: (url) => trustedOrigins(ctx.env, url) }));
  }

  // 4. Flood guard per client address on sign-in, sign-up and the auth mails (before the body is
  // even read). High: a whole school may share one address; guessing is limited per account (6).
  const authAttempt = new RegExp(
    `^${escapeRegExp(records.toLowerCase())}/auth/(sign-(in|up)|request-password-reset|reset-password|send-verification-email|change-password)(/|$)`,
  );
  onPosts(
    '*',
    rateLimit({
      limiter: ctx.rateLimitStore.limiter({
        name: 'auth-ip',
        points: ctx.env.AUTH_RATE_LIMIT_MAX,
        durationSeconds: ctx.env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      }),
      key: (c) => clientIp(c, ctx.env.TRUST_PROXY),
      applies: (c) => authAttempt.test(normalisePath(c.req.path)),
    }),
  );

  // 5. Bodies: at most MAX_JSON_BODY_BYTES of well-formed JSON without NUL (API and records only).
  // The few routes with their own limit or raw bytes (imports, images) are declared by their modules.
  const bodyRoutes = [
    ...importBodyRoutes(ctx.env),
    ...mediaBodyRoutes(ctx.env),
    ...boardsBodyRoutes(ctx.env),
  ];
  for (const path of prefixes) {
    app.use(path, bodyGuard({ maxBytes: MAX_JSON_BODY_BYTES, routes: bodyRoutes }));
  }

  // 6. Wrong passwords per account: after AUTH_ACCOUNT_MAX_FAILURES the account (whatever the
  // address) is locked for AUTH_ACCOUNT_LOCK_SECONDS; a correct password clears the count, and so
  // does a password reset (lib/sign-in-lock.ts).
  const signInEmail = `${records.toLowerCase()}/auth/sign-in/email`;
  onPosts(
    '*',
    rateLimit({
      limiter: signInAccountLimiter(ctx.env, ctx.rateLimitStore),
      applies: (c) => normalisePath(c.req.path) === signInEmail,
      key: accountKey,
      code: 'sign_in_locked',
      settle: (status) => (status === 200 ? 'reset' : status === 401 ? 'keep' : 'refund'),
    }),
  );

  // Public, identity-free routes answer before the session lookup (a load balancer's health probe
  // must not depend on, or pay for, a session query).
  app.route(api, healthRoutes(ctx));
  app.route(api, configRoutes(ctx));

  // Auth mails per account: a few resets or verification mails an hour, so nobody's mailbox can be
  // flooded through us (the count is per address asked for, whether or not it has an account).
  const authMail = new RegExp(
    `^${escapeRegExp(records.toLowerCase())}/auth/(request-password-reset|send-verification-email)$`,
  );
  onPosts(
    '*',
    rateLimit({
      limiter: ctx.rateLimitStore.limiter({
        name: 'auth-mail-account',
        points: AUTH_MAILS_PER_HOUR,
        durationSeconds: 3600,
      }),
      applies: (c) => authMail.test(normalisePath(c.req.path)),
      key: accountKey,
      settle: (status) => (status < 300 ? 'keep' : 'refund'),
    }),
  );

  // 7. Session (cookie or bearer) for everything else under the API prefixes.
  for (const path of prefixes) app.use(path, sessionMiddleware(ctx));
  app.route(records, recordsRoutes(ctx));
  app.route(`${api}/classes`, classesRoutes(ctx));
  app.route(`${api}/calendar`, calendarRoutes(ctx));
  app.route(api, conversationsRoutes(ctx));
  app.route(`${api}/skills`, skillsRoutes(ctx));
  app.route(api, generateRoutes(ctx));
  app.route(api, flashcardsRoutes(ctx));
  app.route(`${api}/metrics`, metricsRoutes(ctx));
  app.route(api, exercisesRoutes(ctx));
  app.route(api, assignmentsRoutes(ctx));
  app.route(api, importRoutes(ctx));
  app.route(api, mediaRoutes(ctx));
  app.route(api, analyticsRoutes(ctx));
  app.route(`${api}/boards`, boardsRoutes(ctx));
  app.route(`${api}/diagrams`, diagramsRoutes(ctx));
  app.route(`${api}/account`, accountRoutes(ctx));

  // Unknown API paths are 404 problems, never the SPA.
  for (const prefix of [api, records]) {
    const unknown = (c: Parameters<typeof notFoundHandler>[0]) =>
      problemResponse(c, 404, 'not_found', 'No such route');
    app.all(prefix, unknown);
    app.all(`${prefix}/*`, unknown);
  }

  // Everything else: the built web app with history fallback; its index.html carries the same
  // configuration as GET {API_PREFIX}/config (decision 0033).
  app.get(
    '*',
    spa({
      root: ctx.env.WEB_DIST ?? DEFAULT_WEB_DIST,
      config: publicConfig(ctx.env),
      sessionCheck: `${records}/auth/get-session`,
    }),
  );

  return { app, auth: ctx.auth, ctx };
}

/**
 * The account a sign-in names: a hash of its normalised e-mail (no address in the limiter's
 * store), or null when the body names none (Better Auth answers 400 then).
 */
async function accountKey(c: Context): Promise<string | null> {
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown };
    if (typeof body.email !== 'string' || body.email.trim() === '') return null;
    return accountKeyOf(body.email);
  } catch {
    return null;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
