/**
 * Classes benchmark at scale: `npm run bench:classes`.
 *
 * 10,000 teachers, 100,000 classes, 1,000,000 memberships (bench/seed-classes.ts). SQLite always —
 * the seeded file is cached in bench/.cache/ under a key of the seed version and the migrations, and
 * copied for each run — and PostgreSQL when BENCH_DATABASE_URL=postgres://… is set (a fresh
 * database is created, seeded, and dropped). For each engine: BENCH_SESSIONS (2,000) sessions of
 * random students, the real server (`node apps/server/src/server.ts`, SEED_DEMO=false, request log
 * off), then autocannon (BENCH_CONNECTIONS=50 connections, BENCH_DURATION=10 s, loopback) on
 * `GET /api/health` and on `GET /api/classes/mine` rotating over the students' bearer tokens.
 * Prints a table and the targets — p99 ≤ 25 ms, mine ≥ 50 % of health's req/s — as PASS/FAIL;
 * exits 1 when a request failed or a target was missed.
 */
import { createHash } from 'node:crypto';
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
import { join } from 'node:path';
import {
  CONNECTIONS,
  DURATION,
  formatTable,
  loadAverage,
  measure,
  root,
  startServer,
  withPostgresDatabase,
  type Row,
} from './lib.ts';
import {
  createSessions,
  migrateDatabase,
  SEED_VERSION,
  seedClasses,
  seedSizes,
} from './seed-classes.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 2000);
const SECRET = 'aprenda-bench-secret-not-for-production-0123456789';
const P99_TARGET_MS = 25;
const RATIO_TARGET = 0.5;
const MINE = 'GET /api/classes/mine';
const HEALTH = 'GET /api/health';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Cache key: seed version and sizes, the migrations' sources, Better Auth's version. */
function cacheKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ SEED_VERSION, sizes: seedSizes() }));
  const dir = join(root, 'apps/server/src/db/migrations');
  for (const file of readdirSync(dir).sort())
    hash.update(file).update(readFileSync(join(dir, file)));
  hash.update(readFileSync(join(root, 'node_modules/better-auth/package.json')));
  hash.update(readFileSync(join(root, 'bench/seed-classes.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** The seeded SQLite file: from bench/.cache/ when present, else seeded now and cached. */
async function seededSqliteFile(): Promise<string> {
  const cacheDir = join(root, 'bench/.cache');
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `classes-${cacheKey()}.db`);
  if (existsSync(file)) {
    console.log(`[bench] sqlite: seeded database from the cache (${file})`);
    return file;
  }
  for (const old of readdirSync(cacheDir)) {
    if (old.startsWith('classes-')) rmSync(join(cacheDir, old), { force: true });
  }
  const tmp = join(cacheDir, `seeding-${process.pid}.db`);
  try {
    await migrateDatabase(`file:${tmp}`, cacheDir, SECRET);
    const { ms, counts } = await seedClasses(`file:${tmp}`);
    console.log(
      `[bench] sqlite: seeded ${describe(counts)} in ${seconds(ms)} (cached for next runs)`,
    );
    renameSync(tmp, file);
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
  }
  return file;
}

const describe = (c: { users: number; classes: number; memberships: number }) =>
  `${c.users.toLocaleString('en')} users, ${c.classes.toLocaleString('en')} classes, ` +
  `${c.memberships.toLocaleString('en')} memberships`;

/** Before measuring: a student's token answers 200 with classes; a forged signature is 401. */
async function sanityCheck(origin: string, tokens: string[]): Promise<number> {
  let items = 0;
  for (const token of tokens.slice(0, 20)) {
    const res = await fetch(`${origin}/api/classes/mine`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { items?: Array<{ role?: string; teachers?: string[] }> };
    if (res.status !== 200 || !Array.isArray(body.items) || body.items.length === 0) {
      throw new Error(`GET /api/classes/mine answered ${res.status}: ${JSON.stringify(body)}`);
    }
    if (!body.items.every((i) => i.role && Array.isArray(i.teachers) && i.teachers.length > 0)) {
      throw new Error(`GET /api/classes/mine: items without role or teachers`);
    }
    items += body.items.length;
  }
  const [raw] = tokens[0]!.split('.');
  const forged = await fetch(`${origin}/api/classes/mine`, {
    headers: { authorization: `Bearer ${raw}.${'A'.repeat(43)}=` },
  });
  if (forged.status !== 401) throw new Error(`a forged token answered ${forged.status}, not 401`);
  return items / Math.min(20, tokens.length);
}

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  const t0 = performance.now();
  const { tokens } = await createSessions(databaseUrl, SECRET, SESSIONS);
  console.log(
    `[bench] ${engine}: ${tokens.length} student sessions in ${seconds(performance.now() - t0)}`,
  );
  const server = await startServer(databaseUrl, dataDir, {
    APP_SECRET: SECRET,
    SEED_DEMO: 'false',
  });
  try {
    const avg = await sanityCheck(server.origin, tokens);
    console.log(`[bench] ${engine}: sanity check passed (${avg.toFixed(1)} classes per student)`);
    let next = 0;
    const mine = {
      url: server.origin,
      requests: [
        {
          method: 'GET',
          path: '/api/classes/mine',
          setupRequest: (req: { method?: string; path?: string }) => ({
            ...req,
            headers: { authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          }),
        },
      ],
    };
    const health = { url: `${server.origin}/api/health` };
    // Warm-up (not measured): JIT, connection pool, page cache.
    await measure(HEALTH, engine, { ...health, duration: 2 });
    await measure(MINE, engine, { ...mine, duration: 2 });
    const rows: Row[] = [];
    console.log(`[bench] ${engine}: ${HEALTH} (${CONNECTIONS} connections, ${DURATION} s)`);
    rows.push(await measure(HEALTH, engine, health, server.pid));
    console.log(`[bench] ${engine}: ${MINE} over ${tokens.length} students`);
    rows.push(await measure(MINE, engine, mine, server.pid));
    return rows;
  } finally {
    await server.stop();
  }
}

function report(rows: Row[]): boolean {
  const header = [
    'route',
    'engine',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'requests',
    'server CPU µs/req',
  ];
  const body = rows.map((r) => [
    r.route,
    r.engine,
    r.reqPerSec.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    String(r.non2xx),
    String(r.total),
    r.cpuUsPerRequest === undefined ? '—' : r.cpuUsPerRequest.toFixed(0),
  ]);
  console.log(`\n${formatTable(header, body)}`);

  const checks: string[][] = [];
  let ok = true;
  for (const engine of [...new Set(rows.map((r) => r.engine))]) {
    const mine = rows.find((r) => r.engine === engine && r.route === MINE)!;
    const health = rows.find((r) => r.engine === engine && r.route === HEALTH)!;
    const p99 = mine.p99 <= P99_TARGET_MS;
    const ratio = mine.reqPerSec / health.reqPerSec;
    const half = ratio >= RATIO_TARGET;
    ok &&= p99 && half;
    checks.push([
      engine,
      `mine p99 ≤ ${P99_TARGET_MS} ms`,
      `${mine.p99.toFixed(1)} ms`,
      p99 ? 'PASS' : 'FAIL',
    ]);
    checks.push([
      engine,
      `mine req/s ≥ ${RATIO_TARGET * 100} % of health`,
      `${(ratio * 100).toFixed(0)} %`,
      half ? 'PASS' : 'FAIL',
    ]);
    if (mine.cpuUsPerRequest !== undefined && health.cpuUsPerRequest !== undefined) {
      // The same question, asked of the server's CPU time rather than wall-clock throughput:
      // steadier when other processes share the machine. Informational.
      const cpuRatio = health.cpuUsPerRequest / mine.cpuUsPerRequest;
      checks.push([
        engine,
        'health CPU/req ÷ mine CPU/req (info)',
        `${(cpuRatio * 100).toFixed(0)} %`,
        cpuRatio >= RATIO_TARGET ? 'pass' : 'fail',
      ]);
    }
  }
  console.log(`\n${formatTable(['engine', 'target', 'measured', 'result'], checks, 2)}`);
  return ok;
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-classes-'));
  const rows: Row[] = [];
  try {
    const cached = await seededSqliteFile();
    const file = join(dataDir, 'bench.db');
    copyFileSync(cached, file);
    rows.push(...(await benchEngine('sqlite', `file:${file}`, dataDir)));

    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      rows.push(
        ...(await withPostgresDatabase(pgUrl, async (url) => {
          await migrateDatabase(url, dataDir, SECRET);
          const { ms, counts } = await seedClasses(url);
          console.log(`\n[bench] postgres: seeded ${describe(counts)} in ${seconds(ms)}`);
          return benchEngine('postgres', url, dataDir);
        })),
      );
    } else {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ok = report(rows);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; ` +
      `${SESSIONS} students' bearer tokens in rotation; node ${process.version}; request log off ` +
      `(LOG_LEVEL=warn); load average ${loadAverage()}; total ${seconds(performance.now() - started)}.`,
  );
  if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('\n[bench] some requests failed (errors or non-2xx above)');
    process.exitCode = 1;
  }
  if (!ok) {
    console.error('[bench] a target was missed (FAIL above)');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
