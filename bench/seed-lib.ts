/**
 * Shared pieces of the benchmark seeders (bench/seed-classes.ts, bench/seed-conversations.ts): the
 * seeded PRNG and UUIDv7s, running the app's migrations, the PostgreSQL bulk load (unnest batches
 * with secondary indexes dropped and re-created), Better Auth session rows and their signed bearer
 * tokens, and the seeders' command line; for the benchmarks, the cached seeded data sets, the loop over
 * the engines they run on, and read-only queries on them. A separate file from bench/lib.ts so that the bench cache
 * keys (which hash the seeders' sources) can include it without the autocannon code.
 */
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { root, startServer, withPostgresDatabase, type RunningServer } from './lib.ts';

export const BASE_MS = Date.UTC(2026, 0, 1);
export const DAY_MS = 86_400_000;

export const iso = (ms: number) => new Date(ms).toISOString();
export const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
export const sqlitePath = (url: string) => resolve(url.replace(/^file:/, ''));

/** sfc32: small, fast, seedable. */
export function prng(seed: number) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
export type Rng = ReturnType<typeof prng>;

/** A UUIDv7 (like the app's ids) for time `ms`, random bits from the PRNG. */
export function uuidv7(ms: number, rng: Rng): string {
  const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
  const time = hex(ms, 12);
  const r = () => rng.int(0x10000);
  return (
    `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(r() & 0xfff, 3)}-` +
    `${hex((r() & 0x3fff) | 0x8000, 4)}-${hex(r(), 4)}${hex(r(), 4)}${hex(r(), 4)}`
  );
}

/** Run the app's migrations on `url` (the server's own migrate CLI: Better Auth's, then ours). */
export async function migrateDatabase(url: string, dataDir: string, secret: string): Promise<void> {
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, ['apps/server/src/db/migrate-cli.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        APP_SECRET: secret,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`migration failed (${code}):\n${output}`)),
    );
  });
}

/** Inserts a batch of rows (in `columns` order) into `table`. */
export type InsertRows = (table: string, columns: string[], rows: unknown[][]) => Promise<void>;

/**
 * Bulk load into PostgreSQL: one transaction; `generate` inserts through unnest() batches (each
 * array cast to its column's type, so `tables` must name every table it inserts into that way);
 * the per-row foreign-key triggers are skipped (rows are consistent by construction); the loaded
 * tables' secondary (non-unique, non-constraint) indexes are dropped during the load and re-created
 * from their own definitions afterwards; then VACUUM ANALYZE (so index-only scans see an up-to-date
 * visibility map, as autovacuum would leave it) and a CHECKPOINT (the load's pages on disk before
 * anything is measured).
 */
export async function loadPostgres<T>(
  url: string,
  tables: string[],
  generate: (insert: InsertRows, client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Column types, to cast the unnest() arrays.
    const { rows: cols } = await client.query<{ table: string; column: string; type: string }>(
      `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = current_schema()::regnamespace and c.relname = any($1)
          and a.attnum > 0 and not a.attisdropped`,
      [tables],
    );
    const typeOf = new Map(cols.map((c) => [`${c.table}.${c.column}`, c.type]));
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and i.indexdef not like 'CREATE UNIQUE%'
          and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
      [tables],
    );
    const insert: InsertRows = async (table, columns, rows) => {
      const casts = columns.map((c, i) => `$${i + 1}::${typeOf.get(`${table}.${c}`) ?? 'text'}[]`);
      await client.query(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
         select * from unnest(${casts.join(', ')})`,
        columns.map((_, i) => rows.map((r) => r[i])),
      );
    };
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    for (const ix of indexes) await client.query(`drop index "${ix.name}"`);
    const result = await generate(insert, client);
    await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await client.query(ix.def);
    await client.query('commit');
    await client.query('vacuum analyze');
    // The load's dirty pages written out now, not by a checkpoint in the middle of a measured run
    // (a school's database is not bulk-loaded a minute before the first lesson).
    await client.query('checkpoint');
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Bulk load into a SQLite file, as loadPostgres does: one transaction with foreign keys off; the
 * loaded tables' secondary (non-unique) indexes dropped during the load and re-created afterwards;
 * then ANALYZE for the row counts (sqlite_stat1) but without the per-value samples of sqlite_stat4:
 * with them SQLite (3.54) prepares a statement again whenever a parameter compared with an indexed
 * column is bound — better-sqlite3 binds on every run — so every request would pay a parse and plan
 * per statement, which the app's own databases never do (it runs no ANALYZE). Decision 0026.
 */
export async function loadSqlite<T>(
  url: string,
  tables: string[],
  generate: (insert: InsertRows) => Promise<T>,
): Promise<T> {
  const db = new SQLite(sqlitePath(url));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -1000000');
    const indexes = db
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null
         and tbl_name in (${tables.map(() => '?').join(', ')}) and sql not like 'create unique%'`,
      )
      .all(...tables) as Array<{ name: string; sql: string }>;
    const statements = new Map<string, SQLite.Statement>();
    const insert: InsertRows = async (table, columns, rows) => {
      const key = `${table}(${columns.join()})`;
      let stmt = statements.get(key);
      if (!stmt) {
        stmt = db.prepare(
          `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns
            .map(() => '?')
            .join(', ')})`,
        );
        statements.set(key, stmt);
      }
      for (const row of rows) stmt.run(row.map((v) => (typeof v === 'boolean' ? Number(v) : v)));
    };
    db.exec('begin');
    for (const ix of indexes) db.exec(`drop index "${ix.name}"`);
    const result = await generate(insert);
    for (const ix of indexes) db.exec(ix.sql);
    db.exec('commit');
    db.exec('analyze');
    const stat4 = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat4'")
      .get();
    if (stat4) db.exec('delete from sqlite_stat4; analyze sqlite_schema');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return result;
  } finally {
    db.close();
  }
}

