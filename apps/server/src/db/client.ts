import { pinParameters } from './sqlite-parameters.ts';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { isConnectionFault } from './faults.ts';
import {
  fallbackAutocheckpointPages,
  startCheckpointer,
  type Checkpointer,
  type CheckpointerOptions,
} from './sqlite-checkpoints.ts';
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
   * PostgreSQL: a named prepared statement on a pooled connection of `lane`'s pool.
   */
  readRow(
    text: string,
    params: readonly unknown[],
    lane?: ReadLane,
  ): Promise<unknown[] | undefined>;
  /**
   * A SELECT compiled once and kept by reference (db/prepared.ts builds the text from Kysely once
   * per shape): SQLite, its better-sqlite3 statement, run synchronously — through Kysely while a
   * Kysely transaction is open on the connection, as `readRow`; PostgreSQL, a named statement whose
   * name is computed here, once. Running it looks nothing up by SQL text (decision 0032).
   */
  prepare(text: string): PreparedStatement;
  /** SQLite (a file): the thread that checkpoints its write-ahead log (decision 0041). */
  checkpointer?: Checkpointer;
}

/**
 * The PostgreSQL pool a driver-level read (`readRow`, `prepare`) runs on: `reads` (the default;
 * the pool of the per-request reads, decision 0035), or `writes` — the main pool, for the reads a
 * write request makes before its statements (its session check), so that no part of a write
 * queues behind a crowd of readers (decision 0045). SQLite has no pools: ignored.
 */
export type ReadLane = 'reads' | 'writes';

/** A SELECT kept prepared (`DbHandle.prepare`): its rows for these parameters. */
export interface PreparedStatement {
  all(params: readonly unknown[], lane?: ReadLane): Promise<unknown[]>;
  /** The first row only (SQLite stops stepping after it: cheaper for a one-row lookup). */
  first(params: readonly unknown[], lane?: ReadLane): Promise<unknown>;
}

/** The handle a Kysely instance was created with (db/prepared.ts runs on it when it is given one). */
const handles = new WeakMap<object, DbHandle>();

/** The DbHandle whose `db` is `executor` (undefined: a transaction, or not one of ours). */
export function handleOf(executor: object): DbHandle | undefined {
  return handles.get(executor);
}

