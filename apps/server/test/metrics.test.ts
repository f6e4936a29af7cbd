import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillRollups } from '../src/db/migrations/0019-activity-rollups.ts';
import type { Deck } from '@aprenda/shared/schemas/flashcards';
import type {
  Assignment,
  Attempt,
  ExerciseSet,
  ItemDetail,
} from '@aprenda/shared/schemas/exercises';
import type { StudentMetrics } from '@aprenda/shared/schemas/metrics';
import { DEFAULT_WEIGHTS } from '../src/modules/flashcards/fsrs-adapter.ts';
import { studyDay, studyDayEnds } from '../src/modules/flashcards/study-day.ts';
import { studyDayKey } from '../src/modules/metrics/days.ts';
import { studentToday } from '../src/modules/metrics/public.ts';
import { studentMetrics } from '../src/modules/metrics/metrics.service.ts';
import { api, testClock } from './flashcards-helpers.ts';
import {
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 14, student metrics (docs/api/metrics.md): every figure from a small hand-made history
 * compared with values worked out by hand; undo subtracts from the day it was counted in; the
 * rollups equal a full recomputation from the logs after random writes; only the caller's numbers.
 */

const SP = 'America/Sao_Paulo';
const DAY = 86_400_000;

function choiceItem(n: number) {
  return {
    kind: 'single',
    stem: `Questão ${n}: qual é a certa?`,
    explanation: `Explicação ${n}`,
    skill_id: 'bncc-ef07ma18',
    choices: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Opção ${id}`, correct: id === 'a' })),
  };
}

/** The study day by hand: the local date of (local wall time − 4 h). */
function handDay(iso: string, tz: string): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour));
  return new Date(local - 4 * 3_600_000).toISOString().slice(0, 10);
}

/** A seeded PRNG (mulberry32): the property test is reproducible. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('study days for the forecast', () => {
  it('studyDayEnds gives the ends studyDay gives one day after another, across DST changes', () => {
    const zones = [
      'America/New_York',
      'Australia/Sydney',
      'Asia/Kolkata',
      'Pacific/Chatham',
      SP,
      'UTC',
    ];
    for (const tz of zones) {
      for (const start of ['2030-03-01T12:00:00.000Z', '2030-10-15T03:00:00.000Z']) {
        const want: string[] = [];
        let at = new Date(start);
        for (let k = 0; k < 40; k++) {
          const d = studyDay(at, tz);
          want.push(d.end.toISOString());
          at = d.end;
        }
        expect(
          studyDayEnds(new Date(start), tz, 40).map((d) => d.toISOString()),
          tz,
        ).toEqual(want);
      }
    }
  });

  it('a study day key is the date whose 04:00 started it', () => {
    expect(studyDayKey(new Date('2030-03-10T05:00:00.000Z'), SP)).toBe('2030-03-09');
    expect(studyDayKey(new Date('2030-03-10T07:00:00.000Z'), SP)).toBe('2030-03-10');
    expect(studyDayKey(new Date('2030-03-10T03:59:59.000Z'), 'UTC')).toBe('2030-03-09');
    expect(studyDayKey(new Date('2030-03-10T04:00:00.000Z'), 'UTC')).toBe('2030-03-10');
    // Tokyo (UTC+9): 01:00 on the 10th is still the 9th; 05:00 is the 10th.
    expect(studyDayKey(new Date('2030-03-09T16:00:00.000Z'), 'Asia/Tokyo')).toBe('2030-03-09');
    expect(studyDayKey(new Date('2030-03-09T20:00:00.000Z'), 'Asia/Tokyo')).toBe('2030-03-10');
  });
});

describe.each(dialects)('metrics: the student (%s)', (dialect) => {
  const time = testClock('2030-03-08T15:00:00.000Z');
  let t: TestApp;
  let teacher: SignedUp;
  let ana: SignedUp;
  let bia: SignedUp;
  let classId: string;
  const items: string[] = [];
  const a = api(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher' });
    ana = await signUp(t, { role: 'student' });
    bia = await signUp(t, { role: 'student' });
    classId = (await a.newClass(teacher, { students: [ana, bia] })).id;
    for (let i = 1; i <= 4; i++) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(i));
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const metrics = async (u: SignedUp, query = `?range=7d&tz=${SP}`) => {
    const res = await a.call<StudentMetrics>(u, 'GET', `/metrics/me${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  async function itemIds(deckId: string): Promise<string[]> {
    const rows = await t.db.db
      .selectFrom('flashcard_items')
      .select('id')
      .where('deck_id', '=', deckId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Put a card of `u` in review with this interval and memory (the hand-made history). */
  async function setState(
    u: SignedUp,
    itemId: string,
    s: {
      scheduled_days?: number;
      due: string;
      stability?: number;
      last_review?: string;
      queue?: number;
    },
  ) {
    await t.db.db
      .updateTable('flashcard_states')
      .set({
        state: 'review',
        queue: s.queue ?? 2,
        suspended: s.queue === -1 ? 1 : 0,
        scheduled_days: s.scheduled_days ?? 5,
        due: s.due,
        stability: s.stability ?? 5,
        last_review: s.last_review ?? '2030-03-01T12:00:00.000Z',
      })
      .where('user_id', '=', u.id)
      .where('item_id', '=', itemId)
      .execute();
  }

  async function practice(u: SignedUp, itemId: string, correct: boolean, tz = SP, ms = 2000) {
    const res = await a.call(u, 'POST', '/practice/answers', {
      id: crypto.randomUUID(),
      item_id: itemId,
      response: { choice: correct ? 'a' : 'b' },
      duration_ms: ms,
      tz,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  type Acc = Record<string, number>;
  const COLS = [
    'reviews',
    'reviews_passed',
    'young_reviews',
    'young_passed',
    'mature_reviews',
    'mature_passed',
    'answers',
    'answers_correct',
    'study_ms',
  ] as const;
  const CLASS_COLS = [
    'reviews',
    'reviews_passed',
    'answers',
    'answers_correct',
    'study_ms',
  ] as const;
  const norm = (acc: Acc, keys: readonly string[]) => keys.map((k) => Number(acc[k] ?? 0));
  const nonZero = (row: readonly (string | number)[]) =>
    row.some((n) => typeof n === 'number' && n !== 0);

  /** The student's rollups as stored (rows left all zero by undos dropped). */
  async function stored(userId: string) {
    const days = await t.db.db
      .selectFrom('activity_days')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
    const classDays = await t.db.db
      .selectFrom('class_activity_days')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
    return {
      days: days.map((r) => [r.day, ...norm(r as unknown as Acc, COLS)]).filter(nonZero),
      classDays: classDays
        .map((r) => [r.class_id, r.day, ...norm(r as unknown as Acc, CLASS_COLS)])
        .filter(nonZero),
    };
  }

  /** The rollups recomputed from the logs alone, by hand. */
  async function recompute(
    userId: string,
    classDeckId: string,
    zoneOfReview: (id: string) => string,
    zoneOfAnswer: (id: string) => string,
    checkStoredDay: boolean,
  ) {
    const days = new Map<string, Acc>();
    const classDays = new Map<string, Acc>();
    const add = (map: Map<string, Acc>, key: string, v: Acc) => {
      const acc = map.get(key) ?? {};
      for (const [k, n] of Object.entries(v)) acc[k] = (acc[k] ?? 0) + n;
      map.set(key, acc);
    };
    const reviews = await t.db.db
      .selectFrom('flashcard_reviews')
      .selectAll()
      .where('user_id', '=', userId)
      .where('undone_at', 'is', null)
      .execute();
    for (const r of reviews) {
      const day = handDay(r.reviewed_at, zoneOfReview(r.id));
      if (checkStoredDay) expect(r.study_day).toBe(day);
      const before = JSON.parse(r.state_before) as { scheduled_days: number };
      const passed = Number(r.rating) > 1 ? 1 : 0;
      const inReview = r.prev_state === 'review';
      const young = inReview && before.scheduled_days < 21 ? 1 : 0;
      const mature = inReview && before.scheduled_days >= 21 ? 1 : 0;
      const v = { reviews: 1, reviews_passed: passed, study_ms: Number(r.duration_ms) };
      add(days, day, {
        ...v,
        young_reviews: young,
        young_passed: young * passed,
        mature_reviews: mature,
        mature_passed: mature * passed,
      });
      if (r.deck_id === classDeckId) add(classDays, `${classId}|${day}`, v);
    }
    const answers = await t.db.db
      .selectFrom('item_answers')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    for (const r of answers) {
      const day = handDay(r.created_at, zoneOfAnswer(r.id));
      const v = { answers: 1, answers_correct: Number(r.correct), study_ms: Number(r.duration_ms) };
      add(days, day, v);
      if (r.context === 'assignment') add(classDays, `${classId}|${day}`, v);
    }
    return {
      days: [...days.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([day, acc]) => [day, ...norm(acc, COLS)]),
      classDays: [...classDays.entries()]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, acc]) => [...key.split('|'), ...norm(acc, CLASS_COLS)]),
    };
  }

  it('401 without a session', async () => {
    const res = await jsonRequest(t, 'GET', '/api/metrics/me', undefined, {});
    expect(res.status).toBe(401);
    const bad = await a.call(ana, 'GET', '/metrics/me?range=2d');
    expect(bad.status).toBe(400);
  });

  it('streak across a time-zone day boundary, true retention young/mature, accuracy, undo', async () => {
    const deck = await a.newDeck(ana, 'Biologia');
    await a.newCards(ana, deck.id, 12);
    const ids = await itemIds(deck.id);

    // Study day 2030-03-08 (12:00 in São Paulo): 10 new cards, "Bom", 1 s each.
    time.set('2030-03-08T15:00:00.000Z');
    for (const id of ids.slice(0, 10)) {
      expect((await a.review(ana, id, 3, { tz: SP, duration_ms: 1000 })).status).toBe(201);
    }
    // The hand-made memory: cards 1–4 in review with a 5-day interval (young), 5–7 with 30 (mature).
    for (const id of ids.slice(0, 4))
      await setState(ana, id, { scheduled_days: 5, due: '2030-03-09T00:00:00.000Z' });
    for (const id of ids.slice(4, 7))
      await setState(ana, id, { scheduled_days: 30, due: '2030-03-09T00:00:00.000Z' });

    // 2030-03-10 at 02:00 in São Paulo (05:00 UTC): still the study day 2030-03-09 there.
    time.set('2030-03-10T05:00:00.000Z');
    const plan: Array<[number, 1 | 2 | 3 | 4]> = [
      [0, 3],
      [1, 1],
      [2, 3],
      [3, 4], // young: 4 reviews, 3 passed
      [4, 1],
      [5, 3],
      [6, 2], // mature: 3 reviews, 2 passed
      [7, 3],
      [8, 1],
      [9, 3], // learning: not retention
    ];
    for (const [i, rating] of plan) {
      expect((await a.review(ana, ids[i]!, rating, { tz: SP, duration_ms: 1000 })).status).toBe(
        201,
      );
    }
    // A rating counted on 03-09 (São Paulo) and undone with another time zone: taken from 03-09.
    const extra = await a.review(ana, ids[10]!, 3, { tz: SP, duration_ms: 5000 });
    expect(extra.status).toBe(201);
    const undone = await a.call(ana, 'POST', `/reviews/${extra.body.review_id}/undo?tz=UTC`);
    expect(undone.status).toBe(200);

    // Now 09:00 in São Paulo on 03-10: today (03-10) has nothing yet.
    time.set('2030-03-10T12:00:00.000Z');
    let m = await metrics(ana);
    expect(m.today).toBe('2030-03-10');
    expect(m.tz).toBe(SP);
    expect(m.days.map((d) => d.day)).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
    ]);
    const byDay = Object.fromEntries(m.days.map((d) => [d.day, d]));
    expect(byDay['2030-03-08']).toMatchObject({
      reviews: 10,
      answers: 0,
      study_ms: 10_000,
      meaningful: true,
    });
    expect(byDay['2030-03-09']).toMatchObject({ reviews: 10, study_ms: 10_000, meaningful: true });
    expect(byDay['2030-03-10']).toMatchObject({ reviews: 0, meaningful: false });
    expect(m.streak).toEqual({ current: 2, longest: 2, today_counts: false, today_actions: 0 });
    // Passed: 03-08 all 10; 03-09: 3 young + 2 mature + 2 learning ("Bom") = 7.
    expect(m.totals).toMatchObject({
      reviews: 20,
      reviews_passed: 17,
      answers: 0,
      accuracy: null,
      study_ms: 20_000,
      active_days: 2,
    });
    expect(m.retention.young.week).toEqual({ reviews: 4, passed: 3, rate: 0.75 });
    expect(m.retention.mature.week).toEqual({ reviews: 3, passed: 2, rate: 2 / 3 });
    expect(m.retention.all.week).toEqual({ reviews: 7, passed: 5, rate: 5 / 7 });
    expect(m.retention.all.day).toEqual({ reviews: 0, passed: 0, rate: null });
    expect(m.retention.all.month).toEqual({ reviews: 7, passed: 5, rate: 5 / 7 });
    expect(m.heatmap).toEqual([
      { day: '2030-03-08', count: 10 },
      { day: '2030-03-09', count: 10 },
    ]);
    // In UTC the same instants fall on other study days: 05:00 UTC is already 03-10.
    const utc = await metrics(ana, '?range=7d&tz=UTC');
    expect(utc.today).toBe('2030-03-10');
    // (the rollups keep the day of the request's zone: 03-09 stays 03-09)
    expect(utc.days.find((d) => d.day === '2030-03-09')!.reviews).toBe(10);

    // Today: 10 practice answers, 7 right, 3 s each → today counts, the streak is 3.
    for (let i = 0; i < 10; i++) await practice(ana, items[i % 4]!, i < 7, SP, 3000);
    m = await metrics(ana);
    expect(m.streak).toEqual({ current: 3, longest: 3, today_counts: true, today_actions: 10 });
    expect(m.days.at(-1)).toMatchObject({ answers: 10, answers_correct: 7, study_ms: 30_000 });
    expect(m.totals.accuracy).toBe(0.7);
    expect(m.totals.active_days).toBe(3);

    // A rating then its undo today: nothing changes.
    const r = await a.review(ana, ids[11]!, 4, { tz: SP, duration_ms: 7000 });
    expect((await metrics(ana)).days.at(-1)).toMatchObject({ reviews: 1, study_ms: 37_000 });
    expect((await a.call(ana, 'POST', `/reviews/${r.body.review_id}/undo?tz=${SP}`)).status).toBe(
      200,
    );
    expect((await metrics(ana)).days.at(-1)).toMatchObject({ reviews: 0, study_ms: 30_000 });

    // Bia sees only her own numbers (nothing), whatever she asks.
    const other = await metrics(bia, `?range=7d&tz=${SP}&user_id=${ana.id}`);
    expect(other.totals).toMatchObject({ reviews: 0, answers: 0, active_days: 0 });
    expect(other.streak.current).toBe(0);
    expect(other.heatmap).toEqual([]);
    expect(other.forecast.every((f) => f.due === 0)).toBe(true);
    expect(other.knowledge).toEqual({ cards: 0, expected: 0 });
    expect(other.retention.desired).toBeNull();
  });

  it('a day is cleared when a rating leaves nothing due today: it counts with fewer than 10', async () => {
    const cleo = await signUp(t, { role: 'student' });
    time.set('2030-04-01T15:00:00.000Z');
    const deck = await a.newDeck(cleo, 'Poucos');
    await a.newCards(cleo, deck.id, 2);
    const [i1, i2] = await itemIds(deck.id);
    // Day 1: "De novo" leaves the card due in a minute (not cleared); "Fácil" then schedules it
    // days ahead and nothing else is due today (i2 is new: new cards are not due) → cleared.
    await a.review(cleo, i1!, 1, { tz: 'UTC' });
    let m = await metrics(cleo, '?range=7d&tz=UTC');
    expect(m.days.at(-1)).toMatchObject({ reviews: 1, meaningful: false });
    await a.review(cleo, i1!, 4, { tz: 'UTC' });
    m = await metrics(cleo, '?range=7d&tz=UTC');
    expect(m.days.at(-1)).toMatchObject({ reviews: 2, meaningful: true });
    expect(m.streak).toMatchObject({ current: 1, today_counts: true, today_actions: 2 });
    // Learning i2 leaves it due in minutes: not cleared again, but the day stays cleared.
    await a.review(cleo, i2!, 3, { tz: 'UTC' });
    m = await metrics(cleo, '?range=7d&tz=UTC');
    expect(m.days.at(-1)).toMatchObject({ reviews: 3, meaningful: true });
    // "De novo" leaves a card due in minutes: a later day with that rating is not cleared.
    time.set('2030-04-20T15:00:00.000Z');
    await a.review(cleo, i1!, 1, { tz: 'UTC' });
    m = await metrics(cleo, '?range=7d&tz=UTC');
    expect(m.days.at(-1)).toMatchObject({ reviews: 1, meaningful: false });
    expect(m.streak).toMatchObject({ current: 0, longest: 1, today_counts: false });
  });

  it('forecast, knowledge and desired retention from the cards the student can study', async () => {
    const fia = await signUp(t, { role: 'student' });
    await a.call(teacher, 'POST', `/classes/${classId}/members?user_id=${fia.id}&role=student`);
    time.set('2030-03-10T12:00:00.000Z');
    const own = await a.newDeck(fia, 'Própria');
    await a.newCards(fia, own.id, 5);
    const ownIds = await itemIds(own.id);
    const shared: Deck = await a.newDeck(teacher, 'Da turma', { desired_retention: 0.85 });
    await a.newCards(teacher, shared.id, 1);
    expect(
      (await a.call(teacher, 'POST', `/decks/${shared.id}/shares`, { class_id: classId })).status,
    ).toBe(201);
    const [sharedItem] = await itemIds(shared.id);
    for (const id of [...ownIds, sharedItem!]) await a.review(fia, id, 3, { tz: SP });

    const now = Date.parse('2030-03-10T12:00:00.000Z');
    const ago = (days: number) => new Date(now - days * DAY).toISOString();
    // Overdue; today 17:00 in São Paulo; 03:00 tomorrow (still today's study day); 03-12; suspended.
    await setState(fia, ownIds[0]!, {
      due: '2030-03-01T00:00:00.000Z',
      stability: 10,
      last_review: ago(10),
    });
    await setState(fia, ownIds[1]!, {
      due: '2030-03-10T20:00:00.000Z',
      stability: 5,
      last_review: ago(5),
    });
    await setState(fia, ownIds[2]!, {
      due: '2030-03-11T06:00:00.000Z',
      stability: 2,
      last_review: ago(0),
    });
    await setState(fia, ownIds[3]!, {
      due: '2030-03-12T12:00:00.000Z',
      stability: 20,
      last_review: ago(60),
    });
    await setState(fia, ownIds[4]!, {
      due: '2030-03-10T13:00:00.000Z',
      stability: 3,
      last_review: ago(1),
      queue: -1,
    });
    await setState(fia, sharedItem!, {
      due: '2030-03-15T12:00:00.000Z',
      stability: 1,
      last_review: ago(1),
    });

    time.set('2030-03-10T12:00:00.000Z');
    const m = await metrics(fia);
    expect(m.forecast).toHaveLength(30);
    expect(m.forecast[0]).toEqual({ day: '2030-03-10', due: 3 });
    expect(m.forecast[29]!.day).toBe('2030-04-08');
    const nonZero = m.forecast.filter((f) => f.due > 0);
    expect(nonZero).toEqual([
      { day: '2030-03-10', due: 3 },
      { day: '2030-03-12', due: 1 },
      { day: '2030-03-15', due: 1 },
    ]);
    // R(t = S) = 0.9 by FSRS's definition; R(0) = 1; R(60 d, S = 20) by the curve with w20.
    const w20 = DEFAULT_WEIGHTS[20]!;
    const f = Math.pow(0.9, -1 / w20) - 1;
    const far = Math.pow(1 + (f * 60) / 20, -w20);
    const expected = 0.9 + 0.9 + 1 + far + 0.9;
    expect(m.knowledge.cards).toBe(5);
    expect(m.knowledge.expected).toBeCloseTo(expected, 2);
    // 4 own cards in review (0.9) and 1 in the class deck (0.85).
    expect(m.retention.desired).toBeCloseTo((4 * 0.9 + 0.85) / 5, 10);

    // Leaving the class: its deck no longer counts.
    await a.call(teacher, 'DELETE', `/classes/${classId}/members/${fia.id}`);
    const after = await metrics(fia);
    expect(after.forecast.filter((x) => x.due > 0).map((x) => x.day)).toEqual([
      '2030-03-10',
      '2030-03-12',
    ]);
    expect(after.knowledge.cards).toBe(4);
  });

  it('studentToday: streak, cards, assignments due soon, practice pick, last conversation', async () => {
    time.set('2030-05-01T12:00:00.000Z');
    const set = await a.call<ExerciseSet>(teacher, 'POST', '/sets', {
      title: 'Lista',
      entries: [{ item_id: items[0] }],
    });
    const soon = await a.call<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: set.body.id,
      open_at: '2030-05-01T11:00:00.000Z',
      due_at: '2030-05-05T12:00:00.000Z',
    });
    expect(soon.status).toBe(201);
    const later = await a.call<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: set.body.id,
      open_at: '2030-05-01T11:00:00.000Z',
      due_at: '2030-05-20T12:00:00.000Z',
    });
    expect(later.status).toBe(201);
    const today = await studentToday(t.ctx, bia.id, SP);
    expect(today.assignments.map((x) => [x.id, x.overdue])).toEqual([[soon.body.id, false]]);
    expect(today.assignments[0]).toMatchObject({ class_id: classId, title: 'Lista' });
    expect(today.practice).toMatchObject({ skill_id: 'bncc-ef07ma18' });
    expect(today.last_conversation).toBeNull();
    // The class deck's one card is new for Bia (her own deck: none).
    const classDeck = today.cards.decks.find((d) => d.title === 'Da turma')!;
    expect(today.cards).toEqual({
      due: 0,
      new: 1,
      decks: [{ id: classDeck.id, title: 'Da turma', due: 0, new: 1 }],
    });
    expect(today.streak).toMatchObject({ current: 0, today_counts: false });

    // An assignment answer counts for the class.
    const attempt = await a.call<Attempt>(bia, 'POST', `/assignments/${soon.body.id}/attempts`);
    expect(attempt.status).toBe(201);
    const res = await a.call(bia, 'POST', `/attempts/${attempt.body.id}/answers`, {
      id: crypto.randomUUID(),
      item_id: attempt.body.items[0]!.item.id,
      response: { choice: 'a' },
      duration_ms: 1500,
      tz: SP,
    });
    expect(res.status).toBe(201);
    const rows = await t.db.db
      .selectFrom('class_activity_days')
      .selectAll()
      .where('user_id', '=', bia.id)
      .execute();
    expect(
      rows.map((r) => [
        r.class_id,
        r.day,
        Number(r.answers),
        Number(r.answers_correct),
        Number(r.study_ms),
      ]),
    ).toEqual([[classId, '2030-05-01', 1, 1, 1500]]);
  });

  it('reads never touch the review or answer logs', async () => {
    const tables: string[] = [];
    const spy: KyselyPlugin = {
      transformQuery: (args) => {
        const text = JSON.stringify(args.node);
        for (const name of ['flashcard_reviews', 'item_answers']) {
          if (text.includes(`"${name}"`)) tables.push(name);
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { ...t.ctx, db: { ...t.ctx.db, db: t.ctx.db.db.withPlugin(spy) } };
    const m = await studentMetrics(ctx, ana.id, { range: '365d', tz: SP });
    expect(m.totals.reviews).toBeGreaterThan(0);
    await studentToday(ctx, ana.id, SP);
    expect(tables).toEqual([]);
    // (the spy sees them when they are read)
    await ctx.db.db.selectFrom('item_answers').select('id').execute();
    expect(tables).toEqual(['item_answers']);
  });

  it('property: after random ratings, undos and answers in random zones the rollups equal the logs', async () => {
    const random = prng(dialect === 'sqlite' ? 14 : 41);
    const zones = ['America/Sao_Paulo', 'Asia/Tokyo', 'UTC', 'Pacific/Auckland', 'Asia/Kolkata'];
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const student = await signUp(t, { role: 'student' });
    await a.call(teacher, 'POST', `/classes/${classId}/members?user_id=${student.id}&role=student`);
    time.set('2030-06-01T10:00:00.000Z');
    const own = await a.newDeck(student, 'Minha');
    await a.newCards(student, own.id, 6);
    const classDeck = await a.newDeck(teacher, 'Turma');
    await a.newCards(teacher, classDeck.id, 6);
    await a.call(teacher, 'POST', `/decks/${classDeck.id}/shares`, { class_id: classId });
    const set = await a.call<ExerciseSet>(teacher, 'POST', '/sets', {
      title: 'Prova',
      entries: items.map((id) => ({ item_id: id })),
    });
    const assignment = await a.call<Assignment>(
      teacher,
      'POST',
      `/classes/${classId}/assignments`,
      {
        set_id: set.body.id,
        open_at: '2030-06-01T00:00:00.000Z',
        due_at: '2030-06-30T00:00:00.000Z',
        feedback: 'after_due',
      },
    );
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
    const attempt = await a.call<Attempt>(
      student,
      'POST',
      `/assignments/${assignment.body.id}/attempts`,
    );
    const attemptItems = attempt.body.items.map((x) => x.item.id);
    const deckItems = [...(await itemIds(own.id)), ...(await itemIds(classDeck.id))];
    const zoneOfAnswer = new Map<string, string>();
    const zoneOfReview = new Map<string, string>();
    const lastOfDeck = new Map<string, string>();
    const deckOfItem = new Map(deckItems.map((id, i) => [id, i < 6 ? own.id : classDeck.id]));

    for (let step = 0; step < 60; step++) {
      time.advance(Math.floor(random() * 9 * 3_600_000));
      const tz = pick(zones);
      const op = random();
      if (op < 0.5) {
        const item = pick(deckItems);
        const id = crypto.randomUUID();
        const res = await a.review(student, item, pick([1, 2, 3, 4] as const), {
          id,
          tz,
          duration_ms: Math.floor(random() * 20_000),
        });
        expect(res.status).toBe(201);
        zoneOfReview.set(id, tz);
        lastOfDeck.set(deckOfItem.get(item)!, id);
      } else if (op < 0.65) {
        const deck = pick([own.id, classDeck.id]);
        const id = lastOfDeck.get(deck);
        if (!id) continue;
        const res = await a.call(student, 'POST', `/reviews/${id}/undo?tz=${pick(zones)}`);
        expect(res.status).toBe(200);
        lastOfDeck.delete(deck);
      } else if (op < 0.85) {
        const id = crypto.randomUUID();
        zoneOfAnswer.set(id, tz);
        const res = await a.call(student, 'POST', '/practice/answers', {
          id,
          item_id: pick(items),
          response: { choice: pick(['a', 'b']) },
          duration_ms: Math.floor(random() * 20_000),
          tz,
        });
        expect(res.status).toBe(201);
      } else {
        const id = crypto.randomUUID();
        zoneOfAnswer.set(id, tz);
        const res = await a.call(student, 'POST', `/attempts/${attempt.body.id}/answers`, {
          id,
          item_id: pick(attemptItems),
          response: { choice: pick(['a', 'b']) },
          duration_ms: Math.floor(random() * 20_000),
          tz,
        });
        expect(res.status).toBe(201);
      }
    }

    // The full recomputation, from the logs and the zones each request carried.
    const want = await recompute(
      student.id,
      classDeck.id,
      (id) => zoneOfReview.get(id)!,
      (id) => zoneOfAnswer.get(id)!,
      true,
    );
    expect(want.days.length).toBeGreaterThan(5);
    expect(await stored(student.id)).toEqual(want);
    expect(want.classDays.every((row) => row[0] === classId)).toBe(true);

    // Migration 0019's backfill gives the same from the logs alone, by UTC study days.
    await t.db.db.deleteFrom('activity_days').execute();
    await t.db.db.deleteFrom('class_activity_days').execute();
    await backfillRollups(t.db.db as unknown as Kysely<unknown>);
    expect(await stored(student.id)).toEqual(
      await recompute(
        student.id,
        classDeck.id,
        () => 'UTC',
        () => 'UTC',
        false,
      ),
    );
  });
});
