/**
 * Adaptive practice benchmark at scale: `npm run bench:exercises` (issue 13, point 10).
 *
 * 2,000 students in 40 classes of 40 teachers, 5,000 items (2,500 in the measured skill
 * `bncc-ef07ma18`, 20 % public), 200,000 answers in the log; one heavy student with 2,000 answers
 * in the measured skill (bench/seed-exercises.ts). SQLite always — the seeded file is cached in
 * bench/.cache/ under a key of the seed version, the sizes, the migrations and the learner-model
 * code the seed simulates with, and copied for each run — and PostgreSQL when
 * BENCH_DATABASE_URL=postgres://… is set (a fresh database is created, seeded, and dropped). For
 * each engine: the real server (`node apps/server/src/server.ts`, SEED_DEMO=false, request log
 * off), then autocannon (BENCH_CONNECTIONS=50 connections, BENCH_DURATION=10 s, loopback), every
 * request as the heavy student, on
 *
 * - `GET /api/health` — the bare reference: the same server, no session, one `select 1`;
 * - `POST /api/practice/next` `{ skill_id }` — "next adaptive item" in the measured skill: the
 *   pool's teachers, the ability, two range walks of (skill_id, difficulty) around it, the
 *   student's past answers to the 80 candidates, the picked item resolved for the student;
 * - `POST /api/practice/answers` — "submit answer": a fresh client id per request, an item of the
 *   student's pool in the measured skill (a prime stride over the ~550 of them), right four times
 *   in five; each stores an answer row, the ability and the item's difficulty (and a user action).
 *
 * "next" is measured while the same student keeps answering (BENCH_WRITE_RATE answers a second,
 * default 50, from two more connections): the ability, the seen items and the difficulties it
 * reads change under it as they do while a student practises — nothing stays cached.
 *
 * Prints a table and the targets — p99 ≤ 25 ms for each — as PASS/FAIL; exits 1 when a request
 * failed or a target was missed. After the submit run, checks that every 201 stored one
 * item_answers row (idempotency is the server tests' job; this checks nothing was lost under load).
 *
 * BENCH_SCALE=small (or a fraction, e.g. 0.05) seeds a fraction of the sizes, for trying it out;
 * BENCH_ENGINES=sqlite|postgres runs one engine only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  reportP99Targets,
  root,
  runBench,
  warmUp,
  type Row,
  type WriteLoad,
} from './lib.ts';
import {
  MEASURED_SKILL,
  responseFor,
  SEED_VERSION,
  seedExercises,
  seedSizes,
  type GradableItem,
  type SeedCounts,
} from './seed-exercises.ts';
import { heavySessions } from './seed-flashcards.ts';
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
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 50);
const NEXT = 'POST /api/practice/next';
const SUBMIT = 'POST /api/practice/answers';

/** The server code the seed simulates with (its Elo updates, its template variants). */
const seedCode = createHash('sha256')
  .update(readFileSync(join(root, 'apps/server/src/modules/learner/elo.ts')))
  .update(readFileSync(join(root, 'apps/server/src/modules/exercises/templates.ts')))
  .digest('hex')
  .slice(0, 16);

const DATA: DataSet<SeedCounts> = {
  name: 'exercises',
  seeder: 'bench/seed-exercises.ts',
  key: { SEED_VERSION, sizes: seedSizes(), seedCode },
  seed: (url) => seedExercises(url, seedSizes()),
  describe: (c) =>
    `${c.users.toLocaleString('en')} users, ${c.classes} classes, ` +
    `${c.items.toLocaleString('en')} items, ${c.abilities.toLocaleString('en')} abilities, ` +
    `${c.answers.toLocaleString('en')} answers (the heavy student's ` +
    `${c.heavyAnswers.toLocaleString('en')})`,
};

interface Fixture {
  tokens: string[];
  userId: string;
  /** The heavy student's pool in the measured skill. */
  items: GradableItem[];
  answers: number;
}

async function fixture(url: string): Promise<Fixture> {
  const { tokens, userId } = await heavySessions(url, BENCH_SECRET, CONNECTIONS);
  const items = await readRows<GradableItem>(
    url,
    `select id, kind, spec from exercise_items
      where skill_id = ? and deleted_at is null
        and (public = 1 or author_id in (
          select t.user_id from class_members mine
            join class_members t on t.class_id = mine.class_id
           where mine.user_id = ? and t.role = 'teacher'))
      order by id`,
    [MEASURED_SKILL, userId],
  );
  if (items.length === 0) throw new Error('the heavy student has no pool: seed first');
  return { tokens, userId, items, answers: await answerCount(url, userId) };
}

const answerCount = (url: string, userId: string) =>
  countRows(url, 'select count(*) as n from item_answers where user_id = ?', [userId]);

