/**
 * Seed generator for the analytics benchmark (issue 14, point 5): writes straight into a migrated
 * database (SQLite file or PostgreSQL; the tables of migrations 0014, 0018 and 0019) a year of
 * study by 2,000 students in 50 classes (one teacher each, students split evenly: ~40 a class).
 *
 * - Decks: each class's teacher owns a 120-card deck shared with the class (`deck_shares`); each
 *   student owns an 80-card deck. A student has seen 80 % of the items of both (a
 *   `flashcard_states` row each, in review, due from 20 days ago to 60 days ahead).
 * - 5,000,000 `flashcard_reviews` (2,500 a student, spread over their seen items): each item's log
 *   is a few ratings on the student's active days over the last 365 days, the last at the state's
 *   `last_review`; `state_before` carries the interval that the previous rating scheduled (what
 *   "young"/"mature" retention is counted from).
 * - 2,000,000 `item_answers` (1,000 a student) to 500 public single-choice items over 10 skills
 *   of the starter list: the answers to the class's assignments (4 past ones due 300/200/100/20
 *   days ago and one open, due in a week; an attempt of 5 items by ~85 % of the students, a tenth
 *   handed in late) and practice in one to three skills on active days. Each answer is simulated
 *   with the server's Elo update (apps/server/src/modules/learner/elo.ts), so `ability_before/after`
 *   chain up and `learner_abilities` is what the server would have stored after that log.
 * - The rollups — `activity_days` (student, day) and `class_activity_days` (class, student, day)
 *   — computed from exactly those rows as the app keeps them with each write: the study day in
 *   America/Sao_Paulo (UTC−3 all year since 2019, so a fixed offset: 04:00 local = 07:00 UTC), a
 *   rating's retention counters from `prev_state` and the interval before it, study time capped at
 *   a day; class rows for ratings of the class's shared deck and answers to its assignments.
 *   `flashcard_reviews.study_day` is that day. `cleared` stays 0 (the streak counts by actions).
 * - Each student's activity: active on 35–95 % of the days; one in ten has stopped 8–37 days ago
 *   (the "inactive" flag of teacher analytics). Also `fsrs_parameters` (fitted at the current
 *   count, so a rating starts no background fit), weekly class events (a year back and four
 *   ahead), three tutor conversations per student (two linked to their class).
 *
 * Times are relative to the seed day (00:00 UTC of the day the seed ran; the day is part of the
 * bench cache key). Deterministic otherwise: one seeded PRNG; session tokens are random and
 * inserted by the benchmark on its copy. Rows are generated student by student and flushed in
 * batches (memory stays bounded).
 *
 * CLI: `node bench/seed-analytics.ts <DATABASE_URL>` (migrates first). BENCH_SCALE=small (0.05) or
 * a fraction seeds that share of the students, classes and logs (for trying things out).
 */
import { masteryLevel, predictCorrect, updateElo } from '../apps/server/src/modules/learner/elo.ts';
import { benchScale, responseFor } from './seed-exercises.ts';
import {
  DAY_MS,
  insertSessions,
  isPostgres,
  iso,
  loadPostgres,
  loadSqlite,
  prng,
  seedCli,
  tableBatches,
  uuidv7,
  type InsertRows,
  type Rng,
} from './seed-lib.ts';

export interface SeedSizes {
  students: number;
  classes: number;
  reviews: number;
  answers: number;
}

export function seedSizes(scale = benchScale()): SeedSizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return { students: n(2_000), classes: n(50), reviews: n(5_000_000), answers: n(2_000_000) };
}

/** Bump when the generated data changes shape (part of the bench cache key). */
export const SEED_VERSION = 1;

