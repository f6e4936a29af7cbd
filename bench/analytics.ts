/**
 * Metrics and analytics benchmark at scale: `npm run bench:analytics` (issue 14, point 5).
 *
 * 2,000 students in 50 classes (one teacher each), 5,000,000 flashcard review logs and 2,000,000
 * answers over the last 365 days, and the daily rollups kept from them (bench/seed-analytics.ts).
 * SQLite always — the seeded file is cached in bench/.cache/ under a key of the seed version, the
 * sizes, the seed day, the migrations and the learner-model code the seed simulates with, and
 * copied for each run — and PostgreSQL when BENCH_DATABASE_URL=postgres://… is set (a fresh
 * database is created, seeded, and dropped). For each engine, twice — the real server
 * (`node apps/server/src/server.ts`, SEED_DEMO=false, request log off) with the response cache
 * off (RESPONSE_CACHE_MB=0) and with its default size — autocannon (BENCH_CONNECTIONS=50
 * connections, BENCH_DURATION=10 s, loopback, tz America/Sao_Paulo) on
 *
 * - `GET /api/health` — the bare reference: the same server, no session, one `select 1`;
 * - `GET /api/metrics/me?range=30d` and `?range=365d` — a student's metrics, each request as
 *   the next of 50 students (one per class, BENCH_CONNECTIONS of them) in rotation;
 * - `GET /api/analytics/classes/{id}` — a class's analytics, each request as the next class's
 *   teacher in rotation (all 50 classes, ~40 students each).
 *
 * Each read is measured while those 50 students keep studying — BENCH_WRITE_RATE writes a second
 * (default 50) from two more connections, alternately `POST /api/reviews` (a card of their class's
 * shared deck: their day's rollup and their class's change) and `POST /api/practice/answers` (a
 * public item, right four times in five) — so the rollups and the cache versions the reads depend
 * on change under them as they do in a school day.
 *
 * Prints a table and the targets — p99 ≤ 50 ms for each read — as PASS/FAIL; exits 1 when a request
 * failed or a target was missed.
 *
 * BENCH_SCALE=small (or a fraction, e.g. 0.05) seeds a fraction of the sizes, for trying it out;
 * BENCH_ENGINES=sqlite|postgres runs one engine only; BENCH_CACHE=off|on one cache mode only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options as AutocannonOptions } from 'autocannon';
import {
  CONNECTIONS,
  DURATION,
  flagFailures,
  HEALTH,
  healthRequest,
  loadAverage,
  measureHealth,
  measureWhileWriting,
  reportP99Targets,
  root,
  runBench,
  startServer,
  warmUp,
  type Row,
  type WriteLoad,
} from './lib.ts';
import {
  analyticsSessions,
  SEED_VERSION,
  seedAnalytics,
  seedDay,
  seedSizes,
  TZ,
  type SeedCounts,
} from './seed-analytics.ts';
import { responseFor, type GradableItem } from './seed-exercises.ts';
import {
  BENCH_SECRET,
  countRows,
  readRows,
  runSeededEngines,
  seconds,
  type DataSet,
} from './seed-lib.ts';

const P99_TARGET_MS = 50;
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const CACHE_MODES = (['off', 'on'] as const).filter(
  (m) => !process.env.BENCH_CACHE || process.env.BENCH_CACHE === m,
);
const tz = encodeURIComponent(TZ);
const METRICS_30 = 'GET /api/metrics/me?range=30d';
const METRICS_365 = 'GET /api/metrics/me?range=365d';
const ANALYTICS = 'GET /api/analytics/classes/{id}';

/** The server code the seed simulates with (its Elo updates). */
const seedCode = createHash('sha256')
  .update(readFileSync(join(root, 'apps/server/src/modules/learner/elo.ts')))
  .digest('hex')
  .slice(0, 16);

const day = seedDay();
const DATA: DataSet<SeedCounts> = {
  name: 'analytics',
  seeder: 'bench/seed-analytics.ts',
  key: { SEED_VERSION, sizes: seedSizes(), day, seedCode },
  seed: (url) => seedAnalytics(url, seedSizes(), day),
  describe: (c) =>
    `${c.students.toLocaleString('en')} students in ${c.classes} classes, ` +
    `${c.states.toLocaleString('en')} card states, ${c.reviews.toLocaleString('en')} review ` +
    `logs, ${c.answers.toLocaleString('en')} answers (${c.attempts.toLocaleString('en')} ` +
    `assignment attempts), ${c.activityDays.toLocaleString('en')} activity days, ` +
    `${c.classDays.toLocaleString('en')} class activity days`,
};

