/**
 * Seed generator for the classes benchmark: writes straight into a migrated database (SQLite file
 * or PostgreSQL) — 10,000 teachers, 100,000 classes (each owned by a teacher who is its `teacher`
 * member), 90,000 students in 5–15 classes each (10 on average, some popular classes much larger):
 * 1,000,000 memberships. Users are inserted directly (no passwords: they never sign in by
 * password); `createSessions` then inserts Better Auth sessions for random students and returns
 * their signed bearer tokens. Deterministic: one seeded PRNG; only session tokens are random.
 *
 * CLI: `node bench/seed-classes.ts <DATABASE_URL> [sessions]` (migrates first). BENCH_SCALE=0.01
 * seeds 1 % of the sizes (for trying things out).
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH } from '@aprenda/shared/schemas/classes';
import { root } from './lib.ts';

export interface SeedSizes {
  teachers: number;
  classes: number;
  students: number;
  /** Average classes per student (each student is in avg−5 … avg+5). */
  classesPerStudent: number;
}

export function seedSizes(scale = Number(process.env.BENCH_SCALE ?? 1)): SeedSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return { teachers: n(10_000), classes: n(100_000), students: n(90_000), classesPerStudent: 10 };
}

/** Bump when the generated data changes shape (part of the bench cache key). */
export const SEED_VERSION = 1;

const BASE_MS = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;