function answerBody(f: Fixture, item: GradableItem, right: boolean): string {
  return JSON.stringify({
    id: randomUUID(),
    item_id: item.id,
    response: responseFor(item, f.userId, right),
    duration_ms: 12_000,
    lang: 'pt-BR',
  });
}

/** Before measuring: both routes answer as the API says, for the heavy student. */
async function sanityCheck(origin: string, f: Fixture): Promise<string> {
  const headers = {
    authorization: `Bearer ${f.tokens[0]}`,
    'content-type': 'application/json',
    origin,
  };
  const n = await fetch(`${origin}/api/practice/next`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ skill_id: MEASURED_SKILL }),
  });
  const next = (await n.json()) as { item?: { id?: string; skill_id?: string } | null };
  if (n.status !== 200 || next.item?.skill_id !== MEASURED_SKILL) {
    throw new Error(`POST next answered ${n.status}: ${JSON.stringify(next).slice(0, 300)}`);
  }
  const item = f.items.find((i) => i.id === next.item!.id);
  if (!item) throw new Error(`POST next picked ${next.item.id}, outside the student's pool`);
  const a = await fetch(`${origin}/api/practice/answers`, {
    method: 'POST',
    headers,
    body: answerBody(f, item, true),
  });
  const answer = (await a.json()) as {
    result?: { correct?: boolean };
    mastery?: { ability?: number; answers?: number; level?: string };
  };
  if (a.status !== 201 || answer.result?.correct !== true) {
    throw new Error(`POST answers answered ${a.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const m = answer.mastery!;
  return (
    `next picked a ${item.kind} item; its right answer graded right; ability ` +
    `${m.ability?.toFixed(2)} after ${m.answers} answers (${m.level})`
  );
}

async function benchEngine(engine: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  const t0 = performance.now();
  const f = await fixture(databaseUrl);
  console.log(
    `[bench] ${engine}: ${f.tokens.length} sessions of the heavy student ` +
      `(${f.answers.toLocaleString('en')} answers), ${f.items.length} items in their pool of ` +
      `${MEASURED_SKILL}, in ${seconds(performance.now() - t0)}`,
  );
  return withSeededServer(databaseUrl, dataDir, async (server) => {
    console.log(`[bench] ${engine}: sanity check passed (${await sanityCheck(server.origin, f)})`);
    let turn = 0;
    const token = () => f.tokens[turn++ % f.tokens.length];
    const headers = () => ({
      authorization: `Bearer ${token()}`,
      'content-type': 'application/json',
      origin: server.origin,
    });
    const nextBody = JSON.stringify({ skill_id: MEASURED_SKILL });
    const next = eachRequest(server.origin, 'POST', '/api/practice/next', () => ({
      headers: headers(),
      body: nextBody,
    }));
    let pick = 0;
    const submit = eachRequest(server.origin, 'POST', '/api/practice/answers', () => {
      // A prime stride over the pool: 50 connections rarely answer the same item at once (a
      // student never does); right four times in five.
      pick += 7919;
      return {
        headers: headers(),
        body: answerBody(f, f.items[pick % f.items.length]!, pick % 5 !== 0),
      };
    });
    const writes: WriteLoad = {
      engine,
      pid: server.pid,
      options: submit,
      count: () => answerCount(databaseUrl, f.userId),
      noun: 'answers',
    };
    // Warm-up (not measured): JIT, connection pool, page cache.
    await warmUp(engine, [
      [HEALTH, healthRequest(server)],
      [NEXT, next],
    ]);
    const out: Row[] = [];
    out.push(await measureHealth(engine, server));
    console.log(`[bench] ${engine}: ${NEXT}, answering at ${WRITE_RATE}/s meanwhile`);
    out.push(await measureWhileWriting(NEXT, next, writes, WRITE_RATE));
    out.push(await measureStoredWrites(SUBMIT, writes, 'item_answers rows'));
    return out;
  });
}

async function main() {
  const started = performance.now();
  const all = await runSeededEngines(DATA, benchEngine);
  const ok = reportP99Targets(all, P99_TARGET_MS);
  const sizes = seedSizes();
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; every ` +
      `request as the heavy student (${sizes.heavyAnswers.toLocaleString('en')} answers in ` +
      `${MEASURED_SKILL}), ${sizes.students.toLocaleString('en')} students, ` +
      `${sizes.items.toLocaleString('en')} items; node ${process.version}; request log off ` +
      `(LOG_LEVEL=warn); load average ${loadAverage()}; total ` +
      `${seconds(performance.now() - started)}. ${HEALTH} is the bare reference (no session, one ` +
      `select 1); ${NEXT} ran while the student answered ${WRITE_RATE} times a second.`,
  );
  flagFailures(all, ok);
}

runBench(main);