/** The seed's day (UTC, `2026-11-24`): part of the cache key, so a cached file is a day old at most. */
export const seedDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);
const seedNow = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The time zone of the seeded activity (and of the benchmark's requests). */
export const TZ = 'America/Sao_Paulo';
/** Its study day starts at 04:00 local = 07:00 UTC (UTC−3, no daylight saving time). */
const DAY_SHIFT_MS = 7 * 3_600_000;
const studyDay = (ms: number) => iso(ms - DAY_SHIFT_MS).slice(0, 10);

const CLASS_DECK_CARDS = 120;
const OWN_DECK_CARDS = 80;
const SEEN_SHARE = 0.8;
const ITEMS_PER_SKILL = 50;
const ASSIGNMENT_ITEMS = 5;
/** Past assignments' due dates (days before the seed day); one more is open, due in a week. */
const PAST_DUE_DAYS = [300, 200, 100, 20];
const CALIBRATION_ANSWERS = 200;
const MAX_DAY_MS = DAY_MS;

const SKILLS = [
  'bncc-ef07ma18', 'bncc-ef06ma13', 'bncc-ef07ma04', 'bncc-ef07ma13', 'bncc-ef08ma06',
  'bncc-ef06ma07', 'bncc-ef08ma19', 'bncc-ef09ma14', 'bncc-ef07ma35', 'bncc-ef08ma22',
]; // prettier-ignore

export const studentEmail = (k: number) =>
  `an-student${String(k).padStart(5, '0')}@bench.aprenda.dev`;
export const teacherEmail = (k: number) =>
  `an-teacher${String(k).padStart(3, '0')}@bench.aprenda.dev`;

const COLS = {
  user: ['id', 'name', 'email', 'emailVerified', 'image', 'createdAt', 'updatedAt', 'role'],
  classes: ['id', 'title', 'description', 'code', 'owner_id', 'archived', 'created_at', 'updated_at'],
  // class_created_at: migration 0024's copy of the class's created_at (the load skips triggers).
  class_members: ['class_id', 'user_id', 'role', 'joined_at', 'class_created_at'],
  class_events: [
    'id', 'class_id', 'title', 'description', 'starts_at', 'ends_at', 'range_end', 'all_day',
    'location', 'created_by', 'created_at',
  ],
  conversations: [
    'id', 'user_id', 'title', 'mode', 'class_id', 'pinned', 'created_at', 'updated_at',
    'last_message_at', 'activity_at',
  ],
  decks: [
    'id', 'owner_id', 'title', 'description', 'desired_retention', 'new_per_day',
    'reviews_per_day', 'card_count', 'item_seq', 'created_at', 'updated_at',
  ],
  deck_shares: ['deck_id', 'class_id', 'shared_by', 'created_at'],
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
    'reviewed_at', 'undone_at', 'study_day',
  ],
  fsrs_parameters: ['user_id', 'weights', 'review_count', 'fitted_reviews', 'fitted_at', 'updated_at'],
  exercise_items: [
    'id', 'author_id', 'skill_id', 'kind', 'stem', 'explanation', 'spec', 'public', 'search',
    'difficulty', 'guess', 'answer_count', 'created_at', 'updated_at', 'deleted_at',
  ],
  exercise_sets: ['id', 'author_id', 'title', 'description', 'entries', 'created_at', 'updated_at', 'deleted_at'],
  assignments: [
    'id', 'class_id', 'set_id', 'title', 'description', 'entries', 'open_at', 'due_at',
    'attempts_allowed', 'shuffle', 'feedback', 'event_id', 'created_by', 'created_at',
  ],
  assignment_attempts: ['id', 'assignment_id', 'user_id', 'number', 'item_ids', 'started_at', 'submitted_at', 'score', 'late'],
  learner_abilities: ['user_id', 'skill_id', 'ability', 'answer_count', 'recent', 'level', 'updated_at'],
  item_answers: [
    'id', 'user_id', 'item_id', 'skill_id', 'context', 'attempt_id', 'response', 'correct', 'score',
    'ability_before', 'ability_after', 'duration_ms', 'created_at',
  ],
  activity_days: [
    'user_id', 'day', 'reviews', 'reviews_passed', 'young_reviews', 'young_passed',
    'mature_reviews', 'mature_passed', 'answers', 'answers_correct', 'study_ms', 'cleared',
  ],
  class_activity_days: [
    'class_id', 'user_id', 'day', 'reviews', 'reviews_passed', 'answers', 'answers_correct', 'study_ms',
  ],
} as const; // prettier-ignore
type Table = keyof typeof COLS;

export const LOAD_TABLES = Object.keys(COLS) as Table[];

/** An FSRS memory as the adapter stores it (the fields the app reads back). */
function memory(state: string, due: number, stability: number, scheduled: number, reps: number, last: number | null) {
  return (
    `{"state":"${state}","due":"${iso(due)}","stability":${stability.toFixed(3)},` +
    `"difficulty":5,"elapsed_days":${scheduled},"scheduled_days":${scheduled},` +
    `"learning_steps":0,"reps":${reps},"lapses":0,"last_review":${last === null ? 'null' : `"${iso(last)}"`}}`
  );
} // prettier-ignore