interface Student {
  token: string;
  userId: string;
  /** Seen items of their class's shared deck (what their ratings rate). */
  cards: string[];
}

interface Fixture {
  students: Student[];
  teachers: Array<{ token: string; classId: string }>;
  /** Public items the students answer. */
  items: GradableItem[];
}

async function fixture(url: string): Promise<Fixture> {
  const s = await analyticsSessions(url, BENCH_SECRET, CONNECTIONS);
  const students: Student[] = [];
  for (const st of s.students) {
    const cards = await readRows<{ item_id: string }>(
      url,
      `select fs.item_id from flashcard_states fs join decks d on d.id = fs.deck_id
        where fs.user_id = ? and d.owner_id <> ? order by fs.item_id`,
      [st.userId, st.userId],
    );
    students.push({ ...st, cards: cards.map((c) => c.item_id) });
  }
  const items = await readRows<GradableItem>(
    url,
    `select id, kind, spec from exercise_items where public = 1 and deleted_at is null order by id`,
  );
  return { students, teachers: s.teachers, items };
}

/** GET `path(n)` with the `n`-th token of `tokens`, n = 0, 1, 2, … over all requests. */
function rotating(
  origin: string,
  tokens: string[],
  path: (n: number) => string,
): AutocannonOptions {
  let n = 0;
  return {
    url: origin,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const k = n++ % tokens.length;
          return { ...req, path: path(k), headers: { authorization: `Bearer ${tokens[k]}` } };
        },
      },
    ],
  };
}

const reviewBody = (itemId: string, rating: number) =>
  JSON.stringify({
    id: randomUUID(),
    item_id: itemId,
    rating,
    duration_ms: 6000,
    client_time: new Date().toISOString(),
    tz: TZ,
  });

const answerBody = (item: GradableItem, userId: string, right: boolean) =>
  JSON.stringify({
    id: randomUUID(),
    item_id: item.id,
    response: responseFor(item, userId, right),
    duration_ms: 15_000,
    lang: 'pt-BR',
    tz: TZ,
  });

/** The students' writes: a rating, then an answer, by the next student each time. */
function studying(origin: string, f: Fixture): AutocannonOptions {
  let n = 0;
  const next = () => {
    const k = n++;
    const s = f.students[k % f.students.length]!;
    return { k: Math.floor(k / f.students.length), s };
  };
  const headers = (s: Student) => ({
    authorization: `Bearer ${s.token}`,
    'content-type': 'application/json',
    origin,
  });
  return {
    url: origin,
    requests: [
      {
        method: 'POST',
        path: '/api/reviews',
        setupRequest: (req) => {
          // A prime stride over the student's cards: never the same card twice in a row.
          const { k, s } = next();
          const item = s.cards[(k * 7919) % s.cards.length]!;
          return { ...req, headers: headers(s), body: reviewBody(item, 1 + (k % 4)) };
        },
      },
      {
        method: 'POST',
        path: '/api/practice/answers',
        setupRequest: (req) => {
          const { k, s } = next();
          const item = f.items[(k * 7919 + s.cards.length) % f.items.length]!;
          return { ...req, headers: headers(s), body: answerBody(item, s.userId, k % 5 !== 0) };
        },
      },
    ],
  };
}

/** Reviews + answers of the measured students so far. */
function writeCount(url: string, f: Fixture): Promise<number> {
  const ids = f.students.map((s) => s.userId);
  const list = ids.map(() => '?').join(', ');
  return countRows(
    url,
    `select (select count(*) from flashcard_reviews where user_id in (${list})) +
            (select count(*) from item_answers where user_id in (${list})) as n`,
    [...ids, ...ids],
  );
}

async function getJson(origin: string, path: string, token: string) {
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json().catch(() => null)) as never };
}

