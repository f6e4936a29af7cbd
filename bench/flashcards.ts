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
 * Then the floor (decision 0042): `bench/flashcards-reference.ts`, a bare node:http server with the
 * app's own three queue statements and the JSON (no previews), on the same database, its reads
 * measured while the app takes the same ratings — `reference GET …` in the table, no target;
 * BENCH_REFERENCE=0 skips it.
 *
 * Prints a table and the targets — p99 ≤ 25 ms for each — as PASS/FAIL; exits 1 when a request
 * failed or a target was missed. After the submit run, checks that every 201 stored one review-log
 * row (idempotency is the server tests' job; this checks nothing was lost under load).
 */
import { randomUUID } from 'node:crypto';
import {
  CONNECTIONS,
  DURATION,
  eachRequest,
  flagFailures,
  HEALTH,
  healthRequest,
  loadAverage,
  measureHealth,
  measureStoredWrites,
  measureWhileWriting,
  REFERENCE_PREFIX,
  reportP99Targets,
  runBench,
  startReference,
  warmUp,
  type Row,
  type WriteLoad,
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
  countRows,
  readRows,
  runSeededEngines,
  seconds,
  withSeededServer,
  type DataSet,
} from './seed-lib.ts';

const P99_TARGET_MS = 25;
const TZ = 'America/Sao_Paulo';
const QUEUE_LIMIT = Number(process.env.BENCH_QUEUE_LIMIT ?? 50);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const QUEUE = `GET /api/decks/{id}/queue?limit=${QUEUE_LIMIT}`;
const DECKS = 'GET /api/decks';
const SUBMIT = 'POST /api/reviews';
const REFERENCE = `${REFERENCE_PREFIX}${QUEUE}`;

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

interface Fixture {
  tokens: string[];
  userId: string;
  deckId: string;
  items: string[];
}

async function fixture(url: string): Promise<Fixture> {
  const { tokens, userId } = await heavySessions(url, BENCH_SECRET, CONNECTIONS);
  const [deck] = await readRows<{ id: string }>(
    url,
    'select id from decks where owner_id = ? order by card_count desc, id limit 1',
    [userId],
  );
  if (!deck) throw new Error('the heavy student has no deck');
  const items = (
    await readRows<{ item_id: string }>(
      url,
      'select item_id from flashcard_states where user_id = ? and deck_id = ? and queue >= 1',
      [userId, deck.id],
    )
  ).map((r) => r.item_id);
  return { tokens, userId, deckId: deck.id, items };
}

const reviewCount = (url: string, userId: string) =>
  countRows(url, 'select count(*) as n from flashcard_reviews where user_id = ?', [userId]);

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

/** The reference picks the same items, in the same order, as the app. */
async function sameQueue(app: string, reference: string, path: string, token: string) {
  const ids = async (origin: string) => {
    const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { items?: Array<{ item_id: string }> };
    if (res.status !== 200 || !body.items) {
      throw new Error(
        `${origin}: queue answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    return body.items.map((i) => i.item_id).join(',');
  };
  const [a, b] = [await ids(app), await ids(reference)];
  if (a !== b) throw new Error(`the reference's queue differs:\napp ${a}\nref ${b}`);
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
  return withSeededServer(databaseUrl, dataDir, async (server) => {
    console.log(`[bench] ${engine}: sanity check passed (${await sanityCheck(server.origin, f)})`);
    let next = 0;
    const token = () => f.tokens[next++ % f.tokens.length];
    const get = (path: string) =>
      eachRequest(server.origin, 'GET', path, () => ({
        headers: { authorization: `Bearer ${token()}` },
      }));
    const queue = get(
      `/api/decks/${f.deckId}/queue?tz=${encodeURIComponent(TZ)}&limit=${QUEUE_LIMIT}`,
    );
    const decks = get(`/api/decks?tz=${encodeURIComponent(TZ)}`);
    let pick = 0;
    const submit = eachRequest(server.origin, 'POST', '/api/reviews', () => ({
      headers: {
        authorization: `Bearer ${token()}`,
        'content-type': 'application/json',
        origin: server.origin,
      },
      // A prime stride over the studied items: 50 connections never rate the same item at once
      // (a student never does), each rating 1–4 in turn.
      body: reviewBody(f.items[(pick += 7919) % f.items.length]!, 1 + (pick % 4)),
    }));
    const writes: WriteLoad = {
      engine,
      pid: server.pid,
      options: submit,
      count: () => reviewCount(databaseUrl, f.userId),
      noun: 'ratings',
    };
    // Warm-up (not measured): JIT, connection pool, page cache.
    await warmUp(engine, [
      [HEALTH, healthRequest(server)],
      [QUEUE, queue],
      [DECKS, decks],
    ]);
    const out: Row[] = [];
    out.push(await measureHealth(engine, server));
    console.log(`[bench] ${engine}: ${QUEUE}, rating at ${WRITE_RATE}/s meanwhile`);
    out.push(await measureWhileWriting(QUEUE, queue, writes, WRITE_RATE));
    console.log(`[bench] ${engine}: ${DECKS}, rating at ${WRITE_RATE}/s meanwhile`);
    out.push(await measureWhileWriting(DECKS, decks, writes, WRITE_RATE));
    out.push(await measureStoredWrites(SUBMIT, writes, 'review rows'));
    if (process.env.BENCH_REFERENCE !== '0') {
      // The floor: the same three statements and JSON on a bare node:http server, reading the same
      // database while the app takes the same ratings (bench/flashcards-reference.ts).
      const reference = await startReference(
        'bench/flashcards-reference.ts',
        databaseUrl,
        BENCH_SECRET,
      );
      try {
        const path = `/api/decks/${f.deckId}/queue?tz=${encodeURIComponent(TZ)}&limit=${QUEUE_LIMIT}`;
        await sameQueue(server.origin, reference.origin, path, f.tokens[0]!);
        const refQueue = eachRequest(reference.origin, 'GET', path, () => ({
          headers: { authorization: `Bearer ${token()}` },
        }));
        await warmUp(engine, [[REFERENCE, refQueue]]);
        console.log(`[bench] ${engine}: ${REFERENCE}, rating at ${WRITE_RATE}/s meanwhile`);
        out.push(await measureWhileWriting(REFERENCE, refQueue, writes, WRITE_RATE, reference.pid));
      } finally {
        await reference.stop();
      }
    }
    return out;
  });
}

async function main() {
  const started = performance.now();
  const all = await runSeededEngines(DATA, benchEngine);
  const ok = reportP99Targets(all, P99_TARGET_MS);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; every ` +
      `request as the heavy student (50,000 cards), tz ${TZ}; node ${process.version}; request ` +
      `log off (LOG_LEVEL=warn); load average ${loadAverage()}; total ` +
      `${seconds(performance.now() - started)}. ${HEALTH} is the bare reference (no session, one ` +
      `select 1); the reads ran while the student rated ${WRITE_RATE} times a second.`,
  );
  flagFailures(all, ok);
}

runBench(main);