/**
 * Rows buffered per table and inserted `batch` at a time (`columns` names each table's columns, in
 * the rows' order); `flush` inserts what is left.
 */
export function tableBatches<T extends string>(
  insert: InsertRows,
  columns: Record<T, readonly string[]>,
  batch = 20_000,
) {
  const rows = new Map<T, unknown[][]>();
  return {
    async add(table: T, row: unknown[]) {
      let list = rows.get(table);
      if (!list) rows.set(table, (list = []));
      list.push(row);
      if (list.length >= batch) {
        rows.set(table, []);
        await insert(table, [...columns[table]], list);
      }
    },
    async flush() {
      for (const [table, list] of rows) {
        rows.set(table, []);
        if (list.length > 0) await insert(table, [...columns[table]], list);
      }
    },
  };
}

const SESSION_COLUMNS = [
  'id',
  'expiresAt',
  'token',
  'createdAt',
  'updatedAt',
  'ipAddress',
  'userAgent',
  'userId',
];

/** Runs a read-only SQL query, resolving to its rows. */
export type QueryRows = <R>(sql: string) => Promise<R[]>;

/**
 * Better Auth sessions (7 days), inserted directly, for the users `pickUsers` chooses (it may query
 * the database). Returns the bearer tokens exactly as Better Auth hands them out
 * (`set-auth-token`): the session token signed with the app secret,
 * `<token>.<base64 HMAC-SHA-256(secret, token)>`.
 */
