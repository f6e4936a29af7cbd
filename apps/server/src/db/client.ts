import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './types.ts';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** The underlying driver handle (better-sqlite3 Database or pg Pool), for Better Auth. */
  close(): Promise<void>;
}

/** Open the database named by DATABASE_URL: `file:<path>`, `:memory:`, or `postgres://…`. */
export function createDb(url: string, options: { poolSize?: number } = {}): DbHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // A pool error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const filename = url === ':memory:' ? ':memory:' : resolve(url.replace(/^file:/, ''));
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