/** A student's counters of one day: activity_days' columns after (user_id, day). */
type DayRow = number[]; // reviews, passed, young, young_passed, mature, mature_passed, answers, correct, ms
const newDay = (): DayRow => [0, 0, 0, 0, 0, 0, 0, 0, 0];

interface Item {
  id: string;
  skill: string;
  difficulty: number;
  /** The stored response of a right and of a wrong answer (JSON). */
  right: string;
  wrong: string;
  answers: number;
  row: unknown[];
}

async function generate(insert: InsertRows, sizes: SeedSizes, day: string) {
  const rng = prng(20261124 + 14);
  const now = seedNow(day);
  const out = tableBatches(insert, COLS);
  const counts = {
    students: sizes.students, classes: sizes.classes, states: 0, reviews: 0, answers: 0,
    activityDays: 0, classDays: 0, attempts: 0,
  }; // prettier-ignore
  const at = (ms: number) => iso(ms);

  // Teachers, their classes, a shared deck each, weekly events, the 500 public items.
  const teachers: string[] = [];
  const classes: string[] = [];
  /** Each class's created_at (its members carry a copy, migration 0024). */
  const classCreated: string[] = [];
  const classDecks: Array<Array<{ id: string; card: string }>> = [];
  const classDeckIds: string[] = [];
  for (let c = 0; c < sizes.classes; c++) {
    const ms = now - 420 * DAY_MS + c * 60_000;
    const teacher = uuidv7(ms, rng);
    teachers.push(teacher);
    await out.add('user', [teacher, `Professora ${c + 1}`, teacherEmail(c), true, null, at(ms), at(ms), 'teacher']); // prettier-ignore
    const classId = uuidv7(ms, rng);
    classes.push(classId);
    await out.add('classes', [classId, `Matemática — 8º ano, turma ${c + 1}`, null, `AN${String(c).padStart(6, '0')}`, teacher, 0, at(ms), at(ms)]); // prettier-ignore
    classCreated.push(at(ms));
    await out.add('class_members', [classId, teacher, 'teacher', at(ms), at(ms)]);
    for (let w = -52; w <= 4; w++) {
      const start = now + w * 7 * DAY_MS + 13 * 3_600_000; // 10:00 in São Paulo
      await out.add('class_events', [
        uuidv7(start - 30 * DAY_MS, rng), classId, `Aula ${w + 53}`, null, at(start),
        at(start + 5_400_000), at(start + 5_400_000), 0, 'Sala 12', teacher, at(start - 30 * DAY_MS),
      ]); // prettier-ignore
    }
    const deck = uuidv7(ms + 1000, rng);
    classDeckIds.push(deck);
    classDecks.push(await cards(deck, CLASS_DECK_CARDS, ms + 1000, `Turma ${c + 1}`));
    await out.add('decks', [deck, teacher, `Revisão da turma ${c + 1}`, null, 0.9, 20, 200, CLASS_DECK_CARDS, CLASS_DECK_CARDS, at(ms), at(ms)]); // prettier-ignore
    await out.add('deck_shares', [deck, classId, teacher, at(ms + 2000)]);
  }

  async function cards(deck: string, n: number, ms: number, topic: string) {
    const list: Array<{ id: string; card: string }> = [];
    for (let k = 0; k < n; k++) {
      const card = uuidv7(ms + k, rng);
      const item = uuidv7(ms + k, rng);
      const front = `${topic}: quanto é ${k} × ${(k % 9) + 2}?`;
      const back = String(k * ((k % 9) + 2));
      await out.add('flashcards', [card, deck, 'basic', front, back, '[]', null, 1, `${front} ${back}`.toLowerCase(), null, at(ms), at(ms)]); // prettier-ignore
      await out.add('flashcard_items', [item, card, deck, 0, k + 1, 0]);
      list.push({ id: item, card });
    }
    return list;
  }

  const itemsOf = new Map<string, Item[]>();
  for (const [s, skill] of SKILLS.entries()) {
    const list: Item[] = [];
    for (let k = 0; k < ITEMS_PER_SKILL; k++) {
      const ms = now - 400 * DAY_MS + (s * ITEMS_PER_SKILL + k) * 60_000;
      const a = 2 + rng.int(40);
      const b = 2 + rng.int(40);
      const correctAt = rng.int(4);
      const values = [a + b - 2, a + b - 1, a + b + 1, a + b + 2];
      values.splice(correctAt, 0, a + b);
      const choices = ['a', 'b', 'c', 'd'].map((id, i) => ({
        id, text: String(values[i]), correct: i === correctAt,
        feedback: i === correctAt ? 'Isso mesmo.' : `Confira a soma: ${a} + ${b}.`,
        misconception: i === correctAt ? '' : 'erro-de-calculo',
      })); // prettier-ignore
      const spec = JSON.stringify({
        choices,
        numeric: null,
        text: null,
        expression: null,
        template: null,
      });
      const stem = `Questão ${k + 1}: quanto é ${a} + ${b}?`;
      const id = uuidv7(ms, rng);
      const difficulty = Number((rng.next() * 2.4 - 1.2).toFixed(4));
      const response = (right: boolean) =>
        JSON.stringify(responseFor({ id, kind: 'single', spec }, '', right));
      list.push({
        id, skill, difficulty, right: response(true), wrong: response(false), answers: 0,
        row: [
          id, teachers[k % teachers.length], skill, 'single', stem, `${a} + ${b} = ${a + b}.`,
          spec, 1, stem.toLowerCase(), difficulty, 0.25, 0, at(ms), at(ms), null,
        ],
      }); // prettier-ignore
    }
    itemsOf.set(skill, list);
  }

  // Each class's assignments: 5 items of one skill each; 4 past and one open.
  interface Assignment { id: string; items: Item[]; open: number; due: number; past: boolean } // prettier-ignore
  const assignmentsOf: Assignment[][] = [];
  for (let c = 0; c < sizes.classes; c++) {
    const list: Assignment[] = [];
    for (const [j, dueBack] of [...PAST_DUE_DAYS, -7].entries()) {
      const due = now - dueBack * DAY_MS + 2 * 3_600_000; // 23:00 in São Paulo
      const open = due - 14 * DAY_MS;
      const skill = SKILLS[(c + j) % SKILLS.length]!;
      const pool = itemsOf.get(skill)!;
      const items = Array.from({ length: ASSIGNMENT_ITEMS }, (_, k) => pool[(j * 7 + k * 3) % pool.length]!); // prettier-ignore
      const entries = JSON.stringify(items.map((i) => ({ item_id: i.id })));
      const setId = uuidv7(open - DAY_MS, rng);
      const id = uuidv7(open - DAY_MS, rng);
      await out.add('exercise_sets', [setId, teachers[c], `Lista ${j + 1}`, '', entries, at(open - DAY_MS), at(open - DAY_MS), null]); // prettier-ignore
      await out.add('assignments', [id, classes[c], setId, `Lista ${j + 1}`, '', entries, at(open), at(due), 2, 0, 'immediate', null, teachers[c], at(open - DAY_MS)]); // prettier-ignore
      list.push({ id, items, open, due, past: dueBack > 0 });
    }
    assignmentsOf.push(list);
  }

  /** The current student's attempts, waiting for their answers' grades. */
  const pendingAttempts: Array<{
    attempt: string;
    assignment: string;
    started: number;
    submitted: boolean;
    late: boolean;
    results: number[];
    items: number;
  }> = [];

  // The students, one at a time.
  const classOf = (s: number) => Math.floor((s * sizes.classes) / sizes.students);
  const fitted = at(now - DAY_MS);
  for (let s = 0; s < sizes.students; s++) {
    const c = classOf(s);
    const classId = classes[c]!;
    const ms = now - 400 * DAY_MS + s * 60_000;
    const user = uuidv7(ms, rng);
    await out.add('user', [user, `Estudante ${String(s + 1).padStart(4, '0')}`, studentEmail(s), true, null, at(ms), at(ms), 'student']); // prettier-ignore
    await out.add('class_members', [classId, user, 'student', at(ms + DAY_MS), classCreated[c]!]);

    // Active days (days back from the seed day, 1 … 365), and when the student stopped.
    const stoppedBack = rng.next() < 0.1 ? 8 + rng.int(30) : 0;
    const share = 0.35 + rng.next() * 0.6;
    const active: number[] = [];
    for (let d = Math.max(1, stoppedBack); d <= 365; d++) if (rng.next() < share) active.push(d);
    if (active.length === 0) active.push(Math.max(1, stoppedBack));
    /** An instant on one of the active days (any time of it: before the seed day). */
    const when = (r: Rng) => now - active[r.int(active.length)]! * DAY_MS + r.int(DAY_MS);

    const days = new Map<string, DayRow>();
    const classDays = new Map<string, DayRow>();
    const dayOf = (map: Map<string, DayRow>, t: number) => {
      const key = studyDay(t);
      let row = map.get(key);
      if (!row) map.set(key, (row = newDay()));
      return row;
    };

    // Flashcards: the class's deck and an own deck, 80 % of each seen.
    const own = uuidv7(ms + DAY_MS, rng);
    const ownItems = await cards(own, OWN_DECK_CARDS, ms + DAY_MS, 'Meu baralho');
    await out.add('decks', [own, user, 'Meu baralho', null, 0.9, 20, 200, OWN_DECK_CARDS, OWN_DECK_CARDS, at(ms), at(ms)]); // prettier-ignore
    const seen: Array<{ id: string; card: string; deck: string; shared: boolean }> = [];
    for (const [deck, list, shared] of [[classDeckIds[c]!, classDecks[c]!, true], [own, ownItems, false]] as const) {
      const n = Math.floor(list.length * SEEN_SHARE);
      await out.add('flashcard_progress', [user, deck, n]);
      for (const i of list.slice(0, n)) seen.push({ ...i, deck, shared });
    } // prettier-ignore
    const quota =
      Math.floor(sizes.reviews / sizes.students) + (s < sizes.reviews % sizes.students ? 1 : 0);
    let reviews = 0;
    for (const [k, item] of seen.entries()) {
      const n = Math.floor(quota / seen.length) + (k < quota % seen.length ? 1 : 0);
      if (n === 0) continue;
      const times = Array.from({ length: n }, () => when(rng)).sort((a, b) => a - b);
      const last = times[n - 1]!;
      const scheduled = 1 + rng.int(60);
      const due = Math.max(last + scheduled * DAY_MS, now - 20 * DAY_MS + rng.int(80 * DAY_MS));
      const finalSched = Math.max(1, Math.round((due - last) / DAY_MS));
      let before = memory('new', times[0]!, 0, 0, 0, null);
      let schedBefore = 0;
      for (let r = 0; r < n; r++) {
        const t = times[r]!;
        const prevState = r === 0 ? 'new' : r === 1 ? 'learning' : 'review';
        const next = r === n - 1 ? due : times[r + 1]!;
        const sched = r === n - 1 ? finalSched : Math.max(1, Math.round((next - t) / DAY_MS));
        const after = memory('review', next, sched * 1.1, sched, r + 1, t);
        const roll = rng.next();
        const rating = roll < 0.1 ? 1 : roll < 0.2 ? 2 : roll < 0.9 ? 3 : 4;
        const duration = 2000 + rng.int(20_000);
        const studyDayKey = studyDay(t);
        await out.add('flashcard_reviews', [
          uuidv7(t, rng), user, item.id, item.card, item.deck, 1, rating, prevState, before, after,
          sched, r === 0 ? 0 : schedBefore, duration, at(t), at(t), null, studyDayKey,
        ]); // prettier-ignore
        const passed = rating > 1 ? 1 : 0;
        const d = dayOf(days, t);
        d[0]! += 1;
        d[1]! += passed;
        if (prevState === 'review') {
          const slot = schedBefore < 21 ? 2 : 4;
          d[slot]! += 1;
          d[slot + 1]! += passed;
        }
        d[8]! += duration;
        if (item.shared) {
          const cd = dayOf(classDays, t);
          cd[0]! += 1;
          cd[1]! += passed;
          cd[8]! += duration;
        }
        before = after;
        schedBefore = sched;
        reviews++;
      }
      await out.add('flashcard_states', [
        user, item.id, item.card, item.deck, 'review', 2, at(due), finalSched * 1.1, 5, finalSched,
        finalSched, 0, n, 0, at(last), 0, 0, at(last),
      ]); // prettier-ignore
      counts.states++;
    }
    counts.reviews += reviews;
    await out.add('fsrs_parameters', [user, null, reviews, reviews, fitted, fitted]);

    // Answers: the class's assignments first, then practice in one to three skills.
    interface Answer { t: number; item: Item; attempt: string | null } // prettier-ignore
    const answers: Answer[] = [];
    const aQuota =
      Math.floor(sizes.answers / sizes.students) + (s < sizes.answers % sizes.students ? 1 : 0);
    for (const a of assignmentsOf[c]!) {
      if (answers.length + ASSIGNMENT_ITEMS > aQuota || rng.next() >= 0.85) continue;
      const late = a.past && rng.next() < 0.1;
      const started = late
        ? a.due + rng.int(3 * DAY_MS)
        : a.open + rng.int(a.due - a.open - 3_600_000);
      if (started >= now) continue;
      const attempt = uuidv7(started, rng);
      const submitted = a.past || rng.next() < 0.5;
      const results: number[] = [];
      for (const [k, item] of a.items.entries()) {
        answers.push({ t: started + (k + 1) * 60_000, item, attempt });
      }
      // The score is filled in once the answers are graded (below).
      pendingAttempts.push({ attempt, assignment: a.id, started, submitted, late, results, items: a.items.length }); // prettier-ignore
    }
    const skills = new Set<string>([SKILLS[c % SKILLS.length]!]);
    const wanted = 1 + rng.int(3);
    while (skills.size < wanted) skills.add(rng.pick(SKILLS));
    const mine = [...skills];
    while (answers.length < aQuota) {
      const pool = itemsOf.get(mine[rng.int(mine.length)]!)!;
      answers.push({ t: when(rng), item: pool[rng.int(pool.length)]!, attempt: null });
    }
    answers.sort((a, b) => a.t - b.t);
    const trueAbility = (rng.next() + rng.next() + rng.next() - 1.5) * 1.6;
    const model = new Map<
      string,
      { ability: number; answers: number; recent: number[]; at: number }
    >();
    const byAttempt = new Map(pendingAttempts.map((p) => [p.attempt, p]));
    for (const a of answers) {
      let m = model.get(a.item.skill);
      if (!m) model.set(a.item.skill, (m = { ability: 0, answers: 0, recent: [], at: 0 }));
      const right = rng.next() < predictCorrect(trueAbility, a.item.difficulty, 0.25);
      const update = updateElo({
        ability: m.ability,
        abilityAnswers: m.answers,
        difficulty: a.item.difficulty,
        itemAnswers: CALIBRATION_ANSWERS + a.item.answers,
        correct: right,
        guess: 0.25,
      });
      const duration = 3000 + rng.int(60_000);
      await out.add('item_answers', [
        uuidv7(a.t, rng), user, a.item.id, a.item.skill, a.attempt ? 'assignment' : 'practice',
        a.attempt, right ? a.item.right : a.item.wrong,
        right ? 1 : 0, right ? 1 : 0, m.ability, update.ability, duration, at(a.t),
      ]); // prettier-ignore
      a.item.answers++;
      m.ability = update.ability;
      m.answers++;
      m.recent = [...m.recent, right ? 1 : 0].slice(-5);
      m.at = a.t;
      const d = dayOf(days, a.t);
      d[6]! += 1;
      d[7]! += right ? 1 : 0;
      d[8]! += duration;
      if (a.attempt) {
        byAttempt.get(a.attempt)!.results.push(right ? 1 : 0);
        const cd = dayOf(classDays, a.t);
        cd[6]! += 1;
        cd[7]! += right ? 1 : 0;
        cd[8]! += duration;
      }
    }
    counts.answers += answers.length;
    for (const [skill, m] of model) {
      const recentCorrect = m.recent.reduce((x, y) => x + y, 0);
      const level = masteryLevel({ ability: m.ability, answers: m.answers, recentCorrect, recentCount: m.recent.length }); // prettier-ignore
      await out.add('learner_abilities', [user, skill, m.ability, m.answers, JSON.stringify(m.recent), level, at(m.at)]); // prettier-ignore
    }
    for (const p of pendingAttempts) {
      const score = p.results.reduce((x, y) => x + y, 0) / p.items;
      const submittedAt = p.submitted ? at(p.started + (p.items + 1) * 60_000) : null;
      await out.add('assignment_attempts', [p.attempt, p.assignment, user, 1, JSON.stringify(assignmentItems(p.assignment, c)), at(p.started), submittedAt, p.submitted ? score : null, p.late ? 1 : 0]); // prettier-ignore
      counts.attempts++;
    }
    pendingAttempts.length = 0;

    // The rollups, as the writes above would have left them.
    for (const [key, d] of days) {
      await out.add('activity_days', [user, key, ...d.slice(0, 8), Math.min(d[8]!, MAX_DAY_MS), 0]);
      counts.activityDays++;
    }
    for (const [key, d] of classDays) {
      await out.add('class_activity_days', [classId, user, key, d[0], d[1], d[6], d[7], Math.min(d[8]!, MAX_DAY_MS)]); // prettier-ignore
      counts.classDays++;
    }

    // Tutor conversations: two linked to the class, one not.
    for (let k = 0; k < 3; k++) {
      const t = when(rng);
      await out.add('conversations', [uuidv7(t, rng), user, `Dúvida ${k + 1}`, 'socratic', k < 2 ? classId : null, 0, at(t), at(t), at(t + 600_000), at(t + 600_000)]); // prettier-ignore
    }
  }

  function assignmentItems(id: string, c: number) {
    return assignmentsOf[c]!.find((a) => a.id === id)!.items.map((i) => i.id);
  }

  // The items last, with their answer counts (earlier cohorts + the log), as the server keeps
  // them (foreign keys are not checked during the load).
  for (const list of itemsOf.values()) {
    for (const item of list) {
      item.row[11] = CALIBRATION_ANSWERS + item.answers;
      await out.add('exercise_items', item.row);
    }
  }
  await out.flush();
  return counts;
}

