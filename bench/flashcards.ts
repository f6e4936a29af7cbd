/**
 * Flashcards benchmark at scale: `npm run bench:flashcards` (issue 12).
 *
 * 2,000 students, 1,000,000 review-log rows; one heavy student with 50,000 cards in three decks
 * (bench/seed-flashcards.ts). SQLite always — the seeded file is cached in bench/.cache/ under a
 * key of the seed version, the seed hour and the migrations, and copied for each run — and
 * PostgreSQL when BENCH_DATABASE_URL=postgres://… is set (a fresh database is created, seeded, and
 * dropped). For each engine: the real server (`node apps/server/src/server.ts`, SEED_DEMO=false,
 * request log off), then autocannon (BENCH_CONNECTIONS=50 connections, BENCH_DURATION=10 s,
 * loopback), every request as the heavy student (tz America/Sao_Paulo), on
 *
 * - `GET /api/health` — the bare reference: the same server, no session, one `select 1`;
 * - `GET /api/decks/{id}/queue?limit=BENCH_QUEUE_LIMIT` — "next due card", on the 20,000-card
 *   deck with thousands of overdue reviews; by default the limit the review screen asks for (50,
 *   QUEUE_LIMIT_MAX: it fetches the next 50 and asks again when two are left);
 * - `GET /api/decks` — the deck list with each deck's due counts;
 * - `POST /api/reviews` — "submit rating": a fresh client id and a random seen item of the same
 *   deck per request, rating 1–4.
 *
 * The two reads are measured while the same student keeps rating (BENCH_WRITE_RATE ratings a
 * second, default 50, on the measured deck, from two more connections): what they read changes
 * under them as it does while a student studies (today's counts, states moving between queues,
 * and on PostgreSQL fresh row versions under the index-only scans) — nothing is cached.
 *
 * Prints a table and the targets — p99 ≤ 25 ms for each — as PASS/FAIL; exits 1 when a request
 * failed or a target was missed. After the submit run, checks that every 201 stored one review-log
 * row (idempotency is the server tests' job; this checks nothing was lost under load).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CONNECTIONS,
  DURATION,
  formatTable,
  loadAverage,
  measure,
  ROW_HEADER,
  rowCells,
  runBench,
  startServer,
  type Row,
} from './lib.ts';
import {
  heavySessions,
  SEED_VERSION,
  seedDay,
  seedFlashcards,
  seedSizes,
  type SeedCounts,
} from './seed-flashcards.ts';
import {
  BENCH_SECRET,
  isPostgres,
  seconds,
  seededSqliteFile,
  sqlitePath,
  withSeededPostgres,
  type DataSet,
} from './seed-lib.ts';

const P99_TARGET_MS = 25;
const TZ = 'America/Sao_Paulo';
const QUEUE_LIMIT = Number(process.env.BENCH_QUEUE_LIMIT ?? 50);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const HEALTH = 'GET /api/health';
const QUEUE = `GET /api/decks/{id}/queue?limit=${QUEUE_LIMIT}`;
const DECKS = 'GET /api/decks';
const SUBMIT = 'POST /api/reviews';

const day = seedDay();
const DATA: DataSet<SeedCounts> = {
  name: 'flashcards',
  seeder: 'bench/seed-flashcards.ts',
  key: { SEED_VERSION, sizes: seedSizes(), day },
  seed: (url) => seedFlashcards(url, seedSizes(), day),
  describe: (c) =>
    `${c.users.toLocaleString('en')} students, ${c.decks.toLocaleString('en')} decks, ` +
    `${c.cards.toLocaleString('en')} cards, ${c.states.toLocaleString('en')} states, ` +
    `${c.reviews.toLocaleString('en')} review logs (the heavy student's ` +
    `${c.heavyReviews.toLocaleString('en')})`,
};

/** Read-only queries on the seeded database (SQLite file or PostgreSQL). */
async function query<R>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  if (isPostgres(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as R[];
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

/** `?` placeholders → `$1`, `$2`, … for PostgreSQL. */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

async function rows<R>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  return query<R>(url, isPostgres(url) ? numbered(text) : text, params);
}

interface Fixture {
  tokens: string[];
  userId: string;
  deckId: string;
  items: string[];
}

async function fixture(url: string): Promise<Fixture> {
  const { tokens, userId } = await heavySessions(url, BENCH_SECRET, CONNECTIONS);
  const [deck] = await rows<{ id: string }>(
    url,
    'select id from decks where owner_id = ? order by card_count desc, id limit 1',
    [userId],
  );
  if (!deck) throw new Error('the heavy student has no deck');
  const items = (
    await rows<{ item_id: string }>(
      url,
      'select item_id from flashcard_states where user_id = ? and deck_id = ? and queue >= 1',
      [userId, deck.id],
    )
  ).map((r) => r.item_id);
  return { tokens, userId, deckId: deck.id, items };
}

const reviewCount = async (url: string, userId: string) =>
  Number(
    (
      await rows<{ n: number | string }>(
        url,
        'select count(*) as n from flashcard_reviews where user_id = ?',
        [userId],
      )
    )[0]!.n,
  );

/** Before measuring: the three routes answer as the API says, for the heavy student. */
async function sanityCheck(origin: string, f: Fixture): Promise<string> {
  const auth = { authorization: `Bearer ${f.tokens[0]}` };
  const q = await fetch(`${origin}/api/decks/${f.deckId}/queue?tz=${TZ}`, { headers: auth });
  const queue = (await q.json()) as { items?: unknown[]; counts?: { due?: number } };
  if (q.status !== 200 || !Array.isArray(queue.items) || queue.items.length === 0) {
    throw new Error(`GET queue answered ${q.status}: ${JSON.stringify(queue).slice(0, 300)}`);
  }
  const d = await fetch(`${origin}/api/decks?tz=${TZ}`, { headers: auth });
  const decks = (await d.json()) as { items?: Array<{ counts?: { due?: number } }> };
  if (d.status !== 200 || !Array.isArray(decks.items) || decks.items.length !== 3) {
    throw new Error(`GET /api/decks answered ${d.status}: ${JSON.stringify(decks).slice(0, 300)}`);
  }
  const r = await fetch(`${origin}/api/reviews`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', origin },
    body: reviewBody(f.items[0]!),
  });
  if (r.status !== 201)
    throw new Error(`POST /api/reviews answered ${r.status}: ${await r.text()}`);
  return (
    `queue ${queue.items.length} items (due today ${queue.counts?.due}), ` +
    `deck list due ${decks.items.map((i) => i.counts?.due).join(' / ')}`
  );
}