export async function insertSessions(
  url: string,
  secret: string,
  pickUsers: (query: QueryRows) => Promise<string[]>,
): Promise<{ tokens: string[]; userIds: string[] }> {
  const now = Date.now();
  const rows: unknown[][] = [];
  const tokens: string[] = [];
  const randomToken = () => randomBytes(24).toString('base64url'); // 32 characters
  const build = (userIds: string[]) => {
    for (const userId of userIds) {
      const token = randomToken();
      const expires = iso(now + 7 * DAY_MS);
      rows.push([
        randomToken(),
        expires,
        token,
        iso(now),
        iso(now),
        '127.0.0.1',
        'aprenda-bench',
        userId,
      ]);
      tokens.push(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);
    }
    return userIds;
  };
  const columns = SESSION_COLUMNS.map((c) => `"${c}"`).join(', ');
  if (isPostgres(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const userIds = build(await pickUsers(async (q) => (await client.query(q)).rows));
      await client.query(
        `insert into "session" (${columns})
         select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::timestamptz[],
                              $5::timestamptz[], $6::text[], $7::text[], $8::text[])`,
        SESSION_COLUMNS.map((_, i) => rows.map((r) => r[i])),
      );
      return { tokens, userIds };
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(sqlitePath(url));
  try {
    const userIds = build(await pickUsers(async (q) => db.prepare(q).all() as never[]));
    const stmt = db.prepare(
      `insert into "session" (${columns}) values (${SESSION_COLUMNS.map(() => '?').join(', ')})`,
    );
    db.transaction(() => rows.forEach((r) => stmt.run(r)))();
    return { tokens, userIds };
  } finally {
    db.close();
  }
}

/**
 * A seeder's command line, when `file` (relative to the repository root) is the script node runs:
 * `node <file> <DATABASE_URL> [...]` migrates the database, then calls `seed` with it.
 */
export function seedCli(
  file: string,
  usage: string,
  seed: (url: string, secret: string, args: string[]) => Promise<void>,
): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== resolve(root, file)) return;
  const main = async () => {
    const url = process.argv[2];
    if (!url) {
      console.error(`usage: node ${file} ${usage}`);
      process.exit(2);
    }
    const secret = process.env.APP_SECRET ?? 'aprenda-bench-secret-aprenda-bench-secret-0123';
    const t0 = performance.now();
    await migrateDatabase(url, resolve(root, 'bench/.cache'), secret);
    console.log(`[seed] migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await seed(url, secret, process.argv.slice(3));
  };
  main().catch((err: unknown) => {
    console.error('[seed] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}

/** The app secret of the benchmarks' servers (their sessions are signed with it). */
export const BENCH_SECRET = 'aprenda-bench-secret-not-for-production-0123456789';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A benchmark's data set: how to seed it, and what its cached SQLite file depends on. */
export interface DataSet<C> {
  /** Cache file prefix, e.g. `classes` → bench/.cache/classes-<key>.db. */
  name: string;
  /** The seeder's source file (relative to the root); part of the cache key. */
  seeder: string;
  /** Seed version and sizes; part of the cache key. */
  key: unknown;
  seed(url: string): Promise<{ ms: number; counts: C }>;
  /** "1,000 users, …" for the log. */
  describe(counts: C): string;
}

/** Cache key: the data set's key, the migrations' sources, Better Auth's version, the seeders. */
function cacheKey(data: DataSet<unknown>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(data.key));
  const dir = join(root, 'apps/server/src/db/migrations');
  for (const file of readdirSync(dir).sort())
    hash.update(file).update(readFileSync(join(dir, file)));
  hash.update(readFileSync(join(root, 'node_modules/better-auth/package.json')));
  hash.update(readFileSync(join(root, data.seeder)));
  hash.update(readFileSync(join(root, 'bench/seed-lib.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** The seeded SQLite file: from bench/.cache/ when present, else seeded now and cached. */
export async function seededSqliteFile<C>(data: DataSet<C>): Promise<string> {
  const cacheDir = join(root, 'bench/.cache');
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `${data.name}-${cacheKey(data as DataSet<unknown>)}.db`);
  if (existsSync(file)) {
    console.log(`[bench] sqlite: seeded database from the cache (${file})`);
    return file;
  }
  for (const old of readdirSync(cacheDir)) {
    if (old.startsWith(`${data.name}-`)) rmSync(join(cacheDir, old), { force: true });
  }
  const tmp = join(cacheDir, `seeding-${data.name}-${process.pid}.db`);
  try {
    await migrateDatabase(`file:${tmp}`, cacheDir, BENCH_SECRET);
    const { ms, counts } = await data.seed(`file:${tmp}`);
    console.log(
      `[bench] sqlite: seeded ${data.describe(counts)} in ${seconds(ms)} (cached for next runs)`,
    );
    renameSync(tmp, file);
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  }
  return file;
}

/** `run` on a throw-away PostgreSQL database on the server of `base`, migrated and seeded. */
export function withSeededPostgres<C, T>(
  base: string,
  data: DataSet<C>,
  dataDir: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  return withPostgresDatabase(base, async (url) => {
    await migrateDatabase(url, dataDir, BENCH_SECRET);
    const { ms, counts } = await data.seed(url);
    console.log(`\n[bench] postgres: seeded ${data.describe(counts)} in ${seconds(ms)}`);
    return run(url);
  });
}

/** Read-only queries on a seeded database (SQLite file or PostgreSQL); `?` placeholders. */
export async function readRows<R>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  if (isPostgres(url)) {
    let n = 0;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as R[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(sqlitePath(url), { readonly: true });
  try {
    return db.prepare(text).all(...params) as R[];
  } finally {
    db.close();
  }
}

/** The `n` of a read-only `select count(*) as n …` (`readRows`), as a number. */
export async function countRows(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<number> {
  return Number((await readRows<{ n: number | string }>(url, text, params))[0]!.n);
}

/**
 * `run` with the real server on a seeded database — signed with BENCH_SECRET (the seeded sessions'
 * secret), no demo data — stopped afterwards, however `run` ends.
 */
export async function withSeededServer<T>(
  databaseUrl: string,
  dataDir: string,
  run: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(databaseUrl, dataDir, {
    APP_SECRET: BENCH_SECRET,
    SEED_DEMO: 'false',
  });
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

/**
 * A seeded benchmark's engines: `run` on a copy of the cached seeded SQLite file, then on a
 * freshly seeded PostgreSQL database when BENCH_DATABASE_URL=postgres://… is set;
 * BENCH_ENGINES=sqlite|postgres runs one engine only. `run` gets the engine's name, its database
 * URL and a throw-away data directory (removed afterwards); its results are concatenated.
 */
export async function runSeededEngines<C, T>(
  data: DataSet<C>,
  run: (engine: string, databaseUrl: string, dataDir: string) => Promise<T[]>,
): Promise<T[]> {
  const dataDir = mkdtempSync(join(tmpdir(), `aprenda-bench-${data.name}-`));
  const all: T[] = [];
  try {
    if (process.env.BENCH_ENGINES !== 'postgres') {
      const cached = await seededSqliteFile(data);
      const file = join(dataDir, 'bench.db');
      copyFileSync(cached, file);
      all.push(...(await run('sqlite', `file:${file}`, dataDir)));
    }
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl && process.env.BENCH_ENGINES !== 'sqlite') {
      all.push(
        ...(await withSeededPostgres(pgUrl, data, dataDir, (url) => run('postgres', url, dataDir))),
      );
    } else {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return all;
}
