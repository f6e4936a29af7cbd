import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './types.ts';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * The first row of a small read as an array of values (undefined: no row), straight on the
   * driver: for the one read every cached request makes (decision 0018), where Kysely's compile,
   * plugins and connection mutex cost more than the query. Use Kysely everywhere else. SQLite: a
   * kept prepared statement, run synchronously — unless a Kysely transaction is open on the
   * connection, then through Kysely (which waits for it), so uncommitted rows are never read.
   * PostgreSQL: a named prepared statement on a pooled connection.
   */
  readRow(text: string, params: readonly unknown[]): Promise<unknown[] | undefined>;
}

/** A statement name per SQL text (`k` + 20 hex digits of its SHA-1). */
const statementName = (text: string) =>
  `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/** Distinct SQL texts kept prepared (per SQLite handle; per process for PostgreSQL names). */
const STATEMENT_CACHE_SIZE = 2000;

/**
 * better-sqlite3 behind Kysely re-prepares every query (Kysely's driver calls `prepare` each time,
 * ~50 µs a statement). Keep compiled statements by SQL text, least recently used out first.
 * better-sqlite3 re-compiles a cached statement by itself after a schema change; a statement that
 * is still being iterated (`busy`) is never handed out twice.
 */
function cachingSqlite(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}

/**
 * PostgreSQL: send plain DML as *named* prepared statements, so the server parses and plans each
 * distinct text once per connection instead of on every request (pg keeps the name per
 * connection). Only SELECT/INSERT/UPDATE/DELETE/WITH with parameters, and at most
 * STATEMENT_CACHE_SIZE distinct texts per process — DDL, migrations and one-off texts stay unnamed.
 * Not for a transaction-pooling proxy (PgBouncer in transaction mode without prepared-statement
 * support): set PG_PREPARED_STATEMENTS=false there (see env.ts).
 */
function namingPool(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name) return name;
    if (
      names.size >= STATEMENT_CACHE_SIZE ||
      !/^\s*(select|insert|update|delete|with)\b/i.test(text)
    ) {
      return undefined;
    }
    name = statementName(text);
    names.set(text, name);
    return name;
  };
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    const marked = client as pg.PoolClient & { aprendaNamed?: true };
    if (!marked.aprendaNamed) {
      marked.aprendaNamed = true;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (config: unknown, values?: unknown) => {
        if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
          const name = nameOf(config);
          if (name) return query({ name, text: config, values });
        }
        return values === undefined ? query(config) : query(config, values);
      };
    }
    return client;
  };
  return pool;
}

/** Open the database named by DATABASE_URL: `file:<path>`, `:memory:`, or `postgres://…`. */
export function createDb(
  url: string,
  options: { poolSize?: number; preparedStatements?: boolean } = {},
): DbHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const raw = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // A pool error (e.g. the server restarted) must not crash the process.
    raw.on('error', () => {});
    const pool = options.preparedStatements === false ? raw : namingPool(raw);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const names = new Map<string, string>();
    const readRow = async (text: string, params: readonly unknown[]) => {
      let name = names.get(text);
      if (!name) names.set(text, (name = statementName(text)));
      const client = await pool.connect();
      try {
        const result = await client.query({ name, text, values: [...params], rowMode: 'array' });
        return result.rows[0] as unknown[] | undefined;
      } finally {
        client.release();
      }
    };
    return { db, dialect: 'postgres', close: () => db.destroy(), readRow };
  }
  const filename = url === ':memory:' ? ':memory:' : resolve(url.replace(/^file:/, ''));
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Read through the OS page cache instead of copying pages into SQLite's own buffers.
  sqlite.pragma('mmap_size = 1073741824');
  const statements = cachingSqlite(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // Its own statements (raw mode: rows as arrays), never shared with Kysely's; few distinct texts.
  const rowStatements = new Map<string, SQLite.Statement>();
  const readRow = async (text: string, params: readonly unknown[]) => {
    if (sqlite.inTransaction) {
      const { rows } = await db.executeQuery(CompiledQuery.raw(text, [...params]));
      return rows[0] ? Object.values(rows[0] as object) : undefined;
    }
    let stmt = rowStatements.get(text);
    if (!stmt) {
      if (rowStatements.size >= 64) rowStatements.clear();
      rowStatements.set(text, (stmt = sqlite.prepare(text).raw(true)));
    }
    return stmt.get(...params) as unknown[] | undefined;
  };
  return { db, dialect: 'sqlite', close: () => db.destroy(), readRow };
}