function reviewBody(itemId: string, rating = 3): string {
  return JSON.stringify({
    id: randomUUID(),
    item_id: itemId,
    rating,
    duration_ms: 4000,
    client_time: new Date().toISOString(),
    tz: TZ,
  });
}

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  const t0 = performance.now();
  const f = await fixture(databaseUrl);
  console.log(
    `[bench] ${engine}: ${f.tokens.length} sessions of the heavy student, ` +
      `${f.items.length.toLocaleString('en')} studied items in the measured deck, ` +
      `in ${seconds(performance.now() - t0)}`,
  );
  const server = await startServer(databaseUrl, dataDir, {
    APP_SECRET: BENCH_SECRET,
    SEED_DEMO: 'false',
  });
  try {
    console.log(`[bench] ${engine}: sanity check passed (${await sanityCheck(server.origin, f)})`);
    let next = 0;
    const token = () => f.tokens[next++ % f.tokens.length];
    const get = (path: string) => ({
      url: server.origin,
      requests: [
        {
          method: 'GET',
          path,
          setupRequest: (req: { method?: string; path?: string }) => ({
            ...req,
            headers: { authorization: `Bearer ${token()}` },
          }),
        },
      ],
    });
    const queue = get(
      `/api/decks/${f.deckId}/queue?tz=${encodeURIComponent(TZ)}&limit=${QUEUE_LIMIT}`,
    );
    const decks = get(`/api/decks?tz=${encodeURIComponent(TZ)}`);
    const health = { url: `${server.origin}/api/health` };
    let pick = 0;
    const submit = {
      url: server.origin,
      requests: [
        {
          method: 'POST',
          path: '/api/reviews',
          setupRequest: (req: { method?: string; path?: string }) => ({
            ...req,
            headers: {
              authorization: `Bearer ${token()}`,
              'content-type': 'application/json',
              origin: server.origin,
            },
            // A prime stride over the studied items: 50 connections never rate the same item at
            // once (a student never does), each rating 1–4 in turn.
            body: reviewBody(f.items[(pick += 7919) % f.items.length]!, 1 + (pick % 4)),
          }),
        },
      ],
    };
    /** A read measured while the student keeps rating at WRITE_RATE a second. */
    const whileRating = async (
      route: string,
      options: Parameters<typeof measure>[2],
    ): Promise<Row> => {
      const before = await reviewCount(databaseUrl, f.userId);
      const writer =
        WRITE_RATE > 0
          ? autocannon({
              ...submit,
              connections: 2,
              overallRate: WRITE_RATE,
              duration: DURATION + 1,
            })
          : null;
      const row = await measure(route, engine, options, server.pid);
      if (writer) {
        const w = await writer;
        if (w.errors > 0 || w.non2xx > 0) {
          throw new Error(`${engine}: ratings during ${route} failed (${w.errors}/${w.non2xx})`);
        }
      }
      const rated = (await reviewCount(databaseUrl, f.userId)) - before;
      console.log(`[bench] ${engine}: ${rated} ratings stored during ${route}`);
      return row;
    };
    // Warm-up (not measured): JIT, connection pool, page cache.
    await measure(HEALTH, engine, { ...health, duration: 2 });
    await measure(QUEUE, engine, { ...queue, duration: 2 });
    await measure(DECKS, engine, { ...decks, duration: 2 });
    const out: Row[] = [];
    console.log(`[bench] ${engine}: ${HEALTH} (${CONNECTIONS} connections, ${DURATION} s)`);
    out.push(await measure(HEALTH, engine, health, server.pid));
    console.log(`[bench] ${engine}: ${QUEUE}, rating at ${WRITE_RATE}/s meanwhile`);
    out.push(await whileRating(QUEUE, queue));
    console.log(`[bench] ${engine}: ${DECKS}, rating at ${WRITE_RATE}/s meanwhile`);
    out.push(await whileRating(DECKS, decks));
    const before = await reviewCount(databaseUrl, f.userId);
    console.log(`[bench] ${engine}: ${SUBMIT}`);
    const row = await measure(SUBMIT, engine, submit, server.pid);
    out.push(row);
    const stored = (await reviewCount(databaseUrl, f.userId)) - before;
    const answered = row.total - row.non2xx - row.errors;
    // Requests still in flight when autocannon stops are stored but not counted: up to one per
    // connection more.
    console.log(
      `[bench] ${engine}: ${answered} ratings answered 201, ${stored} review rows stored ` +
        `(in flight at the end: ${stored - answered})`,
    );
    if (stored < answered || stored > answered + CONNECTIONS) {
      throw new Error(`${engine}: ${answered} ratings accepted but ${stored} review rows stored`);
    }
    return out;
  } finally {
    await server.stop();
  }
}

