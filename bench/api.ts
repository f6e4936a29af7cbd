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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONNECTIONS,
  DURATION,
  loadAverage,
  measure,
  printTable,
  startServer,
  withPostgresSchema,
  type Row,
} from './lib.ts';

const DEMO_STUDENT = { email: 'lucas@demo.aprenda.dev', password: 'aprenda-demo' };

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

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  console.log(`\n[bench] ${engine}: starting the server…`);
  const server = await startServer(databaseUrl, dataDir);
  try {
    const token = await signIn(server.origin, server.publicOrigin);
    const rows: Row[] = [];
    console.log(`[bench] ${engine}: GET /api/health (${CONNECTIONS} connections, ${DURATION} s)`);
    rows.push(await measure('GET /api/health', engine, { url: `${server.origin}/api/health` }));
    console.log(`[bench] ${engine}: GET /api/classes/mine signed in`);
    rows.push(
      await measure('GET /api/classes/mine', engine, {
        url: `${server.origin}/api/classes/mine`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    return rows;
  } finally {
    await server.stop();
  }
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
      `request log off (LOG_LEVEL=warn); load average ${loadAverage()}.`,
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
