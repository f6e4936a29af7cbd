/**
 * API benchmark: `npm run bench:api`.
 *
 * Starts `node apps/server/src/server.ts` on a fresh temp SQLite database (demo data seeded) — and,
 * when BENCH_DATABASE_URL=postgres://… is set, again on a throw-away schema of that PostgreSQL
 * database — signs in the demo student, then runs autocannon (50 connections, 10 s each, loopback
 * only) against `GET /api/health` and a signed-in `GET /api/classes/mine`, and prints a table.
 *
 * Env: BENCH_DATABASE_URL (optional), BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DEMO_STUDENT = { email: 'lucas@demo.aprenda.dev', password: 'aprenda-demo' };

interface Row {
  route: string;
  engine: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

function freePort(): Promise<number> {
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

async function startServer(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn', // a log line per request would measure the terminal, not the server
      POSTHOG_KEY: '',
      POSTHOG_HOST: '',
      GITHUB_CLIENT_ID: '',
      GITHUB_CLIENT_SECRET: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      if (ready) return; // keep draining the pipes
      output += chunk.toString();
      if (/Aprenda listening on http:\/\/\S+/.test(output)) {
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
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { origin: `http://127.0.0.1:${port}`, publicOrigin: origin, stop };
}

async function signIn(origin: string, publicOrigin: string): Promise<string> {
  const res = await fetch(`${origin}/pb/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicOrigin },
    body: JSON.stringify(DEMO_STUDENT),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) {
    throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  }
  // Sanity check before measuring: the signed-in call must answer 200.
  const mine = await fetch(`${origin}/api/classes/mine`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (mine.status !== 200) {
    throw new Error(`GET /api/classes/mine answered ${mine.status}: ${await mine.text()}`);
  }
  return token;
}

async function measure(
  url: string,
  route: string,
  engine: string,
  headers: Record<string, string> = {},
): Promise<Row> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  return {
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

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  console.log(`\n[bench] ${engine}: starting the server…`);
  const server = await startServer(databaseUrl, dataDir);
  try {
    const token = await signIn(server.origin, server.publicOrigin);
    const rows: Row[] = [];
    console.log(`[bench] ${engine}: GET /api/health (${CONNECTIONS} connections, ${DURATION} s)`);
    rows.push(await measure(`${server.origin}/api/health`, 'GET /api/health', engine));
    console.log(`[bench] ${engine}: GET /api/classes/mine signed in`);
    rows.push(
      await measure(`${server.origin}/api/classes/mine`, 'GET /api/classes/mine', engine, {
        authorization: `Bearer ${token}`,
      }),
    );
    return rows;
  } finally {
    await server.stop();
  }
}

/** A throw-away schema in BENCH_DATABASE_URL (search_path per connection), dropped afterwards. */
async function withPostgresSchema<T>(base: string, run: (url: string) => Promise<T>): Promise<T> {
  const schema = `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await run(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP SCHEMA "${schema}" CASCADE`);
    await c.end();
  }
}

function printTable(rows: Row[]) {
  const header = ['route', 'engine', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'requests'];
  const body = rows.map((r) => [
    r.route,
    r.engine,
    r.reqPerSec.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    String(r.non2xx),
    String(r.total),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(
    `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const b of body) console.log(line(b));
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-'));
  const rows: Row[] = [];
  try {
    rows.push(...(await benchEngine('sqlite', `file:${join(dataDir, 'bench.db')}`, dataDir)));
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      rows.push(
        ...(await withPostgresSchema(pgUrl, (url) => benchEngine('postgres', url, dataDir))),
      );
    } else {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route, loopback; node ${process.version}; ` +
      `request log off (LOG_LEVEL=warn).`,
  );
  if (rows.some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('\n[bench] some requests failed (errors or non-2xx above)');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
