import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_PREFIX, DEFAULT_RECORDS_PREFIX } from '@aprenda/shared/constants';

/**
 * The only reader of process.env. Validated at start: a bad value prints a clear message and
 * exits 1 (see server.ts). Tests build an Env with `parseEnv({...})`.
 */
const prefix = z
  .string()
  .regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/i, 'must start with "/" and have no trailing slash');

/** Sign-in/sign-up requests per client address per minute (a flood guard, not a guess limit). */
export const AUTH_RATE_LIMIT_DEFAULT = 300;

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .default('file:./data/aprenda.db')
      .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v) || v === ':memory:', {
        message: 'must be file:<path>, :memory: or postgres://…',
      }),
    APP_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    PUBLIC_URL: optionalUrl,
    API_PREFIX: prefix.default(DEFAULT_API_PREFIX),
    RECORDS_PREFIX: prefix.default(DEFAULT_RECORDS_PREFIX),
    DATA_DIR: z.string().default('./data'),
    WEB_DIST: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    /** Tests only: base URLs of a local stand-in for GitHub (authorize page and API). */
    GITHUB_OAUTH_BASE_URL: optionalUrl,
    GITHUB_API_BASE_URL: optionalUrl,
    POSTHOG_KEY: optionalString,
    POSTHOG_HOST: optionalUrl,
    REDIS_URL: optionalString,
    /**
     * Outgoing mail (password reset, e-mail verification): `smtp://user:pass@host:587` or
     * `smtps://…:465`. Unset outside production: mails are written to the server log, links
     * included. Unset in production: nothing can be sent (logged loudly at start).
     */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be smtp://… or smtps://…')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Aprenda <no-reply@aprenda.localhost>'),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    ANTHROPIC_API_KEY: optionalString,
    GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
    /** Comma-separated model names offered per provider (the first is that provider's default). */
    OPENAI_MODELS: optionalString,
    ANTHROPIC_MODELS: optionalString,
    GOOGLE_MODELS: optionalString,
    OPENROUTER_MODELS: optionalString,
    /** `<provider>:<model>` used when the chat names none (if that provider has a key). */
    AI_DEFAULT_MODEL: optionalString,
    /** An answer with no first token within this time fails with `provider_timeout`. */
    AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
    /** Chat rate limit: POST /conversations/{id}/chat calls per window per user. */
    CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    CHAT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /**
     * Bounds on the database (nothing waits forever): PostgreSQL statements running longer are
     * cancelled, lock waits fail sooner, and a request waits at most DB_POOL_ACQUIRE_TIMEOUT_MS
     * for one of DB_POOL_SIZE connections (PostgreSQL: two pools of that size — one for the
     * one-statement reads every request starts with, one for everything else, decision 0035);
     * SQLite writers wait DB_BUSY_TIMEOUT_MS for the lock.
     * Each then answers 503 `database_unavailable`.
     */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
    DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
    /**
     * SQLite: copy the write-ahead log back into the database file on a thread of its own
     * (decision 0041) instead of in whichever request commits when it passes 1,000 pages.
     */
    DB_BACKGROUND_CHECKPOINTS: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v !== 'false' && v !== '0'),
    /**
     * HTTP server timeouts (Node): all request headers within HTTP_HEADERS_TIMEOUT_MS and the whole
     * request (not the answer, which may stream) within HTTP_REQUEST_TIMEOUT_MS, else the
     * connection is closed; idle keep-alive connections close after HTTP_KEEP_ALIVE_TIMEOUT_MS.
     */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
    /**
     * How often one instance looks for answers left `streaming` by a dead process (older than
     * AI_FIRST_TOKEN_TIMEOUT_MS + ANSWER_STALE_MARGIN_MS since their last save) and fails them.
     */
    ANSWER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    ANSWER_STALE_MARGIN_MS: z.coerce.number().int().min(0).default(30_000),
    /** PostgreSQL named prepared statements (off behind a transaction-pooling proxy). */
    PG_PREPARED_STATEMENTS: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v !== 'false' && v !== '0'),
    /**
     * Response cache (decision 0018): at most this many MiB of cached JSON answers (lists of my
     * classes and conversations), checked against the database's data versions on every request.
     * 0 turns it off.
     */
    RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    /** Largest Anki package (`.apkg`) POST /decks/import/apkg accepts, in MiB (413 above). */
    FLASHCARD_IMPORT_MAX_MB: z.coerce.number().min(1).max(2048).default(100),
    /**
     * Flood guard per client address on sign-in, sign-up and the password and verification
     * mails: requests per window. High on purpose — a whole school may share one address; guessing
     * is stopped per account (AUTH_ACCOUNT_MAX_FAILURES).
     */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT_DEFAULT),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** Wrong passwords per account (e-mail) before it is locked for AUTH_ACCOUNT_LOCK_SECONDS. */
    AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    /** The failure window and the lock that follows it. */
    AUTH_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Wrong class codes per user per window (then 429), so codes cannot be guessed. */
    JOIN_CODE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v === 'true' || v === '1' || v === ''),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required when NODE_ENV=production (at least 32 characters)',
      });
    }
    // Outside production an unset PUBLIC_URL trusts the address each request came to (so
    // 127.0.0.1 and a LAN address work, lib/origins.ts); production names its one address.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'is required when NODE_ENV=production: the address people open, e.g. https://aprenda.escola.org (sign-in, mail links and the trusted origin use it)',
      });
    }
    if (Boolean(env.GITHUB_CLIENT_ID) !== Boolean(env.GITHUB_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GITHUB_CLIENT_SECRET'],
        message: 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
    this.issues = issues;
  }
}

/** Parse an environment record; throws EnvError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * Relative paths (DATA_DIR, WEB_DIST, `file:` DATABASE_URL) are taken from where the command was
 * typed: npm's INIT_CWD when run through `npm run … -w`, else the working directory. So
 * `npm start`, `npm run dev` and `npm run migrate -w @aprenda/server` all use the same ./data.
 */
export function resolvePaths(env: Env, base: string): Env {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const file = env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL.slice(5) : null;
  return {
    ...env,
    DATA_DIR: abs(env.DATA_DIR),
    ...(env.WEB_DIST ? { WEB_DIST: abs(env.WEB_DIST) } : {}),
    ...(file && file !== ':memory:' ? { DATABASE_URL: `file:${abs(file)}` } : {}),
  };
}

/** Read process.env (the only place that does). */
export function loadEnv(): Env {
  return resolvePaths(parseEnv(process.env), process.env.INIT_CWD || process.cwd());
}
