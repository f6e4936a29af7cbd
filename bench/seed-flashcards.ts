/**
 * Seed generator for the flashcards benchmark (issue 12): writes straight into a migrated database
 * (SQLite file or PostgreSQL; the tables of migration 0014) — 2,000 students; ONE heavy student
 * with 50,000 cards in three decks (20,000 + 20,000 + 10,000, the deck limit; every 10th card a
 * cloze with two deletions, so 55,000 items), 80 % / 80 % / 50 % of them already seen; the 1,999
 * others with one deck of 50–200 cards each, 70 % seen. 1,000,000 review-log rows in all (the
 * heavy student's ~290,000, the rest spread evenly), each item's log ending at its state's
 * `last_review`. Seen items have a state row: 0.3 % learning (lapsed an hour before the seed time,
 * due within ±1 h of it), 2 % suspended, the rest in review (last reviewed before today), due from
 * 20 days before the seed time to 80 days after (a backlog of thousands of overdue reviews, capped
 * by the deck's 200 a day).
 *
 * `fsrs_parameters`: each student's review count, fitted a day before at that count (default
 * weights) — so the next background fit starts after FSRS_FIT_EVERY_REVIEWS more ratings, as in
 * the app (the submit run, ~400 ratings a second by one student, starts one every few hundred).
 *
 * Times are relative to the seed hour (the start of the UTC hour the seed ran; the hour is part of
 * the bench cache key, so a cached file is at most an hour old). Deterministic otherwise: one
 * seeded PRNG; only session tokens are random.
 *
 * CLI: `node bench/seed-flashcards.ts <DATABASE_URL>` (migrates first). BENCH_SCALE=0.01 seeds
 * 1 % of the sizes (for trying things out).
 */
import {
  DAY_MS,
  insertSessions,
  isPostgres,
  iso,
  loadPostgres,
  loadSqlite,
  prng,
  seedCli,
  uuidv7,
  type InsertRows,
  type Rng,
} from './seed-lib.ts';

export interface SeedSizes {
  students: number;
  /** The heavy student's decks (cards each). */
  heavyDecks: number[];
  /** Cards of each other student's deck: min … min + spread − 1. */
  otherCardsMin: number;
  otherCardsSpread: number;
  reviews: number;
}

export function seedSizes(scale = Number(process.env.BENCH_SCALE ?? 1)): SeedSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    students: n(2_000),
    heavyDecks: [n(20_000), n(20_000), n(10_000)],
    otherCardsMin: 50,
    otherCardsSpread: 151,
    reviews: n(1_000_000),
  };
}

/** Bump when the generated data changes shape (part of the bench cache key). */
export const SEED_VERSION = 2;

/** The seed's hour (UTC, `2026-11-24T09`): part of the cache key, so a cached file is fresh. */
export function seedDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 13);
}
/** The seed's "now": the start of that hour. */
const seedNow = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

export const HEAVY_EMAIL = 'heavy-student@bench.aprenda.dev';

const TOPICS = [
  'fotossíntese', 'função afim', 'revolução francesa', 'ligações químicas', 'leis de newton',
  'orações subordinadas', 'geometria plana', 'genética', 'termodinâmica', 'brasil colônia',
]; // prettier-ignore

const BATCH = 20_000;

interface Tables {
  insert: InsertRows;
}