export type SeedCounts = Awaited<ReturnType<typeof generate>>;

/**
 * Fill a freshly migrated database (seed-lib's bulk loads: secondary indexes dropped during the
 * load and re-created afterwards, then ANALYZE — PostgreSQL: VACUUM ANALYZE).
 */
export async function seedAnalytics(
  url: string,
  sizes = seedSizes(),
  day = seedDay(),
): Promise<{ ms: number; counts: SeedCounts }> {
  const started = performance.now();
  const counts = isPostgres(url)
    ? await loadPostgres(url, LOAD_TABLES, (insert) => generate(insert, sizes, day))
    : await loadSqlite(url, LOAD_TABLES, (insert) => generate(insert, sizes, day));
  return { ms: performance.now() - started, counts };
}

/**
 * Better Auth sessions for the measured users, one token per user, and what the benchmark needs
 * of them: `students` students, one per class in turn (student k·S/count), and each class's teacher
 * with the class id.
 */
export async function analyticsSessions(url: string, secret: string, students: number) {
  const sizes = seedSizes();
  const picks = Array.from({ length: students }, (_, k) =>
    studentEmail(Math.floor((k * sizes.students) / students) % sizes.students),
  );
  const s = await insertSessions(url, secret, async (query) => {
    const rows = await query<{ id: string; email: string }>(
      `select id, email from "user" where email in (${picks.map((e) => `'${e}'`).join(', ')})`,
    );
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    return picks.map((e) => {
      const id = byEmail.get(e);
      if (!id) throw new Error(`${e} is missing: seed first`);
      return id;
    });
  });
  let classIds: string[] = [];
  const t = await insertSessions(url, secret, async (query) => {
    const rows = await query<{ owner_id: string; id: string }>(
      `select owner_id, id from classes where code like 'AN%' order by code`,
    );
    classIds = rows.map((r) => r.id);
    return rows.map((r) => r.owner_id);
  });
  return {
    students: s.tokens.map((token, k) => ({ token, userId: s.userIds[k]! })),
    teachers: t.tokens.map((token, k) => ({ token, classId: classIds[k]! })),
  };
}

seedCli('bench/seed-analytics.ts', '<DATABASE_URL>', async (url) => {
  const { ms, counts: c } = await seedAnalytics(url);
  console.log(
    `[seed] ${c.students} students in ${c.classes} classes, ${c.states} states, ${c.reviews} ` +
      `reviews, ${c.answers} answers (${c.attempts} attempts), ${c.activityDays} activity days, ` +
      `${c.classDays} class days in ${(ms / 1000).toFixed(1)} s`,
  );
});
