/**
 * The bare floor of `npm run bench:flashcards`' "next due card" (issue 12, point 9): a `node:http`
 * server that does the least work `GET /api/decks/{id}/queue` can do and nothing else — no Hono,
 * no Kysely at run time, no middleware, no FSRS previews (the issue lets the web preview) — on the
 * same database, so that the target can be compared with what this machine allows at all.
 *
 * Per request:
 * 1. `Authorization: Bearer <token>.<signature>`: HMAC-SHA-256 with APP_SECRET, constant-time
 *    compare, then the session and its user in ONE statement (as bench/classes-reference.ts);
 * 2. the app's three statements, their SQL texts taken from the app's own query functions
 *    (`selectStudyDeck`, `selectCandidates`, `selectQueueCards` in
 *    apps/server/src/modules/flashcards/study.queries.ts, compiled by Kysely ONCE at start and then
 *    run on the driver: better-sqlite3 statements kept by reference with their parameters pinned
 *    as the app's are, decision 0037; PostgreSQL named statements on a pool of DB_POOL_SIZE);
 * 3. Anki's order (learning due now, then reviews with new items interleaved — the app's
 *    `interleave`), the limit, and the JSON answer: each item's id, card, kind, sides and memory
 *    (state, due, stability, difficulty, last review — what a web preview needs), the counts.
 * The deck must be the caller's own (the bench's heavy student's); cloze cards are sent as stored.
 *
 * Run by bench/flashcards.ts with BENCH_REFERENCE=1: `node bench/flashcards-reference.ts` with
 * DATABASE_URL (file:… or postgres://…), APP_SECRET, HOST and PORT; prints
 * `reference listening on http://…` when ready.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import pg from 'pg';
import { pinParameters } from '../apps/server/src/db/sqlite-parameters.ts';
import type { Database } from '../apps/server/src/db/types.ts';
import { interleave } from '../apps/server/src/modules/flashcards/study.service.ts';
import {
  selectCandidates,
  selectQueueCards,
  selectStudyDeck,
} from '../apps/server/src/modules/flashcards/study.queries.ts';
import { studyDay } from '../apps/server/src/modules/flashcards/study-day.ts';
import { LEARN_AHEAD_MINUTES } from '../packages/shared/src/schemas/flashcards.ts';
import {
  DATABASE_URL,
  isPostgres,
  numbered,
  POOL_SIZE,
  send,
  serveReference,
  signedToken,
  UNAUTHORIZED,
} from './reference-lib.ts';

const SESSION_SQL = `
    select s."expiresAt" as expires_at, u.id as user_id
      from "session" s join "user" u on u.id = s."userId"
     where s.token = ?`;

// ---- The app's SQL, compiled once ----------------------------------------------------------------

/** A Kysely that runs nothing: it keeps the last query it compiled. */
function capturingKysely(): { db: Kysely<Database>; last: () => CompiledQuery } {
  let last: CompiledQuery | undefined;
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      last = query;
      return { rows: [] };
    },
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const dialect: Dialect = isPostgres
    ? {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => driver,
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }
    : {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => driver,
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      };
  return {
    db: new Kysely<Database>({ dialect }),
    last: () => {
      if (!last) throw new Error('nothing compiled');
      return last;
    },
  };
}

/**
 * A statement shape: its SQL text and where each parameter comes from — the query function is
 * called once with marker values (`@0`, `@1`, …), and each compiled parameter equal to a marker
 * is filled from that argument at run time.
 */
interface Shape {
  text: string;
  slots: number[];
}

async function shapeOf(run: (db: Kysely<Database>, m: string[]) => Promise<unknown>, n: number) {
  const { db, last } = capturingKysely();
  const markers = Array.from({ length: n }, (_, i) => `@${i}`);
  await run(db, markers);
  const q = last();
  const slots = q.parameters.map((p) => {
    const i = markers.indexOf(String(p));
    if (i < 0) throw new Error(`a parameter is not an argument: ${String(p)}`);
    return i;
  });
  return { text: q.sql, slots } satisfies Shape;
}

// ---- Engines -------------------------------------------------------------------------------------

type Row = Record<string, unknown>;
type Run = (shape: Shape, args: readonly unknown[]) => Promise<Row[]>;

function sqliteRun(): { run: Run; session: (token: string) => Promise<Row | undefined> } {
  const db = new SQLite(resolve(DATABASE_URL.replace(/^file:/, '')));
  db.pragma('journal_mode = WAL');
  db.pragma('mmap_size = 1073741824');
  const statements = new Map<string, SQLite.Statement>();
  const session = db.prepare(pinParameters(SESSION_SQL));
  return {
    session: async (token) => session.get(token) as Row | undefined,
    run: async (shape, args) => {
      let stmt = statements.get(shape.text);
      if (!stmt) statements.set(shape.text, (stmt = db.prepare(pinParameters(shape.text))));
      return stmt.all(...shape.slots.map((i) => args[i])) as Row[];
    },
  };
}

function postgresRun(): { run: Run; session: (token: string) => Promise<Row | undefined> } {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `ref_fc_${names.size}`));
    return name;
  };
  const sessionText = numbered(SESSION_SQL);
  return {
    session: async (token) =>
      (await pool.query({ name: 'ref_fc_session', text: sessionText, values: [token] })).rows[0] as
        Row | undefined,
    run: async (shape, args) =>
      (
        await pool.query({
          name: nameOf(shape.text),
          text: shape.text,
          values: shape.slots.map((i) => args[i]),
        })
      ).rows as Row[],
  };
}

