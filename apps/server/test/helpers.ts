import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import { createDb, dbOptionsFromEnv, type DbHandle } from '../src/db/client.ts';
import { CACHE_SCOPES } from '../src/cache-scopes.ts';
import { migrate } from '../src/db/migrate.ts';
import { parseEnv, type Env } from '../src/env.ts';
import type { Clock } from '../src/lib/clock.ts';

/**
 * Dialects every server suite runs on: SQLite always; PostgreSQL when TEST_DATABASE_URL is set.
 * In CI (CI=true) PostgreSQL is mandatory: a missing TEST_DATABASE_URL fails loudly.
 */
export const dialects: Array<'sqlite' | 'postgres'> = (() => {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is mandatory in CI',
    );
  }
  console.warn(
    '\n*** TEST_DATABASE_URL is not set: server tests run on SQLite only (PostgreSQL suite SKIPPED) ***\n',
  );
  return ['sqlite'];
})();

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  ctx: ReturnType<typeof createApp>['ctx'];
  db: DbHandle;
  env: Env;
  /** Where the SQLite file lives (to check what is stored at rest), or null on PostgreSQL. */
  sqliteFile: string | null;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and an in-process app. On SQLite a temp file; on PostgreSQL a
 * fresh schema in TEST_DATABASE_URL (search_path set on every connection), dropped on close.
 */
export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  envOverrides: Record<string, string> = {},
  options: { clock?: Clock; poolSize?: number } = {},
): Promise<TestApp> {
  let url: string;
  let cleanup: () => Promise<void>;
  let sqliteFile: string | null = null;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aprenda-test-'));
    sqliteFile = join(dir, 'test.db');
    url = `file:${sqliteFile}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const base = process.env.TEST_DATABASE_URL!;
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const u = new URL(base);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA "${schema}" CASCADE`);
      await c.end();
    };
  }
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Suites sign up many users from one "client"; rate-limit tests pass their own limit.
    AUTH_RATE_LIMIT_MAX: '100000',
    ...envOverrides,
  });
  const db = createDb(url, { ...dbOptionsFromEnv(env), poolSize: options.poolSize ?? 4 });
  const built = createApp({
    env,
    db,
    secret: TEST_SECRET,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await migrate(db, built.auth, CACHE_SCOPES);
  return {
    app: built.app,
    ctx: built.ctx,
    db,
    env,
    sqliteFile,
    async close() {
      await db.close();
      await cleanup();
    },
  };
}

export const ORIGIN = 'http://localhost:3000';

export interface SignedUp {
  id: string;
  token: string;
  cookie: string;
  email: string;
  password: string;
  role: string;
}

/** `name=value` pairs of every Set-Cookie of a response (attributes dropped), joined for a Cookie header. */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !/=$/.test(pair))
    .join('; ');
}

/** Merge cookie jars (`a=1; b=2` + `b=3`) — later values win, empty values delete. */
export function mergeCookies(jar: string, res: Response): string {
  const map = new Map<string, string>();
  for (const pair of jar.split('; ').filter(Boolean)) {
    const i = pair.indexOf('=');
    map.set(pair.slice(0, i), pair.slice(i + 1));
  }
  for (const raw of res.headers.getSetCookie()) {
    const pair = raw.split(';')[0]!;
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (value === '' || /max-age=0/i.test(raw)) map.delete(name);
    else map.set(name, value);
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** JSON request through app.request with the trusted Origin. */
export function jsonRequest(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    t.app.request(path, {
      method,
      headers: {
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

let userSeq = 0;

/** Sign up a fresh user through Better Auth and return its id, bearer token and session cookie. */
export async function signUp(
  t: TestApp,
  input: { role?: 'student' | 'teacher'; name?: string; email?: string; password?: string } = {},
): Promise<SignedUp> {
  userSeq += 1;
  const email =
    input.email ?? `user${userSeq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = input.password ?? 'senha-segura-1';
  const role = input.role ?? 'student';
  const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', {
    email,
    password,
    name: input.name ?? `User ${userSeq}`,
    role,
  });
  const body = (await res.json()) as { user?: { id: string } };
  if (res.status !== 200 || !body.user)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error('no set-auth-token');
  return { id: body.user.id, token, cookie: cookiesFrom(res), email, password, role };
}

/** Headers for a bearer-authenticated call. */
export const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
