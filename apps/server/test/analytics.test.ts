import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import type { ClassAnalytics, StudentInClass, Today } from '@aprenda/shared/schemas/metrics';
import { api, testClock } from './flashcards-helpers.ts';
import { bearer, createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * Issue 14, teacher analytics and "Hoje": every figure and flag from a hand-made history (rollup
 * rows, attempts, answers, abilities, flashcard memories inserted as the writers would leave them),
 * compared with values worked out by hand below; privacy (404 for anyone but the class's teachers)
 * and no leak from one class into another's view, on both engines.
 *
 * Now is 2030-03-20 12:00 UTC (tz UTC): today's study day is 2030-03-20, the 30-day window of
 * the rollups starts 2030-02-19 and that of answers and assignments at 2030-02-18 12:00.
 */

const NOW = '2030-03-20T12:00:00.000Z';
const FRAC = 'zz-fracoes';
const GEO = 'zz-geometria';
const DAY = 86_400_000;

describe.each(dialects)('analytics and today (%s)', (dialect) => {
  const time = testClock(NOW);
  let t: TestApp;
  const a = api(() => t);
  let teacher: SignedUp; // teaches A
  let teacherB: SignedUp; // teaches B
  let coTeacher: SignedUp; // a student account teaching class C
  let ana: SignedUp; // A and B
  let bruno: SignedUp; // A: never active, missed two
  let carla: SignedUp; // A: falling in Frações, stuck in Geometria
  let davi: SignedUp; // A: nothing to flag
  let stranger: SignedUp;
  let classA: string;
  let classB: string;
  let classC: string;
  const ids: Record<string, string> = {};
  let items: string[] = [];
  let deckId: string;

  const db = () => t.db.db;

  async function assignment(
    id: string,
    classId: string,
    title: string,
    openAt: string,
    dueAt: string,
  ) {
    await db()
      .insertInto('assignments')
      .values({
        id,
        class_id: classId,
        set_id: 'set',
        title,
        description: '',
        entries: '[]',
        open_at: openAt,
        due_at: dueAt,
        attempts_allowed: 3,
        shuffle: 0,
        feedback: 'immediate',
        event_id: null,
        created_by: null,
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
  }

  let attemptSeq = 0;
  async function attempt(
    assignmentId: string,
    user: SignedUp,
    number: number,
    submittedAt: string | null,
    score: number | null,
    late = false,
  ) {
    const id = `att-${++attemptSeq}`;
    await db()
      .insertInto('assignment_attempts')
      .values({
        id,
        assignment_id: assignmentId,
        user_id: user.id,
        number,
        item_ids: '[]',
        started_at: '2030-01-01T00:00:00.000Z',
        submitted_at: submittedAt,
        score,
        late: late ? 1 : 0,
      })
      .execute();
    return id;
  }

  let answerSeq = 0;
  async function answer(
    user: SignedUp,
    skill: string,
    at: string,
    correct: boolean,
    before: number,
    after: number,
    attemptId: string | null = null,
  ) {
    await db()
      .insertInto('item_answers')
      .values({
        id: `ans-${++answerSeq}`,
        user_id: user.id,
        item_id: 'item',
        skill_id: skill,
        context: attemptId ? 'assignment' : 'practice',
        attempt_id: attemptId,
        response: '{}',
        correct: correct ? 1 : 0,
        score: correct ? 1 : 0,
        ability_before: before,
        ability_after: after,
        duration_ms: 1000,
        created_at: at,
      })
      .execute();
  }

  async function ability(
    user: SignedUp,
    skill: string,
    value: number,
    count: number,
    recent: number[],
    updatedAt: string,
    level: string | null = null,
  ) {
    await db()
      .insertInto('learner_abilities')
      .values({
        user_id: user.id,
        skill_id: skill,
        ability: value,
        answer_count: count,
        recent: JSON.stringify(recent),
        level,
        updated_at: updatedAt,
      })
      .execute();
  }

  async function classDay(
    classId: string,
    user: SignedUp,
    day: string,
    v: {
      reviews?: number;
      reviews_passed?: number;
      answers?: number;
      answers_correct?: number;
      study_ms?: number;
    },
  ) {
    await db()
      .insertInto('class_activity_days')
      .values({ class_id: classId, user_id: user.id, day, ...v })
      .execute();
  }

  async function conversation(user: SignedUp, classId: string | null) {
    const iso = '2030-03-01T10:00:00.000Z';
    await db()
      .insertInto('conversations')
      .values({
        id: `conv-${Math.random().toString(36).slice(2)}`,
        user_id: user.id,
        title: 'Conversa',
        mode: 'socratic',
        class_id: classId,
        created_at: iso,
        updated_at: iso,
        last_message_at: null,
        activity_at: iso,
      })
      .execute();
  }

  async function event(
    id: string,
    classId: string,
    title: string,
    startsAt: string,
    allDay = false,
  ) {
    await db()
      .insertInto('class_events')
      .values({
        id,
        class_id: classId,
        title,
        description: null,
        starts_at: startsAt,
        ends_at: null,
        // An all-day event covers its UTC day (as events.queries.ts stores it).
        range_end: allDay ? new Date(Date.parse(startsAt) + 86_400_000).toISOString() : startsAt,
        all_day: allDay ? 1 : 0,
        location: null,
        created_by: null,
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
  }

  async function memory(user: SignedUp, itemId: string, stability: number, lastReview: string) {
    await db()
      .insertInto('flashcard_states')
      .values({
        user_id: user.id,
        item_id: itemId,
        card_id: (await db()
          .selectFrom('flashcard_items')
          .select('card_id')
          .where('id', '=', itemId)
          .executeTakeFirstOrThrow())!.card_id,
        deck_id: deckId,
        state: 'review',
        queue: 2,
        due: '2030-04-01T00:00:00.000Z',
        stability,
        difficulty: 5,
        elapsed_days: 0,
        scheduled_days: Math.round(stability),
        learning_steps: 0,
        reps: 3,
        lapses: 0,
        last_review: lastReview,
        updated_at: lastReview,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher', name: 'Prof A' });
    teacherB = await signUp(t, { role: 'teacher', name: 'Prof B' });
    coTeacher = await signUp(t, { role: 'student', name: 'Monitora' });
    ana = await signUp(t, { name: 'Ana' });
    bruno = await signUp(t, { name: 'Bruno' });
    carla = await signUp(t, { name: 'Carla' });
    davi = await signUp(t, { name: 'Davi' });
    stranger = await signUp(t, { name: 'Estranha' });
    classA = (await a.newClass(teacher, { students: [ana, bruno, carla, davi] }, 'Turma A')).id;
    classB = (await a.newClass(teacherB, { students: [ana] }, 'Turma B')).id;
    classC = (await a.newClass(teacher, { teachers: [coTeacher] }, 'Turma C')).id;

    for (const [id, code, name] of [
      [FRAC, 'ZZ01', 'Frações'],
      [GEO, 'ZZ02', 'Geometria'],
    ] as const) {
      await db()
        .insertInto('skills')
        .values({
          id,
          code,
          name,
          search: name.toLowerCase(),
          sort_key: `0${code}`,
          created_by: null,
          created_at: '2030-01-01T00:00:00.000Z',
        })
        .execute();
    }

    // ── Activity (rollups) ──
    // Ana: last active yesterday; in A two days of the window and one before it; in B one day.
    await db()
      .insertInto('activity_days')
      .values({ user_id: ana.id, day: '2030-03-19', reviews: 5 })
      .execute();
    await db()
      .insertInto('activity_days')
      .values({ user_id: ana.id, day: '2030-03-10', reviews: 2 })
      .execute();
    await classDay(classA, ana, '2030-03-19', {
      reviews: 5,
      reviews_passed: 4,
      answers: 3,
      answers_correct: 2,
      study_ms: 60_000,
    });
    await classDay(classA, ana, '2030-03-10', { reviews: 2, study_ms: 10_000 });
    await classDay(classA, ana, '2030-02-10', { reviews: 100, study_ms: 999_000 });
    await classDay(classB, ana, '2030-03-18', {
      reviews: 50,
      answers: 20,
      answers_correct: 15,
      study_ms: 1000,
    });
    // Carla and Davi were active today; Bruno never.
    for (const u of [carla, davi]) {
      await db()
        .insertInto('activity_days')
        .values({ user_id: u.id, day: '2030-03-20', answers: 4 })
        .execute();
    }
    // A day whose only rating was undone does not count as activity.
    await db()
      .insertInto('activity_days')
      .values({ user_id: bruno.id, day: '2030-03-15', reviews: 0 })
      .execute();

    // ── Conversations: Ana, 2 linked to A, 1 to B, 1 to none ──
    await conversation(ana, classA);
    await conversation(ana, classA);
    await conversation(ana, classB);
    await conversation(ana, null);

    // ── Assignments ──
    await assignment(
      'a0',
      classA,
      'Lista antiga',
      '2030-01-01T00:00:00.000Z',
      '2030-01-10T23:59:00.000Z',
    );
    await assignment(
      'a1',
      classA,
      'Lista 1',
      '2030-03-01T00:00:00.000Z',
      '2030-03-10T23:59:00.000Z',
    );
    await assignment(
      'a2',
      classA,
      'Lista 2',
      '2030-03-05T00:00:00.000Z',
      '2030-03-15T23:59:00.000Z',
    );
    await assignment(
      'a3',
      classA,
      'Lista 3',
      '2030-03-18T00:00:00.000Z',
      '2030-03-25T23:59:00.000Z',
    );
    await assignment(
      'a4',
      classA,
      'Lista 4',
      '2030-04-01T00:00:00.000Z',
      '2030-04-10T23:59:00.000Z',
    );
    await assignment(
      'b1',
      classB,
      'Lista B',
      '2030-03-01T00:00:00.000Z',
      '2030-03-12T23:59:00.000Z',
    );

    // Ana: a0 on time 0.6; a1 on time 0.8 then late 0.9 (on time counts); a2 only late 0.5; b1 1.0.
    await attempt('a0', ana, 1, '2030-01-09T10:00:00.000Z', 0.6);
    ids.anaA1 = await attempt('a1', ana, 1, '2030-03-09T10:00:00.000Z', 0.8);
    await attempt('a1', ana, 2, '2030-03-12T10:00:00.000Z', 0.9, true);
    await attempt('a2', ana, 1, '2030-03-16T10:00:00.000Z', 0.5, true);
    ids.anaB1 = await attempt('b1', ana, 1, '2030-03-11T10:00:00.000Z', 1);
    // Bruno: an attempt at a2 still in progress (not handed in).
    await attempt('a2', bruno, 1, null, null);
    // Carla and Davi: on time.
    await attempt('a1', carla, 1, '2030-03-09T11:00:00.000Z', 0.7);
    await attempt('a2', carla, 1, '2030-03-14T11:00:00.000Z', 1);
    await attempt('a1', davi, 1, '2030-03-08T11:00:00.000Z', 1);
    await attempt('a2', davi, 1, '2030-03-15T10:00:00.000Z', 0.6);

    // ── Answers and abilities ──
    // Carla in Frações: 0.4 before her first answer of the window, −0.3 now (fell 0.7); the answer
    // of February (before the window) is ignored.
    await answer(carla, FRAC, '2030-02-01T10:00:00.000Z', true, 1.0, 1.1);
    await answer(carla, FRAC, '2030-03-01T10:00:00.000Z', true, 0.4, 0.5);
    await answer(carla, FRAC, '2030-03-19T10:00:00.000Z', false, -0.1, -0.3);
    await ability(carla, FRAC, -0.3, 6, [1, 0, 1, 0, 0], '2030-03-19T10:00:00.000Z', 'practiced');
    // Carla in Geometria: three wrong in a row (her last answer was in January: still stuck).
    await ability(carla, GEO, -0.5, 4, [1, 0, 0, 0], '2030-01-05T10:00:00.000Z', 'attempted');
    // Davi in Frações: 0.5 → 0.2, a fall of 0.3 (< 0.5); ends with one right answer.
    await answer(davi, FRAC, '2030-03-02T10:00:00.000Z', false, 0.5, 0.45);
    await answer(davi, FRAC, '2030-03-18T10:00:00.000Z', false, 0.3, 0.2);
    await ability(davi, FRAC, 0.2, 5, [0, 0, 1], '2030-03-18T10:00:00.000Z', 'familiar');
    // Ana in Geometria: right in A's Lista 1, wrong in B's list (which A never sees).
    await answer(ana, GEO, '2030-03-09T10:00:00.000Z', true, 0, 0.1, ids.anaA1);
    await answer(ana, GEO, '2030-03-11T10:00:00.000Z', false, 0.1, 0, ids.anaB1);

    // ── Events ──
    await event('ev-past', classA, 'Aula passada', '2030-03-19T13:00:00.000Z');
    await event('ev-1', classA, 'Prova', '2030-03-25T13:00:00.000Z');
    await event('ev-2', classA, 'Aula', '2030-03-28T13:00:00.000Z');
    await event('ev-b', classB, 'Aula B', '2030-03-22T13:00:00.000Z');

    // ── A deck of 2 cards shared with A ──
    deckId = (await a.newDeck(teacher, 'Capitais')).id;
    await a.newCards(teacher, deckId, 2);
    expect(
      (await a.call(teacher, 'POST', `/decks/${deckId}/shares`, { class_id: classA })).status,
    ).toBeLessThan(300);
    items = (
      await db()
        .selectFrom('flashcard_items')
        .select('id')
        .where('deck_id', '=', deckId)
        .orderBy('position')
        .execute()
    ).map((r) => r.id);
    const prova = Date.parse('2030-03-25T13:00:00.000Z');
    // Ana: item 1 reviewed S=10 days before the test (R = 0.9 exactly), item 2 at its start (R = 1).
    await memory(ana, items[0]!, 10, new Date(prova - 10 * DAY).toISOString());
    await memory(ana, items[1]!, 5, new Date(prova).toISOString());
    // Carla: item 1 with S = 2, reviewed 2 days before (R = 0.9). Bruno and Davi: nothing (0).
    await memory(carla, items[0]!, 2, new Date(prova - 2 * DAY).toISOString());
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = <T>(u: SignedUp, path: string) => a.call<T>(u, 'GET', path);

  it('activity per student counts only this class’s window, conversations and assignments', async () => {
    const res = await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.class).toEqual({ id: classA, name: 'Turma A' });
    expect(r.inactive_days).toBe(7);
    expect(r.students.map((s) => s.name)).toEqual(['Ana', 'Bruno', 'Carla', 'Davi']);
    const anaRow = r.students.find((s) => s.user_id === ana.id)!;
    // Window 2030-02-19..2030-03-20: 03-19 and 03-10 (the February day is out).
    expect(anaRow).toMatchObject({
      last_active: '2030-03-19',
      active_days: 2,
      reviews: 7,
      answers: 3,
      answers_correct: 2,
      study_ms: 70_000,
      conversations: 2,
      // Opened: a0, a1, a2, a3 (a4 opens in April); handed in a0, a1, a2.
      assignments_open: 4,
      assignments_submitted: 3,
    });
    expect(anaRow.mean_score).toBeCloseTo((0.6 + 0.9 + 0.5) / 3, 10);
    const brunoRow = r.students.find((s) => s.user_id === bruno.id)!;
    expect(brunoRow).toMatchObject({
      last_active: null,
      active_days: 0,
      reviews: 0,
      conversations: 0,
      assignments_open: 4,
      assignments_submitted: 0,
      mean_score: null,
    });
    expect(r.students.find((s) => s.user_id === carla.id)!.last_active).toBe('2030-03-20');
  });

  it('assignment summaries: students, handed in, late, mean best score', async () => {
    const r = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    const by = Object.fromEntries(r.assignments.map((x) => [x.id, x]));
    expect(r.assignments.map((x) => x.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(by.a0).toMatchObject({ students: 4, submitted: 1, late: 0 });
    expect(by.a0!.mean_score).toBeCloseTo(0.6, 10);
    // a1: Ana's best 0.9 (her first hand-in was on time), Carla 0.7, Davi 1.
    expect(by.a1).toMatchObject({ students: 4, submitted: 3, late: 0 });
    expect(by.a1!.mean_score).toBeCloseTo((0.9 + 0.7 + 1) / 3, 10);
    // a2: Ana only late (0.5), Carla 1, Davi 0.6; Bruno's attempt in progress is no hand-in.
    expect(by.a2).toMatchObject({ students: 4, submitted: 3, late: 1 });
    expect(by.a2!.mean_score).toBeCloseTo((0.5 + 1 + 0.6) / 3, 10);
    expect(by.a3).toMatchObject({ submitted: 0, late: 0, mean_score: null });
  });

  it('mastery heatmap and the skills most missed (practice and this class’s lists only)', async () => {
    const r = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    expect(r.skills).toEqual([
      { skill_id: FRAC, code: 'ZZ01', name: 'Frações' },
      { skill_id: GEO, code: 'ZZ02', name: 'Geometria' },
    ]);
    const cells = r.mastery
      .map((m) => [m.user_id, m.skill_id, m.level, m.ability, m.answer_count])
      .sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`));
    expect(cells).toEqual(
      [
        [carla.id, FRAC, 'practiced', -0.3, 6],
        [carla.id, GEO, 'attempted', -0.5, 4],
        [davi.id, FRAC, 'familiar', 0.2, 5],
      ].sort((x, y) => `${x[0]}${x[1]}`.localeCompare(`${y[0]}${y[1]}`)),
    );
    // Frações in the window: Carla 1 right 1 wrong, Davi 2 wrong → 3 of 4 wrong, 2 students.
    // Geometria: Ana's right answer in A's list; her wrong one in B's list is not A's → no miss.
    expect(r.missed_skills).toEqual([
      {
        skill_id: FRAC,
        code: 'ZZ01',
        name: 'Frações',
        students: 2,
        answers: 4,
        wrong: 3,
        wrong_rate: 0.75,
      },
    ]);
  });

  it('flags say why: inactive, falling, missed, late, stuck', async () => {
    const r = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    const of = (u: SignedUp) => r.attention.find((x) => x.user_id === u.id)?.reasons;
    expect(of(bruno)).toEqual([
      { kind: 'inactive', days: null },
      { kind: 'missed', count: 2, titles: ['Lista 1', 'Lista 2'] },
    ]);
    const carlaReasons = of(carla)!;
    expect(carlaReasons).toHaveLength(2);
    expect(carlaReasons[0]).toMatchObject({
      kind: 'falling',
      skill_id: FRAC,
      skill_name: 'Frações',
    });
    const falling = carlaReasons[0] as { from: number; to: number };
    expect(falling.from).toBeCloseTo(0.4, 10);
    expect(falling.to).toBeCloseTo(-0.3, 10);
    expect(carlaReasons[1]).toEqual({
      kind: 'stuck',
      skill_id: GEO,
      skill_name: 'Geometria',
      wrong_in_a_row: 3,
    });
    // Ana: a2 handed in only after its due date (a1's late retry does not count: a1 was on time).
    expect(of(ana)).toEqual([{ kind: 'late', count: 1, titles: ['Lista 2'] }]);
    // Davi: fell 0.3 (< 0.5), one right answer last: nothing.
    expect(of(davi)).toBeUndefined();
    // Most reasons first, then by name.
    expect(r.attention.map((x) => x.name)).toEqual(['Bruno', 'Carla', 'Ana']);

    // inactive_days=1: Ana (last active yesterday, 1 day ago) is now inactive too; Carla is not.
    const strict = (
      await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}?inactive_days=1`)
    ).body;
    expect(strict.inactive_days).toBe(1);
    expect(strict.attention.find((x) => x.user_id === ana.id)!.reasons[0]).toEqual({
      kind: 'inactive',
      days: 1,
    });
    expect(
      strict.attention
        .find((x) => x.user_id === carla.id)!
        .reasons.some((x) => x.kind === 'inactive'),
    ).toBe(false);
    // In Pago Pago (UTC−11) it is 01:00 of the 20th: still the study day of the 19th, when Ana was
    // active — 0 days, not flagged even with inactive_days=1.
    const pago = (
      await get<ClassAnalytics>(
        teacher,
        `/analytics/classes/${classA}?inactive_days=1&tz=Pacific/Pago_Pago`,
      )
    ).body;
    expect(pago.attention.find((x) => x.user_id === ana.id)!.reasons).toEqual([
      { kind: 'late', count: 1, titles: ['Lista 2'] },
    ]);
    const pagoDays = (
      await get<StudentInClass>(
        teacher,
        `/analytics/classes/${classA}/students/${ana.id}?tz=Pacific/Pago_Pago`,
      )
    ).body.days;
    expect([pagoDays[0]!.day, pagoDays[29]!.day]).toEqual(['2030-02-18', '2030-03-19']);
    expect((await get(teacher, `/analytics/classes/${classA}?inactive_days=0`)).status).toBe(400);
    expect((await get(teacher, `/analytics/classes/${classA}?inactive_days=61`)).status).toBe(400);
    expect((await get(teacher, `/analytics/classes/${classA}?tz=Mars/Olympus`)).status).toBe(400);
  });

  it('a class deck: expected recall at the next class event, worked out by hand', async () => {
    const r = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    expect(r.decks).toHaveLength(1);
    const d = r.decks[0]!;
    expect(d).toMatchObject({
      deck_id: deckId,
      title: 'Capitais',
      cards: 2,
      // The next event after now (not the one of yesterday).
      next_event: {
        id: 'ev-1',
        title: 'Prova',
        starts_at: '2030-03-25T13:00:00.000Z',
        all_day: false,
      },
    });
    // FSRS: R(t = S) = 0.9 whatever S; R(0) = 1. Ana 0.9 + 1, Carla 0.9, Bruno and Davi never
    // studied it (0 each): 2.8 over 4 students × 2 items.
    expect(d.expected_recall).toBeCloseTo(2.8 / 8, 6);
  });

  it('expected recall uses each student’s own forgetting curve (fitted weights)', async () => {
    // Carla's memory now 4 days old at the test (t = 2S) and her fitted decay 0.5:
    // R = (1 + 2 · (0.9^(−1/0.5) − 1))^(−0.5) = (2/0.81 − 1)^(−0.5) = 0.9 / √1.19.
    const prova = Date.parse('2030-03-25T13:00:00.000Z');
    await db()
      .updateTable('flashcard_states')
      .set({ last_review: new Date(prova - 4 * DAY).toISOString() })
      .where('user_id', '=', carla.id)
      .execute();
    await db()
      .insertInto('fsrs_parameters')
      .values({
        user_id: carla.id,
        weights: JSON.stringify(Array.from({ length: 21 }, (_, i) => (i === 20 ? 0.5 : 1))),
        fitted_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const r = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    expect(r.decks[0]!.expected_recall).toBeCloseTo((0.9 + 1 + 0.9 / Math.sqrt(1.19)) / 8, 6);
  });

  it('one student as their teacher sees them', async () => {
    const res = await get<StudentInClass>(
      teacher,
      `/analytics/classes/${classA}/students/${ana.id}`,
    );
    expect(res.status).toBe(200);
    const s = res.body;
    expect(s.class).toEqual({ id: classA, name: 'Turma A' });
    expect(s.student).toEqual({ user_id: ana.id, name: 'Ana' });
    expect(s.activity).toMatchObject({ active_days: 2, reviews: 7, answers: 3, conversations: 2 });
    expect(s.reasons).toEqual([{ kind: 'late', count: 1, titles: ['Lista 2'] }]);
    expect(s.attempts).toEqual([
      {
        assignment_id: 'a0',
        title: 'Lista antiga',
        due_at: '2030-01-10T23:59:00.000Z',
        best_score: 0.6,
        submitted_at: '2030-01-09T10:00:00.000Z',
        late: false,
        attempts: 1,
      },
      {
        assignment_id: 'a1',
        title: 'Lista 1',
        due_at: '2030-03-10T23:59:00.000Z',
        best_score: 0.9,
        submitted_at: '2030-03-09T10:00:00.000Z',
        late: false,
        attempts: 2,
      },
      {
        assignment_id: 'a2',
        title: 'Lista 2',
        due_at: '2030-03-15T23:59:00.000Z',
        best_score: 0.5,
        submitted_at: '2030-03-16T10:00:00.000Z',
        late: true,
        attempts: 1,
      },
      {
        assignment_id: 'a3',
        title: 'Lista 3',
        due_at: '2030-03-25T23:59:00.000Z',
        best_score: null,
        submitted_at: null,
        late: false,
        attempts: 0,
      },
    ]);
    expect(s.days).toHaveLength(30);
    expect(s.days[0]!.day).toBe('2030-02-19');
    expect(s.days[29]).toEqual({ day: '2030-03-20', reviews: 0, answers: 0, answers_correct: 0 });
    expect(s.days[28]).toEqual({ day: '2030-03-19', reviews: 5, answers: 3, answers_correct: 2 });
    expect(s.days.reduce((n, d) => n + d.reviews, 0)).toBe(7);

    const c = (
      await get<StudentInClass>(teacher, `/analytics/classes/${classA}/students/${carla.id}`)
    ).body;
    expect(c.skills.map((k) => [k.skill_id, k.name, k.level, k.answer_count])).toEqual([
      [FRAC, 'Frações', 'practiced', 6],
      [GEO, 'Geometria', 'attempted', 4],
    ]);
    const b = (
      await get<StudentInClass>(teacher, `/analytics/classes/${classA}/students/${bruno.id}`)
    ).body;
    expect(b.attempts.find((x) => x.assignment_id === 'a2')).toMatchObject({
      best_score: null,
      submitted_at: null,
      attempts: 1,
    });
  });

  it('privacy: only the class’s teachers; 404 for everyone else', async () => {
    for (const u of [teacherB, ana, stranger, coTeacher]) {
      expect((await get(u, `/analytics/classes/${classA}`)).status).toBe(404);
      expect((await get(u, `/analytics/classes/${classA}/students/${ana.id}`)).status).toBe(404);
    }
    // A teacher of A asking about B (where Ana studies too) → 404.
    expect((await get(teacher, `/analytics/classes/${classB}`)).status).toBe(404);
    expect((await get(teacher, `/analytics/classes/${classB}/students/${ana.id}`)).status).toBe(
      404,
    );
    // Not a student of the class: a teacher, a stranger, nobody.
    expect((await get(teacher, `/analytics/classes/${classA}/students/${teacher.id}`)).status).toBe(
      404,
    );
    expect(
      (await get(teacher, `/analytics/classes/${classA}/students/${stranger.id}`)).status,
    ).toBe(404);
    expect((await get(teacher, `/analytics/classes/nope/students/nope`)).status).toBe(404);
    expect((await get(teacher, `/analytics/classes/${classA}/students/a.b`)).status).toBe(404);
    const raw = await t.app.request(`/api/analytics/classes/${classA}`, {
      headers: bearer(teacher),
    });
    expect(raw.headers.get('cache-control')).toBe('private, no-store');
    // A co-teacher of C (a student account) reads C; an empty class has empty tables.
    const empty = await get<ClassAnalytics>(coTeacher, `/analytics/classes/${classC}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      students: [],
      assignments: [],
      skills: [],
      mastery: [],
      missed_skills: [],
      attention: [],
      decks: [],
    });
    const anon = await t.app.request(`/api/analytics/classes/${classA}`);
    expect(anon.status).toBe(401);
    expect((await t.app.request('/api/today')).status).toBe(401);
  });

  it('nothing of class A appears in class B’s view', async () => {
    const res = await get<ClassAnalytics>(teacherB, `/analytics/classes/${classB}`);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.students).toHaveLength(1);
    expect(r.students[0]).toMatchObject({
      user_id: ana.id,
      last_active: '2030-03-19',
      active_days: 1,
      reviews: 50,
      answers: 20,
      answers_correct: 15,
      study_ms: 1000,
      conversations: 1,
      assignments_open: 1,
      assignments_submitted: 1,
      mean_score: 1,
    });
    expect(r.assignments.map((x) => x.id)).toEqual(['b1']);
    // Only B's list's answer: Geometria 1 wrong of 1.
    expect(r.missed_skills).toEqual([
      {
        skill_id: GEO,
        code: 'ZZ02',
        name: 'Geometria',
        students: 1,
        answers: 1,
        wrong: 1,
        wrong_rate: 1,
      },
    ]);
    expect(r.decks).toEqual([]);
    // Ana's late hand-in of A's Lista 2 is A's business.
    expect(r.attention).toEqual([]);
    const s = (
      await get<StudentInClass>(teacherB, `/analytics/classes/${classB}/students/${ana.id}`)
    ).body;
    expect(s.attempts.map((x) => x.assignment_id)).toEqual(['b1']);
    expect(s.days.find((d) => d.day === '2030-03-19')).toEqual({
      day: '2030-03-19',
      reviews: 0,
      answers: 0,
      answers_correct: 0,
    });
  });

  it('today for a teacher: classes with new hand-ins and flags, the first flagged, next events', async () => {
    const res = await get<Today>(teacher, '/today');
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('teacher');
    expect(res.body.student).toBeNull();
    const tt = res.body.teacher!;
    // Hand-ins since 2030-03-13 12:00: Ana a2 (03-16), Carla a2 (03-14), Davi a2 (03-15).
    expect(tt.classes).toEqual([
      { id: classA, name: 'Turma A', students: 4, new_submissions: 3, attention: 3 },
      expect.objectContaining({ name: 'Turma C', students: 0, new_submissions: 0, attention: 0 }),
    ]);
    expect(tt.attention.map((x) => [x.name, x.class_name, x.reasons.length])).toEqual([
      ['Bruno', 'Turma A', 2],
      ['Carla', 'Turma A', 2],
      ['Ana', 'Turma A', 1],
    ]);
    expect(tt.events).toEqual([
      {
        id: 'ev-1',
        class_id: classA,
        class_name: 'Turma A',
        title: 'Prova',
        starts_at: '2030-03-25T13:00:00.000Z',
        all_day: false,
      },
      {
        id: 'ev-2',
        class_id: classA,
        class_name: 'Turma A',
        title: 'Aula',
        starts_at: '2030-03-28T13:00:00.000Z',
        all_day: false,
      },
    ]);

    const b = (await get<Today>(teacherB, '/today')).body.teacher!;
    expect(b.classes).toEqual([
      { id: classB, name: 'Turma B', students: 1, new_submissions: 0, attention: 0 },
    ]);
    expect(b.attention).toEqual([]);
    expect(b.events.map((e) => e.id)).toEqual(['ev-b']);
    // An all-day event today (its UTC midnight is past: the evening before, west of UTC) is still
    // one of the next events all day long.
    await event('ev-b-today', classB, 'Feira de ciências', '2030-03-20T00:00:00.000Z', true);
    const withToday = (await get<Today>(teacherB, '/today')).body.teacher!;
    expect(withToday.events.map((e) => [e.id, e.all_day])).toEqual([
      ['ev-b-today', true],
      ['ev-b', false],
    ]);
    await db().deleteFrom('class_events').where('id', '=', 'ev-b-today').execute();

    // A student account that teaches a class is a teacher here (as the web's "teaches").
    const co = (await get<Today>(coTeacher, '/today')).body;
    expect(co.role).toBe('teacher');
    expect(co.teacher!.classes.map((c) => c.name)).toEqual(['Turma C']);
  });

  it('today reads a fixed number of statements, whatever the number of classes and students', async () => {
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const many = await signUp(t, { role: 'teacher', name: 'Prof Muitas' });
    for (let c = 0; c < 3; c++) {
      const students: SignedUp[] = [];
      for (let i = 0; i < 3; i++) students.push(await signUp(t, { name: `Aluno ${c}${i}` }));
      const id = (await a.newClass(many, { students }, `Turma M${c}`)).id;
      await assignment(
        `m${c}`,
        id,
        `Lista M${c}`,
        '2030-03-01T00:00:00.000Z',
        '2030-03-12T00:00:00.000Z',
      );
      await event(`ev-m${c}`, id, 'Aula', '2030-03-21T13:00:00.000Z');
    }
    const handle = t.ctx.db;
    const count = async (u: SignedUp) => {
      statements = 0;
      const res = await get<Today>(u, '/today');
      expect(res.status).toBe(200);
      return { n: statements, body: res.body };
    };
    t.ctx.db = { ...handle, db: handle.db.withPlugin(counter) };
    try {
      const small = await count(teacherB);
      const big = await count(many);
      expect(big.body.teacher!.classes.map((c) => [c.students, c.attention])).toEqual([
        [3, 3],
        [3, 3],
        [3, 3],
      ]);
      expect(big.body.teacher!.attention).toHaveLength(5);
      expect(small.n).toBeGreaterThanOrEqual(6);
      expect(big.n).toBe(small.n);
      expect(big.n).toBeLessThanOrEqual(8);
    } finally {
      t.ctx.db = handle;
    }
  });

  it('today for a student', async () => {
    const res = await get<Today>(bruno, '/today?tz=America/Sao_Paulo');
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('student');
    expect(res.body.teacher).toBeNull();
    const st = res.body.student!;
    expect(st.streak).toMatchObject({ current: 0, today_counts: false });
    // Not handed in, open, overdue or due within 7 days, soonest first (a4 opens in April).
    expect(st.assignments.map((x) => [x.id, x.overdue])).toEqual([
      ['a0', true],
      ['a1', true],
      ['a2', true],
      ['a3', false],
    ]);
    expect(st.assignments[0]).toMatchObject({ class_id: classA, class_name: 'Turma A' });
    expect(st.cards.decks.map((d) => [d.id, d.new])).toEqual([[deckId, 2]]);
    expect((await get(bruno, '/today?tz=nowhere')).status).toBe(400);
  });

  it('real activity through the API lands in the class’s view (rollups written with the rating)', async () => {
    const before = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    expect(before.students.find((s) => s.user_id === davi.id)).toMatchObject({ reviews: 0 });
    const rated = await a.review(davi, items[1]!, 3, { duration_ms: 5000 });
    expect(rated.status).toBeLessThan(300);
    const after = (await get<ClassAnalytics>(teacher, `/analytics/classes/${classA}`)).body;
    expect(after.students.find((s) => s.user_id === davi.id)).toMatchObject({
      last_active: '2030-03-20',
      active_days: 1,
      reviews: 1,
      study_ms: 5000,
    });
    // Davi now remembers item 2 (reviewed today, well before the test): the recall went up.
    expect(after.decks[0]!.expected_recall!).toBeGreaterThan(before.decks[0]!.expected_recall!);
    // B's view of Ana did not move.
    const b = (await get<ClassAnalytics>(teacherB, `/analytics/classes/${classB}`)).body;
    expect(b.students[0]).toMatchObject({ reviews: 50, answers: 20 });
  });
});