// ---- The queue -----------------------------------------------------------------------------------

const DEFAULT_CAPS = { newCap: 21, reviewCap: 201 };
type Limits = { learning: number; review: number; new: number };

const shapes = new Map<string, Shape>();
async function shape(
  key: string,
  run: (db: Kysely<Database>, m: string[]) => Promise<unknown>,
  n: number,
): Promise<Shape> {
  let s = shapes.get(key);
  if (!s) shapes.set(key, (s = await shapeOf(run, n)));
  return s;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

async function queue(
  run: Run,
  userId: string,
  deckId: string,
  tz: string,
  limit: number,
): Promise<{ status: number; body: string }> {
  const now = new Date();
  const day = studyDay(now, tz);
  const range = { start: day.start.toISOString(), end: day.end.toISOString() };
  const deckShape = await shape(
    'deck',
    (db, m) => selectStudyDeck(db, m[0]!, m[1]!, { start: m[2]!, end: m[3]! }, DEFAULT_CAPS),
    4,
  );
  const [deck] = await run(deckShape, [userId, deckId, range.start, range.end]);
  if (!deck || deck.owner_id !== userId) return { status: 404, body: '{}' };
  const newLeft = Math.max(0, num(deck.new_per_day) - num(deck.new_done));
  const reviewsLeft = Math.max(0, num(deck.reviews_per_day) - num(deck.review_done));
  const counts = {
    new: Math.min(num(deck.new_avail), newLeft),
    learning: num(deck.learning),
    review: Math.min(num(deck.review_due), reviewsLeft),
    due: 0,
    total: num(deck.card_count),
  };
  counts.due = counts.new + counts.learning + counts.review;
  const limits: Limits = {
    learning: limit,
    review: Math.min(limit, counts.review),
    new: Math.min(limit, counts.new),
  };
  const learnUntil = new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000).toISOString();
  const candidatesShape = await shape(
    `candidates:${limits.learning}:${limits.review}:${limits.new}`,
    (db, m) => selectCandidates(db, m[0]!, m[1]!, { learnUntil: m[2]!, dayEnd: m[3]! }, limits),
    4,
  );
  const candidates = await run(candidatesShape, [userId, deckId, learnUntil, range.end]);
  const nowIso = now.toISOString();
  const byDue = (a: Row, b: Row) =>
    (a.due as string) < (b.due as string) ? -1 : (a.due as string) > (b.due as string) ? 1 : 0;
  const of = (bucket: string) => candidates.filter((c) => c.bucket === bucket);
  const learning = of('learning').sort(byDue);
  const mixed = interleave(
    of('review').sort(byDue).slice(0, counts.review),
    of('new')
      .sort((a, b) => num(a.position) - num(b.position))
      .slice(0, counts.new),
    counts.review,
    counts.new,
  );
  let ordered = [...learning.filter((c) => (c.due as string) <= nowIso), ...mixed];
  if (ordered.length === 0) ordered = learning.filter((c) => (c.due as string) > nowIso);
  ordered = ordered.slice(0, limit);
  const ids = ordered.map((c) => c.item_id as string);
  const cards = new Map<unknown, Row>();
  if (ids.length > 0) {
    const cardsShape = await shape(
      `cards:${ids.length}`,
      (db, m) => selectQueueCards(db, m),
      ids.length,
    );
    for (const r of await run(cardsShape, ids)) cards.set(r.item_id, r);
  }
  const items = [];
  for (const c of ordered) {
    const card = cards.get(c.item_id);
    if (!card) continue;
    items.push({
      item_id: c.item_id,
      card_id: card.card_id,
      kind: card.kind,
      ord: num(card.ord),
      front: card.front,
      back: card.back,
      state: c.state ?? 'new',
      memory:
        c.state === null || c.state === undefined
          ? null
          : {
              due: c.due,
              stability: num(c.stability),
              difficulty: num(c.difficulty),
              elapsed_days: num(c.elapsed_days),
              scheduled_days: num(c.scheduled_days),
              learning_steps: num(c.learning_steps),
              reps: num(c.reps),
              lapses: num(c.lapses),
              last_review: c.last_review ?? null,
            },
    });
  }
  return { status: 200, body: JSON.stringify({ items, counts, next_due_at: null }) };
}

// ---- HTTP ----------------------------------------------------------------------------------------

const QUEUE_PATH = /^\/api\/decks\/([^/]+)\/queue$/;

async function handle(
  engine: ReturnType<typeof sqliteRun>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const match = req.method === 'GET' ? QUEUE_PATH.exec(path) : null;
  if (!match) return send(res, 404, '{}');
  const token = signedToken(req.headers.authorization);
  if (!token) return send(res, 401, UNAUTHORIZED);
  const session = await engine.session(token);
  if (!session || !(new Date(session.expires_at as string).getTime() > Date.now())) {
    return send(res, 401, UNAUTHORIZED);
  }
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const limit = Math.min(50, Math.max(1, Number(params.get('limit') ?? 10)));
  const answer = await queue(
    engine.run,
    session.user_id as string,
    decodeURIComponent(match[1]!),
    params.get('tz') ?? 'UTC',
    limit,
  );
  send(res, answer.status, answer.body);
}

async function main() {
  const engine = isPostgres ? postgresRun() : sqliteRun();
  serveReference((req, res) => handle(engine, req, res), isPostgres ? 'postgres' : 'sqlite');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