/** A statement name per SQL text (`k` + 20 hex digits of its SHA-1). */
const statementName = (text: string) =>
  `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/** Distinct SQL texts kept prepared (per SQLite handle; per process for PostgreSQL names). */
const STATEMENT_CACHE_SIZE = 2000;

/** What Kysely's SQLite driver needs of a statement, for a ROLLBACK with nothing to roll back. */
const NO_OP_STATEMENT = {
  reader: false,
  busy: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SQLite.Statement;

/**
 * better-sqlite3 behind Kysely re-prepares every query (Kysely's driver calls `prepare` each time,
 * ~50 µs a statement). Keep compiled statements by SQL text, least recently used out first — each
 * with its parameters pinned (`+?`, db/sqlite-parameters.ts), or SQLite would still parse and plan
 * it again on every run.
 * better-sqlite3 re-compiles a cached statement by itself after a schema change; a statement that
 * is still being iterated (`busy`) is never handed out twice.
 */
function cachingSqlite(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // SQLite ends a transaction by itself when a write fails with SQLITE_FULL, SQLITE_IOERR or
      // SQLITE_BUSY in some cases; Kysely then sends ROLLBACK, which would throw "cannot rollback -
      // no transaction is active" and hide the real error from the log and the error middleware.
      if (!sqlite.inTransaction && /^\s*rollback\s*$/i.test(sql)) return NO_OP_STATEMENT;
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(pinParameters(sql));
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
 * Each client's `query` is wrapped once, when the pool opens it (see hardenPool on why not per
 * checkout).
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
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [config, values] = args;
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = nameOf(config);
        if (name) return query({ name, text: config, values }, ...args.slice(2));
      }
      return query(...args);
    };
  });
  return pool;
}

/** Bounds that keep a stalled or locked database from holding requests forever. */
export interface DbOptions {
  poolSize?: number;
  preparedStatements?: boolean;
  /** PostgreSQL: a statement running longer is cancelled (0 = no limit). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: a query the server has not answered for this long fails with "Query read timeout"
   * and its connection is cut (a server that stopped answering; 0 = never). Default: the statement
   * timeout + 5 s, or 0 when there is no statement timeout.
   */
  readTimeoutMs?: number;
  /** PostgreSQL: waiting for a lock longer fails the statement (0 = up to the statement timeout). */
  lockTimeoutMs?: number;
  /** PostgreSQL: waiting longer for a pooled connection (or to open one) fails the request. */
  acquireTimeoutMs?: number;
  /** PostgreSQL: a pooled connection beyond the warm ones closes after idling this long. */
  poolIdleMs?: number;
  /** SQLite: how long a write waits for another writer's lock. */
  busyTimeoutMs?: number;
  /**
   * SQLite (a file): checkpoints on a worker thread instead of in whichever request commits
   * (db/sqlite-checkpoints.ts, decision 0041) — default true; false: SQLite's own, on the
   * connection that commits.
   */
  backgroundCheckpoints?: boolean | CheckpointerOptions;
  /** Connection faults are logged here (never their SQL or parameters). */
  logger?: Logger;
}

/** Defaults of the bounds (env.ts has the same, as DB_* variables). */
export const DB_DEFAULTS = {
  poolSize: 10,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  acquireTimeoutMs: 5_000,
  busyTimeoutMs: 5_000,
} as const;

/**
 * PostgreSQL: how long a pooled connection may idle before it is closed (pg-pool's default is
 * 10 s), and how many each pool keeps open however long they idle (pg-pool's `min`). A connection
 * opened again costs a backend start and, statement by statement, preparing the named statements
 * anew; with 10 s, a few writes a second kept closing and reopening the connections their bursts
 * need, and those writes paid it (decision 0040).
 */
export const PG_POOL_IDLE_MS = 60_000;
export const PG_POOL_WARM_CONNECTIONS = 4;

/** A query object pg runs itself (a cursor, a stream): passed on as it is. */
interface Submittable {
  submit: unknown;
}

/** pg's promise form gives a failed query the caller's stack (not the socket's); so do we. */
function withCallerStack(err: unknown): never {
  if (err instanceof Error) Error.captureStackTrace(err);
  throw err;
}

type PoolClient = pg.PoolClient & {
  /**
   * pg's own mark of a usable connection (private to pg): false after a connection error, and
   * pg-pool then closes the client on release instead of pooling it. Set false here too when a
   * query fails at the connection level (the socket may not have noticed yet).
   */
  _queryable?: boolean;
  /** pg's query in flight on this connection (sent, not yet answered); private to pg. */
  _activeQuery?: object | null;
  /** pg's socket to the server; private to pg. */
  connection?: { stream?: { destroy(err?: Error): void } };
};

/** A pool made safe by hardenPool, and how to stop its watchdog. */
interface HardenedPool {
  pool: pg.Pool;
  stop(): void;
}

/**
 * A pooled PostgreSQL client must never crash the process, be handed out again once broken, or
 * wait forever on a server that stopped answering:
 * - every client has an `error` listener for its whole life (pg-pool only listens while a client
 *   is idle: a backend terminated while a request uses it emitted an unhandled `error` → exit);
 * - a client that errored, or whose query failed at the connection level (reset, terminated,
 *   read timeout), is marked unusable (pg's `_queryable`) and pg-pool closes it on release
 *   instead of pooling it;
 * - `readTimeoutMs` (> 0): a query the server has not answered for that long (a frozen or
 *   unplugged server never cancels it by itself) fails with "Query read timeout" — its connection
 *   is cut — by ONE watchdog timer per pool instead of pg's `query_timeout` (a timer per query).
 * The request using a broken client fails with that error, which the error middleware answers
 * with 503 `database_unavailable` (db/faults.ts).
 *
 * Garbage (decision 0054): pg's promise form of `client.query` (three runs of three) and its
 * `query_timeout` timers (two of three) put the process in a state where every answer's rows
 * survived the young-generation collections and were promoted — ~15 MB copied per scavenge at
 * 5,000 queries/s, against 0.06 MB for the same queries through pg's callback form. So a call
 * without a callback is answered through the callback form here, in a promise of ours. And all of
 * it is set on each client ONCE, when the pool opens it (the `connect` event, before anyone gets
 * it), instead of wrapping `pool.connect` and `client.release` with fresh closures at every
 * checkout.
 */
function hardenPool(pool: pg.Pool, logger: Logger | undefined, readTimeoutMs = 0): HardenedPool {
  pool.on('error', (err) => {
    // An idle client lost its connection: pg-pool removes it; just note it.
    logger?.({ level: 'warn', msg: 'database connection lost (idle)', err: err.message });
  });
  const clients = new Set<PoolClient>();
  pool.on('connect', (client) => {
    const c = client as PoolClient;
    clients.add(c);
    // pg has marked it unusable (`_queryable`) by then: pg-pool will not hand it out again.
    c.on('error', (err) => {
      logger?.({ level: 'warn', msg: 'database connection lost', err: err.message });
    });
    // Whichever way it ends (pg-pool closes it, or the connection is lost).
    c.once('end', () => clients.delete(c));
    const query = c.query.bind(c) as (config: unknown, values?: unknown, cb?: unknown) => unknown;
    /** pg's callback form, marking the client unusable on a connection fault on the way. */
    const ask = (config: unknown, values: unknown, cb: (err: unknown, result: unknown) => void) =>
      query(config, values, (err: unknown, result: unknown) => {
        if (err && isConnectionFault(err)) c._queryable = false;
        cb(err, result);
      });
    (c as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      // A cursor or stream runs itself: as it is.
      if (typeof (config as Submittable | null)?.submit === 'function') {
        return query(config, values, callback);
      }
      if (typeof values === 'function') return ask(config, undefined, values as never);
      if (typeof callback === 'function') return ask(config, values, callback as never);
      // What pg's own promise form does, on its callback form (see above).
      return new Promise((resolve, reject) =>
        ask(config, values, (err, result) => (err ? reject(err) : resolve(result))),
      ).catch(withCallerStack);
    };
  });
  if (!(readTimeoutMs > 0)) return { pool, stop: () => {} };
  /** When the watchdog first saw each query in flight (weak: a finished query just goes). */
  const seen = new WeakMap<object, number>();
  const tick = () => {
    const now = Date.now();
    for (const c of clients) {
      const active = c._activeQuery;
      if (!active) continue;
      const since = seen.get(active);
      if (since === undefined) seen.set(active, now);
      else if (now - since >= readTimeoutMs) {
        // pg fails every query of the client with this error and marks it unusable.
        c.connection?.stream?.destroy(new Error('Query read timeout'));
      }
    }
  };
  // A query is failed between readTimeoutMs and readTimeoutMs + 2 intervals after it was sent.
  const interval = setInterval(tick, Math.max(50, Math.min(1_000, readTimeoutMs / 5)));
  interval.unref();
  return { pool, stop: () => clearInterval(interval) };
}

/** The database bounds configured by the environment (DB_*, PG_PREPARED_STATEMENTS). */
export function dbOptionsFromEnv(env: Env, logger?: Logger): DbOptions {
  return {
    poolSize: env.DB_POOL_SIZE,
    preparedStatements: env.PG_PREPARED_STATEMENTS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
    acquireTimeoutMs: env.DB_POOL_ACQUIRE_TIMEOUT_MS,
    busyTimeoutMs: env.DB_BUSY_TIMEOUT_MS,
    backgroundCheckpoints: env.DB_BACKGROUND_CHECKPOINTS,
    ...(logger ? { logger } : {}),
  };
}

/** Open the database named by DATABASE_URL: `file:<path>`, `:memory:`, or `postgres://…`. */
export function createDb(url: string, options: DbOptions = {}): DbHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const statementTimeout = options.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs;
    const readTimeoutMs =
      options.readTimeoutMs ?? (statementTimeout > 0 ? statementTimeout + 5_000 : 0);
    const newPool = (role: string) =>
      hardenPool(
        new pg.Pool({
          connectionString: url,
          max: options.poolSize ?? DB_DEFAULTS.poolSize,
          min: Math.min(PG_POOL_WARM_CONNECTIONS, options.poolSize ?? DB_DEFAULTS.poolSize),
          idleTimeoutMillis: options.poolIdleMs ?? PG_POOL_IDLE_MS,
          connectionTimeoutMillis: options.acquireTimeoutMs ?? DB_DEFAULTS.acquireTimeoutMs,
          statement_timeout: statementTimeout,
          lock_timeout: options.lockTimeoutMs ?? DB_DEFAULTS.lockTimeoutMs,
          // A transaction left open (a request that died midway) cannot hold locks for long.
          idle_in_transaction_session_timeout: statementTimeout > 0 ? statementTimeout * 3 : 0,
          // No `query_timeout`: the pool's watchdog (hardenPool) stands for it.
          keepAlive: true,
          // Seen in pg_stat_activity (a DATABASE_URL ?application_name=… wins).
          fallback_application_name: `aprenda${role}`,
        }),
        options.logger,
        readTimeoutMs,
      );
    const main = newPool('');
    const pool = options.preparedStatements === false ? main.pool : namingPool(main.pool);
    /**
     * The one-statement reads every request starts with (the session and data versions,
     * `readRow`) and the kept SELECTs (`prepare`: the hot lists) have a pool of their own, as
     * large as the main one (decision 0035): under a crowd of readers they queue there, and
     * writes — several statements and a transaction each, on the main pool — do not wait behind
     * them for a connection.
     */
    const reads = newPool(' reads');
    const readPool = reads.pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const named = options.preparedStatements !== false;
    const names = new Map<string, string>();
    /**
     * One query on a pooled connection of `lane` (`name`: as a named prepared statement): pg-pool's
     * and pg's callback forms under one promise of ours — no promise per checkout and per query,
     * no async function (fewer microtask turns, less garbage; decision 0054).
     */
    const run = (query: pg.QueryConfig & { rowMode?: 'array' }, lane?: ReadLane) =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        (lane === 'writes' ? pool : readPool).connect((connectError, client) => {
          if (connectError || !client) return reject(connectError);
          client.query(query, (err: Error | null, result: pg.QueryResult) => {
            // After a connection fault the client is marked unusable (hardenPool): pg-pool
            // closes it here instead of pooling it.
            client.release();
            if (err) reject(err);
            else resolve(result);
          });
        });
      }).catch(withCallerStack);
    const readRow = async (text: string, params: readonly unknown[], lane?: ReadLane) => {
      // Named (prepared once per connection) unless PG_PREPARED_STATEMENTS=false: then nothing
      // may stay prepared on a connection a transaction-pooling proxy hands to someone else.
      let name: string | undefined;
      if (named) {
        name = names.get(text);
        if (!name) names.set(text, (name = statementName(text)));
      }
      const result = await run(
        { ...(name ? { name } : {}), text, values: [...params], rowMode: 'array' },
        lane,
      );
      return result.rows[0] as unknown[] | undefined;
    };
    const prepare = (text: string): PreparedStatement => {
      const name = named ? statementName(text) : undefined;
      const all = async (params: readonly unknown[], lane?: ReadLane) =>
        (await run({ ...(name ? { name } : {}), text, values: params as unknown[] }, lane)).rows;
      return { all, first: async (params, lane) => (await all(params, lane))[0] };
    };
    const handle: DbHandle = {
      db,
      dialect: 'postgres',
      close: async () => {
        main.stop();
        reads.stop();
        try {
          await db.destroy();
        } finally {
          await readPool.end();
        }
      },
      readRow,
      prepare,
    };
    handles.set(db, handle);
    return handle;
  }
  const filename = url === ':memory:' ? ':memory:' : resolve(url.replace(/^file:/, ''));
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? DB_DEFAULTS.busyTimeoutMs}`);
  // Read through the OS page cache instead of copying pages into SQLite's own buffers.
  sqlite.pragma('mmap_size = 1073741824');
  let checkpointer: Checkpointer | undefined;
  const background = options.backgroundCheckpoints ?? true;
  if (filename !== ':memory:' && background !== false) {
    const checkpoints = typeof background === 'object' ? background : {};
    sqlite.pragma(`wal_autocheckpoint = ${fallbackAutocheckpointPages(checkpoints)}`);
    checkpointer = startCheckpointer(
      filename,
      () => {
        if (sqlite.inTransaction) return false;
        sqlite.pragma('wal_checkpoint(PASSIVE)');
        return true;
      },
      options.logger,
      checkpoints,
    );
  }
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
      rowStatements.set(text, (stmt = sqlite.prepare(pinParameters(text)).raw(true)));
    }
    return stmt.get(...params) as unknown[] | undefined;
  };
  const prepare = (text: string): PreparedStatement => {
    const stmt = sqlite.prepare(pinParameters(text));
    if (!stmt.reader) throw new Error('DbHandle.prepare: SELECT statements only');
    return {
      all: async (params) => {
        if (!sqlite.inTransaction && !stmt.busy) return stmt.all(...params);
        const { rows } = await db.executeQuery(CompiledQuery.raw(text, [...params]));
        return rows;
      },
      first: async (params) => {
        if (!sqlite.inTransaction && !stmt.busy) return stmt.get(...params);
        const { rows } = await db.executeQuery(CompiledQuery.raw(text, [...params]));
        return rows[0];
      },
    };
  };
  const handle: DbHandle = {
    db,
    dialect: 'sqlite',
    close: async () => {
      // The worker's connection first: the main one, closing last, checkpoints what is left.
      await checkpointer?.stop();
      await db.destroy();
    },
    readRow,
    prepare,
    ...(checkpointer ? { checkpointer } : {}),
  };
  handles.set(db, handle);
  return handle;
}
