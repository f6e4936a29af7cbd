/**
 * Shared pieces of the benchmarks (api, classes, conversations): start the real server as a
 * child process on a free loopback port, run autocannon, throw-away PostgreSQL schemas/databases,
 * print a Markdown table, and run a benchmark's main; for the seeded benchmarks (classes, exercises,
 * flashcards) the warm-up, the reads measured under a stream of writes, the check that the writes
 * stored their rows, the targets table and the exit code. The seeders' shared pieces (and the
 * engines' loop over the seeded data sets): bench/seed-lib.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import pg from 'pg';

/** The repository root (the server is started from here). */
export const root = fileURLToPath(new URL('..', import.meta.url));
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The system Chromium's launch flags that work on this kind of machine (the browser benches). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Row {
  route: string;
  engine: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Server process CPU time per request (µs), when measured. */
  cpuUsPerRequest?: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  /** Where to send requests (loopback IP). */
  origin: string;
  /** The PUBLIC_URL the server was given (for Origin headers of Better Auth calls). */
  publicOrigin: string;
  /** The server's process id (e.g. to read its CPU time or memory). */
  pid: number;
  stop(): Promise<void>;
}

// BENCH_PIN=1 (2+ CPUs): the servers on CPU 1, this process (the load generator) on CPU 0, so a
// server's figures are its own work rather than the scheduler's moves (both share 2 cores here).
if (process.env.BENCH_PIN === '1' && availableParallelism() >= 2) {
  process.env.BENCH_SERVER_CPU ??= '1';
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}

/** Put in front of every server command this process starts (bench/instructions.ts: valgrind). */
let launcherPrefix: string[] = [];
export function setLauncher(prefix: string[]): void {
  launcherPrefix = prefix;
}

/**
 * The command that starts a server: BENCH_SERVER_CPU=<n> pins it to that CPU (`taskset`; with
 * BENCH_PIN=1 the load generator is on the other one), then the launcher, if any.
 */
function launched(argv: string[]): [string, string[]] {
  const cpu = process.env.BENCH_SERVER_CPU;
  const full = [...(cpu ? ['taskset', '-c', cpu] : []), ...launcherPrefix, ...argv];
  return [full[0]!, full.slice(1)];
}

/** Servers start slower under a launcher such as valgrind. */
const startTimeoutMs = () => (launcherPrefix.length > 0 ? 300_000 : 60_000);

/**
 * `node apps/server/src/server.ts` on 127.0.0.1 and a free port; resolves once it prints its
 * "listening" line (60 s at most; 300 s under a launcher). The request log is off (LOG_LEVEL=warn): a log line per request
 * would measure the terminal, not the server.
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
  /** The checkout whose server runs (default: this one). */
  tree: string = root,
): Promise<RunningServer> {
  const port = await freePort();
  const publicOrigin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(...launched([process.execPath, 'apps/server/src/server.ts']), {
    cwd: tree,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicOrigin,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      POSTHOG_KEY: '',
      POSTHOG_HOST: '',
      GITHUB_CLIENT_ID: '',
      GITHUB_CLIENT_SECRET: '',
      REDIS_URL: '',
      ...(process.env.BENCH_CPU_PROF
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
        : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs() / 1000} s:\n${output}`));
    }, startTimeoutMs());
    const onData = (chunk: Buffer) => {
      // Keep draining the pipes, and the last few KB (warnings of a failed provider call land here).
      output = (output + chunk.toString()).slice(-8192);
      if (!ready && /Aprenda listening on http:\/\/\S+/.test(output)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited early (code ${code}):\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { origin: `http://127.0.0.1:${port}`, publicOrigin, pid: child.pid!, stop };
}

/**
 * A bare reference server (`script`, e.g. bench/classes-reference.ts) on `databaseUrl`, until
 * `stop()`: started with DATABASE_URL, APP_SECRET, HOST and PORT; ready when it prints
 * `reference listening`.
 */
export async function startReference(
  script: string,
  databaseUrl: string,
  secret: string,
  /** Arguments after the script (e.g. `--hono`). */
  args: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(...launched([process.execPath, script, ...args]), {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_SECRET: secret,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...(process.env.BENCH_CPU_PROF
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`reference did not start:\n${output}`)),
      startTimeoutMs() / 2,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8192);
      if (/reference listening/.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`reference exited (${code}):\n${output}`));
    });
  });
  console.log(`[bench] ${output.trim().split('\n').at(-1)}`);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    publicOrigin: origin,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * One autocannon run (CONNECTIONS connections, DURATION seconds unless overridden). With `pid`,
 * also the server's CPU time per request — steadier than req/s on a shared machine.
 */