function report(all: Row[]): boolean {
  const header = [...ROW_HEADER, 'server CPU µs/req'];
  const body = all.map((r) => [
    ...rowCells(r),
    r.cpuUsPerRequest === undefined ? '—' : r.cpuUsPerRequest.toFixed(0),
  ]);
  console.log(`\n${formatTable(header, body)}`);
  const checks: string[][] = [];
  let ok = true;
  for (const r of all) {
    if (r.route === HEALTH) continue; // the reference, no target
    const pass = r.p99 <= P99_TARGET_MS;
    ok &&= pass;
    checks.push([
      r.engine,
      `${r.route} p99 ≤ ${P99_TARGET_MS} ms`,
      `${r.p99.toFixed(1)} ms`,
      pass ? 'PASS' : 'FAIL',
    ]);
  }
  console.log(`\n${formatTable(['engine', 'target', 'measured', 'result'], checks, 2)}`);
  return ok;
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-flashcards-'));
  const all: Row[] = [];
  try {
    if (process.env.BENCH_ENGINES !== 'postgres') {
      const cached = await seededSqliteFile(DATA);
      const file = join(dataDir, 'bench.db');
      copyFileSync(cached, file);
      all.push(...(await benchEngine('sqlite', `file:${file}`, dataDir)));
    }
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl && process.env.BENCH_ENGINES !== 'sqlite') {
      all.push(
        ...(await withSeededPostgres(pgUrl, DATA, dataDir, (url) =>
          benchEngine('postgres', url, dataDir),
        )),
      );
    } else {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ok = report(all);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; every ` +
      `request as the heavy student (50,000 cards), tz ${TZ}; node ${process.version}; request ` +
      `log off (LOG_LEVEL=warn); load average ${loadAverage()}; total ` +
      `${seconds(performance.now() - started)}. ${HEALTH} is the bare reference (no session, one ` +
      `select 1); the reads ran while the student rated ${WRITE_RATE} times a second.`,
  );
  if (all.some((r) => r.errors > 0 || r.non2xx > 0)) {
    console.error('\n[bench] some requests failed (errors or non-2xx above)');
    process.exitCode = 1;
  }
  if (!ok) {
    console.error('[bench] a target was missed (FAIL above)');
    process.exitCode = 1;
  }
}

runBench(main);
