import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import { createDb, type DbHandle } from '../src/db/client.ts';
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
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is mandatory in CI');
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
  options: { clock?: Clock } = {},
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
    ...envOverrides,
  });
  const db = createDb(url, { poolSize: 4 });
  const built = createApp({ env, db, secret: TEST_SECRET, ...(options.clock ? { clock: options.clock } : {}) });
  await migrate(db, built.auth);
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