const COLS = {
  user: ['id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt', 'role'],
  decks: [
    'id', 'owner_id', 'title', 'description', 'desired_retention', 'new_per_day',
    'reviews_per_day', 'card_count', 'item_seq', 'created_at', 'updated_at',
  ],
  flashcards: [
    'id', 'deck_id', 'kind', 'front', 'back', 'tags', 'skill_id', 'content_version', 'search',
    'deleted_at', 'created_at', 'updated_at',
  ],
  flashcard_items: ['id', 'card_id', 'deck_id', 'ord', 'position', 'deleted'],
  flashcard_states: [
    'user_id', 'item_id', 'card_id', 'deck_id', 'state', 'queue', 'due', 'stability', 'difficulty',
    'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'last_review',
    'suspended', 'deleted', 'updated_at',
  ],
  flashcard_progress: ['user_id', 'deck_id', 'new_after'],
  flashcard_reviews: [
    'id', 'user_id', 'item_id', 'card_id', 'deck_id', 'content_version', 'rating', 'prev_state',
    'state_before', 'state_after', 'scheduled_days', 'elapsed_days', 'duration_ms', 'client_time',
    'reviewed_at', 'undone_at',
  ],
  fsrs_parameters: [
    'user_id', 'weights', 'review_count', 'fitted_reviews', 'fitted_at', 'updated_at',
  ],
} as const; // prettier-ignore
type Table = keyof typeof COLS;

export const LOAD_TABLES = Object.keys(COLS) as Table[];

/** Batches per table, flushed at BATCH rows. */
function buffers(sink: Tables) {
  const rows = new Map<Table, unknown[][]>();
  return {
    async add(table: Table, row: unknown[]) {
      let list = rows.get(table);
      if (!list) rows.set(table, (list = []));
      list.push(row);
      if (list.length >= BATCH) {
        await sink.insert(table, [...COLS[table]], list);
        rows.set(table, []);
      }
    },
    async flush() {
      for (const table of LOAD_TABLES) {
        const list = rows.get(table);
        if (list && list.length > 0) await sink.insert(table, [...COLS[table]], list);
        rows.set(table, []);
      }
    },
  };
}

interface SeenItem {
  itemId: string;
  cardId: string;
  deckId: string;
  reviews: number;
}

/** A state's JSON as the FSRS adapter stores it (memoryToJson). */
function memoryJson(
  state: string,
  due: number,
  stability: number,
  difficulty: number,
  scheduled: number,
  reps: number,
  lastReview: number | null,
): string {
  return JSON.stringify({
    state,
    due: iso(due),
    stability: Number(stability.toFixed(4)),
    difficulty: Number(difficulty.toFixed(4)),
    elapsed_days: scheduled,
    scheduled_days: scheduled,
    learning_steps: 0,
    reps,
    lapses: 0,
    last_review: lastReview === null ? null : iso(lastReview),
  });
}