export async function measure(
  route: string,
  engine: string,
  options: AutocannonOptions,
  pid?: number,
): Promise<Row> {
  const cpuBefore = cpuTimeMs(pid);
  const t0 = process.hrtime.bigint() / 1000n;
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const t1 = process.hrtime.bigint() / 1000n;
  const cpu = cpuTimeMs(pid) - cpuBefore;
  if (process.env.BENCH_CPU_PROF && pid !== undefined) {
    // For bench/cpu-profile-summary.ts: this run's window (CLOCK_MONOTONIC µs, the clock of V8's
    // profiles) in the profile of process `pid`.
    console.log(
      `[bench] profile window: pid=${pid} from=${t0} to=${t1} requests=${result.requests.total} (${engine}, ${route})`,
    );
  }
  return {
    ...(Number.isFinite(cpu) && result.requests.total > 0
      ? { cpuUsPerRequest: (cpu * 1000) / result.requests.total }
      : {}),
    route,
    engine,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** A throw-away schema in `base` (search_path per connection), dropped afterwards. */
export async function withPostgresSchema<T>(
  base: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const schema = `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(base, `CREATE SCHEMA "${schema}"`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await run(url.toString());
  } finally {
    await adminQuery(base, `DROP SCHEMA "${schema}" CASCADE`);
  }
}

/** A throw-away database on the server of `base` (created and dropped through `base`). */
export async function withPostgresDatabase<T>(
  base: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `aprenda_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(base, `CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Markdown table; the first `leftColumns` columns are left-aligned, the rest right-aligned. */
export function formatTable(header: string[], body: string[][], leftColumns = 2): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join(' | ')} |`;
  const rule = `|${widths
    .map((w, i) => (i < leftColumns ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`))
    .join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** The header of a measured row's table columns (`rowCells`). */
export const ROW_HEADER = [
  'route',
  'engine',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'requests',
];

export function rowCells(r: Row): string[] {
  return [
    r.route,
    r.engine,
    r.reqPerSec.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    String(r.non2xx),
    String(r.total),
  ];
}

export function printTable(rows: Row[]) {
  console.log(`\n${formatTable(ROW_HEADER, rows.map(rowCells))}`);
}

/**
 * Autocannon options that send `method path` to `origin` over and over, each request with the
 * headers (and body) `fresh()` makes for it: a session token in rotation, a fresh client id.
 */
export function eachRequest(
  origin: string,
  method: string,
  path: string,
  fresh: () => { headers: Record<string, string>; body?: string },
): AutocannonOptions {
  return {
    url: origin,
    requests: [{ method, path, setupRequest: (req) => ({ ...req, ...fresh() }) }],
  };
}

/** The route name of a bare reference server's rows (`startReference`): info, no target. */
export const REFERENCE_PREFIX = 'reference ';

/** The bare reference of the seeded benchmarks: the same server, no session, one `select 1`. */
export const HEALTH = 'GET /api/health';

/**
 * Warm-up runs (not measured, 2 s each) of `runs` — route name and autocannon options — so that
 * the measured runs after them find the JIT, the connection pool and the page cache warm.
 */
export async function warmUp(
  engine: string,
  runs: Array<[route: string, options: AutocannonOptions]>,
): Promise<void> {
  for (const [route, options] of runs) await measure(route, engine, { ...options, duration: 2 });
}

/** The autocannon options of the `HEALTH` reference on `server`. */
export const healthRequest = (server: RunningServer): AutocannonOptions => ({
  url: `${server.origin}/api/health`,
});

/** The measured `HEALTH` run on `server` (announced in the log first). */
export async function measureHealth(engine: string, server: RunningServer): Promise<Row> {
  console.log(`[bench] ${engine}: ${HEALTH} (${CONNECTIONS} connections, ${DURATION} s)`);
  return measure(HEALTH, engine, healthRequest(server), server.pid);
}

/**
 * A stream of writes by the measured user, for `measureWhileWriting` and `measureStoredWrites`:
 * the autocannon options that send them, and how many rows they have stored so far.
 */
export interface WriteLoad {
  engine: string;
  /** The server's process id (its CPU time per request goes into the row). */
  pid: number;
  /** The write requests (a fresh client id per request, so that every 201 stores a row). */
  options: AutocannonOptions;
  /** The rows stored so far by the writes (e.g. the user's answers), read from the database. */
  count(): Promise<number>;
  /** What one write is, plural, for the log: `answers`, `ratings`. */
  noun: string;
}

/**
 * Measures a read (`route`, `options`) while the same user keeps writing at `rate` writes a
 * second from two more connections (none when `rate` is 0), so that what the read reads changes
 * under it as it does in real use and nothing stays cached. Throws when a write failed; logs how
 * many rows the writes stored meanwhile.
 */
export async function measureWhileWriting(
  route: string,
  options: AutocannonOptions,
  writes: WriteLoad,
  rate: number,
  /** The process serving the reads, for its CPU time (default: the writes' server). */
  pid: number = writes.pid,
): Promise<Row> {
  const { engine, noun } = writes;
  const before = await writes.count();
  const writer =
    rate > 0
      ? autocannon({
          ...writes.options,
          connections: 2,
          overallRate: rate,
          duration: DURATION + 1,
        })
      : null;
  const row = await measure(route, engine, options, pid);
  if (writer) {
    const w = await writer;
    if (w.errors > 0 || w.non2xx > 0) {
      throw new Error(`${engine}: ${noun} during ${route} failed (${w.errors}/${w.non2xx})`);
    }
  }
  const stored = (await writes.count()) - before;
  console.log(`[bench] ${engine}: ${stored} ${noun} stored during ${route}`);
  return row;
}

/**
 * Measures the writes themselves (`route`), then checks that every 201 stored one row
 * (`storedLabel` names them in the log, e.g. `review rows`). Requests still in flight when
 * autocannon stops are stored but not counted: up to one a connection more is fine. Idempotency
 * is the server tests' job; this checks that nothing was lost under load.
 */
export async function measureStoredWrites(
  route: string,
  writes: WriteLoad,
  storedLabel: string,
): Promise<Row> {
  const { engine, noun } = writes;
  const before = await writes.count();
  console.log(`[bench] ${engine}: ${route}`);
  const row = await measure(route, engine, writes.options, writes.pid);
  const stored = (await writes.count()) - before;
  const answered = row.total - row.non2xx - row.errors;
  console.log(
    `[bench] ${engine}: ${answered} ${noun} answered 201, ${stored} ${storedLabel} stored ` +
      `(in flight at the end: ${stored - answered})`,
  );
  if (stored < answered || stored > answered + CONNECTIONS) {
    throw new Error(`${engine}: ${answered} ${noun} accepted but ${stored} ${storedLabel} stored`);
  }
  return row;
}

/** The measured rows as a table, with the server's CPU time per request as the last column. */
export function printRowsWithCpu(rows: Row[]): void {
  const header = [...ROW_HEADER, 'server CPU µs/req'];
  const body = rows.map((r) => [
    ...rowCells(r),
    r.cpuUsPerRequest === undefined ? '—' : r.cpuUsPerRequest.toFixed(0),
  ]);
  console.log(`\n${formatTable(header, body)}`);
}

/** The targets table: rows of engine, target, measured value, PASS/FAIL. */
export function printTargets(checks: string[][]): void {
  console.log(`\n${formatTable(['engine', 'target', 'measured', 'result'], checks, 2)}`);
}

/**
 * Prints the rows and the targets "p99 ≤ `targetMs`" of every route but the `HEALTH` reference;
 * true when all were met.
 */
export function reportP99Targets(rows: Row[], targetMs: number): boolean {
  printRowsWithCpu(rows);
  const checks: string[][] = [];
  let ok = true;
  for (const r of rows) {
    // The bare references (health, and a route's floor), no target.
    if (r.route === HEALTH || r.route.startsWith(REFERENCE_PREFIX)) continue;
    const pass = r.p99 <= targetMs;
    ok &&= pass;
    checks.push([
      r.engine,
      `${r.route} p99 ≤ ${targetMs} ms`,
      `${r.p99.toFixed(1)} ms`,
      pass ? 'PASS' : 'FAIL',
    ]);
  }
  printTargets(checks);
  return ok;
}

/** Exit code 1 (after printing why) when a request failed or a target was missed. */
export function flagFailures(rows: Row[], targetsMet: boolean): void {
  if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('\n[bench] some requests failed (errors or non-2xx above)');
    process.exitCode = 1;
  }
  if (!targetsMet) {
    console.error('[bench] a target was missed (FAIL above)');
    process.exitCode = 1;
  }
}

/** CPU time (user + system, ms) used so far by process `pid` (Linux /proc), or NaN. */
export function cpuTimeMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

/** "1.23 0.98 0.75" — the 1/5/15-minute load averages (the machine is shared). */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Runs a benchmark's `main`; a throw prints its stack and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error('[bench] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