/** sfc32: small, fast, seedable. */
function prng(seed: number) {
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
type Rng = ReturnType<typeof prng>;

/** A UUIDv7 (like the app's ids) for time `ms`, random bits from the PRNG. */
function uuidv7(ms: number, rng: Rng): string {
  const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
  const time = hex(ms, 12);
  const r = () => rng.int(0x10000);
  return (
    `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(r() & 0xfff, 3)}-` +
    `${hex((r() & 0x3fff) | 0x8000, 4)}-${hex(r(), 4)}${hex(r(), 4)}${hex(r(), 4)}`
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

const FIRST = [
  'Ana', 'Beatriz', 'Carla', 'Daniel', 'Eduardo', 'Fernanda', 'Gabriel', 'Helena', 'Igor', 'Joana',
  'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Pedro', 'Rafaela', 'Sofia', 'Thiago', 'Valentina', 'Vitor',
]; // prettier-ignore
const LAST = [
  'Almeida', 'Barbosa', 'Cardoso', 'Costa', 'Dias', 'Ferreira', 'Gomes', 'Lima', 'Martins', 'Melo',
  'Nascimento', 'Oliveira', 'Pereira', 'Ribeiro', 'Rocha', 'Santos', 'Silva', 'Souza', 'Teixeira',
]; // prettier-ignore
const SUBJECTS = [
  'Matemática', 'Português', 'História', 'Geografia', 'Ciências', 'Física', 'Química', 'Biologia',
  'Inglês', 'Artes', 'Educação Física', 'Filosofia', 'Sociologia', 'Redação',
]; // prettier-ignore

/** Where rows go: a table, its columns, and batches of rows in that column order. */
interface Sink {
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
}

const BATCH = 20_000;
const CODE_CHARS = [...CLASS_CODE_ALPHABET];

/** Generates the data set into `sink`, batch by batch. Returns the row counts. */
async function generate(sink: Sink, sizes: SeedSizes) {
  const rng = prng(20260101);
  const counts = { users: 0, classes: 0, memberships: 0 };
  let batch: unknown[][] = [];
  const flush = async (table: string, columns: string[], force = false) => {
    if (batch.length >= BATCH || (force && batch.length > 0)) {
      await sink.insert(table, columns, batch);
      batch = [];
    }
  };

  // Users: teachers then students, created over ~3 years before BASE.
  const userCols = [
    'id',
    'name',
    'email',
    'emailVerified',
    'image',
    'createdAt',
    'updatedAt',
    'role',
  ];
  const teacherIds: string[] = [];
  const studentIds: string[] = [];
  const totalUsers = sizes.teachers + sizes.students;
  for (let i = 0; i < totalUsers; i++) {
    const teacher = i < sizes.teachers;
    const ms = BASE_MS - 1100 * DAY_MS + Math.floor((i / totalUsers) * 300 * DAY_MS);
    const id = uuidv7(ms, rng);
    (teacher ? teacherIds : studentIds).push(id);
    const n = teacher ? i : i - sizes.teachers;
    const email = `${teacher ? 'teacher' : 'student'}${String(n).padStart(6, '0')}@bench.aprenda.dev`;
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    batch.push([id, name, email, true, null, iso(ms), iso(ms), teacher ? 'teacher' : 'student']);
    counts.users++;
    await flush('user', userCols);
  }
  await flush('user', userCols, true);

  // Classes: created over the 2 years before BASE, each owned by a teacher (10 each on average).
  const classCols = [
    'id',
    'title',
    'description',
    'code',
    'owner_id',
    'archived',
    'created_at',
    'updated_at',
  ];
  const memberCols = ['class_id', 'user_id', 'role', 'joined_at'];
  const classIds: string[] = [];
  const classMs: number[] = [];
  const codes = new Set<string>();
  const owners: string[] = [];
  for (let j = 0; j < sizes.classes; j++) {
    const ms =
      BASE_MS - 730 * DAY_MS + Math.floor((j / sizes.classes) * 730 * DAY_MS) + rng.int(60_000);
    const id = uuidv7(ms, rng);
    let code: string;
    do {
      code = '';
      for (let k = 0; k < CLASS_CODE_LENGTH; k++) code += rng.pick(CODE_CHARS);
    } while (codes.has(code));
    codes.add(code);
    const owner = teacherIds[rng.int(teacherIds.length)]!;
    const subject = rng.pick(SUBJECTS);
    const title = `${subject} — ${6 + rng.int(4)}º ano ${'ABCDE'[rng.int(5)]}`;
    const description =
      rng.next() < 0.2
        ? null
        : `${subject}: conteúdo do semestre, exercícios semanais e revisão antes das provas. Turma ${j + 1}.`;
    classIds.push(id);
    classMs.push(ms);
    owners.push(owner);
    batch.push([id, title, description, code, owner, 0, iso(ms), iso(ms)]);
    counts.classes++;
    await flush('classes', classCols);
  }
  await flush('classes', classCols, true);

  // Memberships: the owner as teacher, then students. A student is in avg±5 classes (pairs of
  // students balance out, so the total is exact); 25 % of picks go to the 5 % "popular" classes.
  for (let j = 0; j < sizes.classes; j++) {
    batch.push([classIds[j], owners[j], 'teacher', iso(classMs[j]!)]);
    counts.memberships++;
    await flush('class_members', memberCols);
  }
  const popular = Math.max(1, Math.floor(sizes.classes * 0.05));
  let delta = 0;
  for (let s = 0; s < sizes.students; s++) {
    if (s % 2 === 0) delta = rng.int(6);
    const wanted = Math.min(
      sizes.classes,
      sizes.classesPerStudent + (s % 2 === 0 ? delta : -delta),
    );
    const mine = new Set<number>();
    while (mine.size < wanted) {
      // popular classes: every 20th class
      mine.add(
        rng.next() < 0.25 ? (rng.int(popular) * 20) % sizes.classes : rng.int(sizes.classes),
      );
    }
    for (const j of mine) {
      const joined = classMs[j]! + rng.int(30 * DAY_MS);
      batch.push([classIds[j], studentIds[s], 'student', iso(joined)]);
      counts.memberships++;
      await flush('class_members', memberCols);
    }
  }
  await flush('class_members', memberCols, true);
  return counts;
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

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqlitePath = (url: string) => resolve(url.replace(/^file:/, ''));
const LOAD_TABLES = ['user', 'classes', 'class_members'];

export interface SeedResult {
  ms: number;
  counts: { users: number; classes: number; memberships: number };
}

/**
 * Fill a freshly migrated database. Secondary (non-unique) indexes of the loaded tables are dropped
 * during the load and re-created from their own definitions afterwards; then ANALYZE (PostgreSQL:
 * VACUUM ANALYZE, so index-only scans see an up-to-date visibility map, as autovacuum would leave it).
 */
export async function seedClasses(url: string, sizes = seedSizes()): Promise<SeedResult> {
  const started = performance.now();
  const counts = isPostgres(url) ? await seedPostgres(url, sizes) : await seedSqlite(url, sizes);
  return { ms: performance.now() - started, counts };
}

async function seedSqlite(url: string, sizes: SeedSizes) {
  const db = new SQLite(sqlitePath(url));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -1000000');
    const indexes = db
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null
         and tbl_name in (${LOAD_TABLES.map(() => '?').join(', ')}) and sql not like 'create unique%'`,
      )
      .all(...LOAD_TABLES) as Array<{ name: string; sql: string }>;
    const statements = new Map<string, SQLite.Statement>();
    const sink: Sink = {
      async insert(table, columns, rows) {
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
      },
    };
    db.exec('begin');
    for (const ix of indexes) db.exec(`drop index "${ix.name}"`);
    const counts = await generate(sink, sizes);
    for (const ix of indexes) db.exec(ix.sql);
    db.exec('commit');
    db.exec('analyze');
    db.pragma('wal_checkpoint(TRUNCATE)');
    return counts;
  } finally {
    db.close();
  }
}

async function seedPostgres(url: string, sizes: SeedSizes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Column types, to cast the unnest() arrays.
    const { rows: cols } = await client.query<{ table: string; column: string; type: string }>(
      `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = current_schema()::regnamespace and c.relname = any($1)
          and a.attnum > 0 and not a.attisdropped`,
      [LOAD_TABLES],
    );
    const typeOf = new Map(cols.map((c) => [`${c.table}.${c.column}`, c.type]));
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and i.indexdef not like 'CREATE UNIQUE%'
          and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
      [LOAD_TABLES],
    );
    const sink: Sink = {
      async insert(table, columns, rows) {
        const arrays = columns.map((_, i) => rows.map((r) => r[i]));
        const casts = columns.map(
          (c, i) => `$${i + 1}::${typeOf.get(`${table}.${c}`) ?? 'text'}[]`,
        );
        await client.query(
          `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
           select * from unnest(${casts.join(', ')})`,
          arrays,
        );
      },
    };
    await client.query('begin');
    // Rows are consistent by construction: skip the per-row foreign-key triggers of the load.
    await client.query('set local session_replication_role = replica');
    for (const ix of indexes) await client.query(`drop index "${ix.name}"`);
    const counts = await generate(sink, sizes);
    await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const ix of indexes) await client.query(ix.def);
    await client.query('commit');
    await client.query('vacuum analyze');
    return counts;
  } finally {
    await client.end();
  }
}

/**
 * Better Auth sessions (7 days) for `count` distinct random students, inserted directly. Returns
 * the bearer tokens exactly as Better Auth hands them out (`set-auth-token`): the session token
 * signed with the app secret, `<token>.<base64 HMAC-SHA-256(secret, token)>`.
 */
export async function createSessions(
  url: string,
  secret: string,
  count: number,
): Promise<{ tokens: string[]; userIds: string[] }> {
  const now = Date.now();
  const rows: unknown[][] = [];
  const tokens: string[] = [];
  const userIds: string[] = [];
  const randomToken = () => randomBytes(24).toString('base64url'); // 32 characters
  const sign = (token: string) =>
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
  const pick = async (query: (sql: string) => Promise<string[]>) => {
    // Deterministic choice: every k-th student by email.
    return query(
      `select id from "user" where role = 'student' order by email limit ${count * 40}`,
    ).then((ids) => {
      const step = Math.max(1, Math.floor(ids.length / count));
      return ids.filter((_, i) => i % step === 0).slice(0, count);
    });
  };
  const build = (ids: string[]) => {
    for (const userId of ids) {
      const token = randomToken();
      rows.push([
        randomToken(),
        iso(now + 7 * DAY_MS),
        token,
        iso(now),
        iso(now),
        '127.0.0.1',
        'aprenda-bench',
        userId,
      ]);
      tokens.push(sign(token));
      userIds.push(userId);
    }
  };
  const columns = [
    'id',
    'expiresAt',
    'token',
    'createdAt',
    'updatedAt',
    'ipAddress',
    'userAgent',
    'userId',
  ];
  if (isPostgres(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      build(await pick(async (q) => (await client.query<{ id: string }>(q)).rows.map((r) => r.id)));
      const arrays = columns.map((_, i) => rows.map((r) => r[i]));
      await client.query(
        `insert into "session" (${columns.map((c) => `"${c}"`).join(', ')})
         select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::timestamptz[],
                              $5::timestamptz[], $6::text[], $7::text[], $8::text[])`,
        arrays,
      );
    } finally {
      await client.end();
    }
  } else {
    const db = new SQLite(sqlitePath(url));
    try {
      build(
        await pick(async (q) => (db.prepare(q).all() as Array<{ id: string }>).map((r) => r.id)),
      );
      const stmt = db.prepare(
        `insert into "session" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      db.transaction(() => rows.forEach((r) => stmt.run(r)))();
    } finally {
      db.close();
    }
  }
  return { tokens, userIds };
}

async function main() {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: node bench/seed-classes.ts <DATABASE_URL> [sessions]');
    process.exit(2);
  }
  const secret = process.env.APP_SECRET ?? 'aprenda-bench-secret-aprenda-bench-secret-0123';
  const t0 = performance.now();
  await migrateDatabase(url, resolve(root, 'bench/.cache'), secret);
  console.log(`[seed] migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const result = await seedClasses(url);
  console.log(
    `[seed] ${result.counts.users} users, ${result.counts.classes} classes, ` +
      `${result.counts.memberships} memberships in ${(result.ms / 1000).toFixed(1)} s`,
  );
  const sessions = Number(process.argv[3] ?? 0);
  if (sessions > 0) {
    const { tokens } = await createSessions(url, secret, sessions);
    console.log(`[seed] ${tokens.length} sessions (APP_SECRET must match the server's)`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'bench/seed-classes.ts')) {
  main().catch((err: unknown) => {
    console.error('[seed] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