async function generate(sink: Tables, sizes: SeedSizes, day: string) {
  const rng = prng(20261124);
  const now = seedNow(day);
  const out = buffers(sink);
  const counts = { users: 0, decks: 0, cards: 0, items: 0, states: 0, reviews: 0 };

  // Users: the heavy student first, then the others.
  const students: string[] = [];
  for (let i = 0; i < sizes.students; i++) {
    const ms = now - 400 * DAY_MS + i * 1000;
    const id = uuidv7(ms, rng);
    students.push(id);
    const email =
      i === 0 ? HEAVY_EMAIL : `fc-student${String(i).padStart(5, '0')}@bench.aprenda.dev`;
    await out.add('user', [id, `Estudante ${i}`, email, true, null, iso(ms), iso(ms), 'student']);
    counts.users++;
  }

  /** One deck with `cards` cards, the first `seenShare` of its items seen by `owner`. */
  const deck = async (owner: string, title: string, cards: number, seenShare: number) => {
    const created = now - 300 * DAY_MS - rng.int(30 * DAY_MS);
    const deckId = uuidv7(created, rng);
    const items: Array<{ id: string; cardId: string }> = [];
    for (let c = 0; c < cards; c++) {
      const ms = created + c * 1000;
      const cardId = uuidv7(ms, rng);
      const topic = rng.pick(TOPICS);
      const cloze = c % 10 === 9;
      const front = cloze
        ? `Em ${topic}, o conceito {{c1::número ${c}}} se relaciona com {{c2::a ideia ${c % 97}}}.`
        : `Pergunta ${c + 1} sobre ${topic}: qual é o resultado de ${c} × ${(c % 13) + 2}?`;
      const back = cloze
        ? ''
        : `${c * ((c % 13) + 2)} — porque multiplicamos ${c} por ${(c % 13) + 2}.`;
      const tags = JSON.stringify([topic.replace(/\s+/g, '-')]);
      await out.add('flashcards', [
        cardId, deckId, cloze ? 'cloze' : 'basic', front, back, tags, null, 1,
        `${front} ${back} ${topic}`.toLowerCase(), null, iso(ms), iso(ms),
      ]); // prettier-ignore
      counts.cards++;
      for (const ord of cloze ? [1, 2] : [0]) {
        const itemId = uuidv7(ms, rng);
        items.push({ id: itemId, cardId });
        await out.add('flashcard_items', [itemId, cardId, deckId, ord, items.length, 0]);
        counts.items++;
      }
    }
    await out.add('decks', [
      deckId, owner, title, null, 0.9, 20, 200, cards, items.length, iso(created), iso(created),
    ]); // prettier-ignore
    counts.decks++;
    const seen = Math.floor(items.length * seenShare);
    await out.add('flashcard_progress', [owner, deckId, seen]);
    return items.slice(0, seen).map((i) => ({ itemId: i.id, cardId: i.cardId, deckId }));
  };

  /** Each seen item's state and its `reviews` log rows (oldest first, the last at last_review). */
  const study = async (owner: string, seen: SeenItem[], r: Rng) => {
    for (const item of seen) {
      const roll = r.next();
      const learning = roll < 0.003;
      const suspended = !learning && roll < 0.023;
      const state = learning ? 'learning' : 'review';
      const due = learning
        ? now - 3_600_000 + r.int(7_200_000)
        : now - 20 * DAY_MS + r.int(100 * DAY_MS);
      const scheduled = learning ? 0 : 1 + r.int(60);
      // Reviews before today's study day, except the learning items' (a lapse an hour ago).
      const lastReview = learning
        ? due - 600_000
        : Math.min(now - DAY_MS - r.int(DAY_MS), due - scheduled * DAY_MS);
      const stability = learning ? 0.5 + r.next() : scheduled * (0.8 + r.next() * 0.6);
      const difficulty = 1 + r.next() * 9;
      const queue = suspended ? -1 : learning ? 1 : 2;
      await out.add('flashcard_states', [
        owner, item.itemId, item.cardId, item.deckId, state, queue, iso(due), stability, difficulty,
        scheduled, scheduled, 0, item.reviews, 0, iso(lastReview), suspended ? 1 : 0, 0, iso(lastReview),
      ]); // prettier-ignore
      counts.states++;
      // The log: `reviews` rows, spaced back from last_review.
      let at = lastReview;
      const times: number[] = [];
      for (let k = 0; k < item.reviews; k++) {
        times.push(at);
        at -= (1 + r.int(20)) * DAY_MS + r.int(DAY_MS);
      }
      times.reverse();
      let prevJson = memoryJson('new', times[0]!, 0, 0, 0, 0, null);
      for (let k = 0; k < times.length; k++) {
        const t = times[k]!;
        const last = k === times.length - 1;
        const prevState = k === 0 ? 'new' : k === 1 ? 'learning' : 'review';
        const sched = last ? scheduled : 1 + r.int(30);
        const after = memoryJson(
          last ? state : 'review',
          last ? due : t + sched * DAY_MS,
          last ? stability : sched,
          difficulty,
          sched,
          k + 1,
          t,
        );
        const rating = r.next() < 0.1 ? 1 : r.next() < 0.15 ? 2 : r.next() < 0.9 ? 3 : 4;
        await out.add('flashcard_reviews', [
          uuidv7(t, r), owner, item.itemId, item.cardId, item.deckId, 1, rating, prevState,
          prevJson, after, sched, k === 0 ? 0 : 1 + r.int(30), 2000 + r.int(20_000), iso(t), iso(t), null,
        ]); // prettier-ignore
        counts.reviews++;
        prevJson = after;
      }
    }
  };

  // The heavy student: three decks, 1–13 reviews per seen item (~7 on average).
  const heavy = students[0]!;
  const fitted = iso(now - DAY_MS);
  const heavySeen: SeenItem[] = [];
  for (const [k, cards] of sizes.heavyDecks.entries()) {
    const seen = await deck(heavy, `ENEM ${k + 1}`, cards, k < 2 ? 0.8 : 0.5);
    for (const s of seen) heavySeen.push({ ...s, reviews: 1 + rng.int(13) });
  }
  await study(heavy, heavySeen, rng);
  const heavyReviews = counts.reviews;
  // Fitted a day ago at this count (else the first rating starts a fit over the whole log).
  await out.add('fsrs_parameters', [heavy, null, heavyReviews, heavyReviews, fitted, iso(now)]);

  // The others: one deck each; the rest of the review log spread evenly over their seen items.
  const others = students.slice(1);
  const left = Math.max(0, sizes.reviews - heavyReviews);
  for (const [s, owner] of others.entries()) {
    const cards = sizes.otherCardsMin + rng.int(sizes.otherCardsSpread);
    const seen = await deck(owner, `Revisão ${s + 1}`, cards, 0.7);
    const quota = Math.floor(left / others.length) + (s < left % others.length ? 1 : 0);
    const items: SeenItem[] = seen.map((x, i) => ({
      ...x,
      reviews: Math.max(1, Math.floor(quota / seen.length) + (i < quota % seen.length ? 1 : 0)),
    }));
    await study(owner, items, rng);
    await out.add('fsrs_parameters', [owner, null, quota, quota, fitted, iso(now)]);
  }
  await out.flush();
  return { ...counts, heavyReviews };
}