/** Before measuring: the routes answer as the API says; a teacher gets 404 for another class. */
async function sanityCheck(origin: string, f: Fixture): Promise<string> {
  const s = f.students[0]!;
  const m = await getJson(origin, `/api/metrics/me?range=30d&tz=${tz}`, s.token);
  const metrics = m.body as {
    days?: unknown[];
    totals?: { reviews?: number; answers?: number };
    streak?: { current?: number };
  } | null;
  if (m.status !== 200 || metrics?.days?.length !== 30) {
    throw new Error(`GET metrics answered ${m.status}: ${JSON.stringify(metrics).slice(0, 300)}`);
  }
  const [t, other] = [f.teachers[0]!, f.teachers[1] ?? f.teachers[0]!];
  const a = await getJson(origin, `/api/analytics/classes/${t.classId}?tz=${tz}`, t.token);
  const analytics = a.body as { students?: unknown[]; attention?: unknown[] } | null;
  if (a.status !== 200 || !Array.isArray(analytics?.students) || analytics.students.length === 0) {
    throw new Error(
      `GET analytics answered ${a.status}: ${JSON.stringify(analytics).slice(0, 300)}`,
    );
  }
  if (other !== t) {
    const x = await getJson(origin, `/api/analytics/classes/${other.classId}?tz=${tz}`, t.token);
    if (x.status !== 404)
      throw new Error(`another class's analytics answered ${x.status}, not 404`);
  }
  const writes = studying(origin, f).requests!;
  for (const w of writes) {
    const req = w.setupRequest!({} as never, {} as never) as {
      headers: Record<string, string>;
      body: string;
    };
    const res = await fetch(`${origin}${w.path}`, { method: 'POST', ...req });
    if (res.status !== 201)
      throw new Error(`POST ${w.path} answered ${res.status}: ${await res.text()}`);
  }
  return (
    `a student's 30 days: ${metrics.totals?.reviews} reviews, ${metrics.totals?.answers} answers, ` +
    `streak ${metrics.streak?.current}; a class: ${analytics.students.length} students, ` +
    `${analytics.attention?.length} needing attention`
  );
}

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  const t0 = performance.now();
  const f = await fixture(databaseUrl);
  console.log(
    `[bench] ${engine}: sessions of ${f.students.length} students and ${f.teachers.length} ` +
      `teachers, in ${seconds(performance.now() - t0)}`,
  );
  const out: Row[] = [];
  for (const cache of CACHE_MODES) {
    const server = await startServer(databaseUrl, dataDir, {
      APP_SECRET: BENCH_SECRET,
      SEED_DEMO: 'false',
      ...(cache === 'off' ? { RESPONSE_CACHE_MB: '0' } : {}),
    });
    try {
      const label = `${engine}, cache ${cache}`;
      console.log(`[bench] ${label}: sanity check passed (${await sanityCheck(server.origin, f)})`);
      const tokens = f.students.map((s) => s.token);
      const metrics = (range: string) =>
        rotating(server.origin, tokens, () => `/api/metrics/me?range=${range}&tz=${tz}`);
      const reads: Array<[string, AutocannonOptions]> = [
        [METRICS_30, metrics('30d')],
        [METRICS_365, metrics('365d')],
        [
          ANALYTICS,
          rotating(
            server.origin,
            f.teachers.map((t) => t.token),
            (k) => `/api/analytics/classes/${f.teachers[k]!.classId}?tz=${tz}`,
          ),
        ],
      ];
      const writes: WriteLoad = {
        engine: label,
        pid: server.pid,
        options: studying(server.origin, f),
        count: () => writeCount(databaseUrl, f),
        noun: 'ratings and answers',
      };
      // Warm-up (not measured): JIT, connection pool, page cache.
      await warmUp(label, [[HEALTH, healthRequest(server)], ...reads]);
      out.push(await measureHealth(label, server));
      for (const [route, options] of reads) {
        console.log(`[bench] ${label}: ${route}, studying at ${WRITE_RATE}/s meanwhile`);
        out.push(await measureWhileWriting(route, options, writes, WRITE_RATE));
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}

async function main() {
  const started = performance.now();
  const all = await runSeededEngines(DATA, benchEngine);
  const ok = reportP99Targets(all, P99_TARGET_MS);
  const sizes = seedSizes();
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; ` +
      `${sizes.students.toLocaleString('en')} students in ${sizes.classes} classes, ` +
      `${sizes.reviews.toLocaleString('en')} review logs, ${sizes.answers.toLocaleString('en')} ` +
      `answers over 365 days; metrics as ${CONNECTIONS} students in rotation, analytics as the ` +
      `classes' teachers in rotation; tz ${TZ}; response cache off (RESPONSE_CACHE_MB=0) and on ` +
      `(default size); node ${process.version}; request log off (LOG_LEVEL=warn); load average ` +
      `${loadAverage()}; total ${seconds(performance.now() - started)}. ${HEALTH} is the bare ` +
      `reference (no session, one select 1); the reads ran while those students rated cards and ` +
      `answered items ${WRITE_RATE} times a second.`,
  );
  flagFailures(all, ok);
}

runBench(main);