export type SeedCounts = Awaited<ReturnType<typeof generate>>;

export interface SeedResult {
  ms: number;
  counts: SeedCounts;
}

/**
 * Fill a freshly migrated database. Secondary (non-unique) indexes of the loaded tables are dropped
 * during the load and re-created afterwards; then ANALYZE (PostgreSQL: VACUUM ANALYZE; SQLite
 * without the sqlite_stat4 samples, see loadSqlite in seed-lib.ts).
 */
export async function seedFlashcards(
  url: string,
  sizes = seedSizes(),
  day = seedDay(),
): Promise<SeedResult> {
  const started = performance.now();
  const counts = isPostgres(url)
    ? await loadPostgres(url, LOAD_TABLES, (insert) => generate({ insert }, sizes, day))
    : await loadSqlite(url, LOAD_TABLES, (insert) => generate({ insert }, sizes, day));
  return { ms: performance.now() - started, counts };
}

/**
 * `count` Better Auth sessions of the heavy student (their signed bearer tokens), and the ids the
 * benchmark needs: the heavy student's decks (largest first) and the seen items of the first deck.
 */
export async function heavySessions(
  url: string,
  secret: string,
  count: number,
): Promise<{ tokens: string[]; userId: string }> {
  const { tokens, userIds } = await insertSessions(url, secret, async (query) => {
    const [row] = await query<{ id: string }>(
      `select id from "user" where email = '${HEAVY_EMAIL}'`,
    );
    if (!row) throw new Error('the heavy student is missing: seed first');
    return Array.from({ length: count }, () => row.id);
  });
  return { tokens, userId: userIds[0]! };
}

seedCli('bench/seed-flashcards.ts', '<DATABASE_URL>', async (url) => {
  const result = await seedFlashcards(url);
  const c = result.counts;
  console.log(
    `[seed] ${c.users} users, ${c.decks} decks, ${c.cards} cards, ${c.items} items, ` +
      `${c.states} states, ${c.reviews} reviews (heavy student ${c.heavyReviews}) in ` +
      `${(result.ms / 1000).toFixed(1)} s`,
  );
});
