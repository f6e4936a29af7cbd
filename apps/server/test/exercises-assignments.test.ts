import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aprenda/shared/schemas/common';
import type { ClassEvent } from '@aprenda/shared/schemas/classes';
import type {
  Assignment,
  AssignmentResults,
  Attempt,
  ExerciseSet,
  GradedResult,
  ItemDetail,
  StudentAssignment,
} from '@aprenda/shared/schemas/exercises';
import { api, testClock, type Problem } from './flashcards-helpers.ts';
import { createTestApp, dialects, signUp, type SignedUp, type TestApp } from './helpers.ts';

/**
 * Issue 13, sets and assignments: a teacher builds a set (by hand and by drawing from a skill's
 * pool), assigns it to a class with dates (a calendar event), students take it — answers graded
 * on the server, feedback at once or after the due date, attempts counted, late work marked —
 * and the teacher reads the grid, the distribution and the item analysis, on both engines.
 */

const SKILL = 'bncc-ef07ma18';

function choiceItem(n: number, correct = 'a') {
  return {
    kind: 'single',
    stem: `Questão ${n}: qual é a certa?`,
    explanation: `Explicação ${n}`,
    skill_id: SKILL,
    choices: ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      text: `Opção ${id} da ${n}`,
      correct: id === correct,
    })),
  };
}

describe.each(dialects)('exercises: sets, assignments and results (%s)', (dialect) => {
  const time = testClock('2030-03-02T12:00:00.000Z');
  let t: TestApp;
  let teacher: SignedUp;
  let students: SignedUp[];
  let outsider: SignedUp;
  let classId: string;
  const a = api(() => t);
  const items: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    teacher = await signUp(t, { role: 'teacher' });
    students = [];
    for (let i = 0; i < 6; i++) students.push(await signUp(t, { role: 'student' }));
    outsider = await signUp(t, { role: 'student' });
    classId = (await a.newClass(teacher, { students })).id;
    for (let i = 1; i <= 8; i++) {
      const res = await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(i));
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newSet(entries: unknown[], title = 'Lista 1') {
    const res = await a.call<ExerciseSet>(teacher, 'POST', '/sets', { title, entries });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function assign(setId: string, extra: Record<string, unknown> = {}) {
    const res = await a.call<Assignment>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: setId,
      open_at: '2030-03-02T11:00:00.000Z',
      due_at: '2030-03-09T23:59:00.000Z',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  async function answer(u: SignedUp, attemptId: string, itemId: string, choice: string) {
    return a.call<{ result: GradedResult | null }>(u, 'POST', `/attempts/${attemptId}/answers`, {
      id: crypto.randomUUID(),
      item_id: itemId,
      response: { choice },
    });
  }

  it('a set mixes chosen items and a draw; bad entries are field errors; it is its author’s', async () => {
    const set = await newSet([{ item_id: items[0] }, { skill_id: SKILL, count: 2 }]);
    expect(set.size).toBe(3);
    expect(set.entries[0]).toMatchObject({ item_id: items[0], kind: 'single' });

    const bad = await a.call<Problem>(teacher, 'POST', '/sets', {
      title: 'X',
      entries: [{ item_id: 'nope' }, { skill_id: 'nope', count: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => [e.path, e.code])).toEqual([
      ['entries.0.item_id', 'unknown_item'],
      ['entries.1.skill_id', 'unknown_skill'],
    ]);
    expect((await a.call(students[0]!, 'GET', `/sets/${set.id}`)).status).toBe(404);
    expect(
      (
        await a.call<Problem>(students[0]!, 'POST', '/sets', {
          title: 'X',
          entries: [{ item_id: items[0] }],
        })
      ).status,
    ).toBe(403);
    const list = await a.call<Page<ExerciseSet>>(teacher, 'GET', '/sets');
    expect(list.body.items.map((s) => s.id)).toContain(set.id);
  });

  it('a set and its assignments count only the questions a student starting now gets: one deleted from the collection drops out', async () => {
    const own: string[] = [];
    for (const n of [21, 22]) {
      own.push((await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(n))).body.id);
    }
    const set = await newSet(
      own.map((id) => ({ item_id: id })),
      'Com uma excluída',
    );
    expect(set.size).toBe(2);
    expect((await a.call(teacher, 'DELETE', `/items/${own[1]}`)).status).toBe(204);
    const after = (await a.call<ExerciseSet>(teacher, 'GET', `/sets/${set.id}`)).body;
    expect(after.entries[1]).toMatchObject({ item_id: own[1], stem: null });
    // A student starting now gets one question, and the list says so.
    const assignment = await assign(set.id);
    const attempt = (
      await a.call<Attempt>(students[3]!, 'POST', `/assignments/${assignment.id}/attempts`)
    ).body;
    expect(attempt.items).toHaveLength(1);
    expect(after.size).toBe(1);
    expect(assignment.size).toBe(1);
    const read = await a.call<StudentAssignment>(
      students[3]!,
      'GET',
      `/assignments/${assignment.id}`,
    );
    expect(read.body.size).toBe(1);
  });

  it('an assignment puts its due date in the class calendar; outsiders get 404', async () => {
    const set = await newSet([{ item_id: items[0] }], 'Lista com prazo');
    const assignment = await assign(set.id);
    expect(assignment).toMatchObject({ class_id: classId, title: 'Lista com prazo', size: 1 });
    const events = await a.call<Page<ClassEvent>>(
      teacher,
      'GET',
      `/classes/${classId}/events?from=2030-03-01T00:00:00.000Z&to=2030-03-31T00:00:00.000Z`,
    );
    expect(events.body.items.find((e) => e.id === assignment.event_id)).toMatchObject({
      title: 'Lista com prazo',
      starts_at: '2030-03-09T23:59:00.000Z',
    });
    expect((await a.call(outsider, 'GET', `/assignments/${assignment.id}`)).status).toBe(404);
    expect((await a.call(outsider, 'POST', `/assignments/${assignment.id}/attempts`)).status).toBe(
      404,
    );
    expect(
      (
        await a.call(students[0]!, 'POST', `/classes/${classId}/assignments`, {
          set_id: set.id,
          open_at: '2030-03-02T11:00:00.000Z',
          due_at: '2030-03-03T11:00:00.000Z',
        })
      ).status,
    ).toBe(403);
    const bad = await a.call<Problem>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: set.id,
      open_at: '2030-03-05T11:00:00.000Z',
      due_at: '2030-03-04T11:00:00.000Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('due_at');
    // Due already (a wrong day or year typed): refused, nothing given, no calendar event.
    const eventsIn = async () =>
      (
        await a.call<Page<ClassEvent>>(
          teacher,
          'GET',
          `/classes/${classId}/events?from=2030-02-01T00:00:00.000Z&to=2030-04-01T00:00:00.000Z`,
        )
      ).body.items.length;
    const eventsBefore = await eventsIn();
    const before = await a.call<Assignment[]>(teacher, 'GET', `/classes/${classId}/assignments`);
    const past = await a.call<Problem>(teacher, 'POST', `/classes/${classId}/assignments`, {
      set_id: set.id,
      open_at: '2030-02-20T11:00:00.000Z',
      due_at: '2030-03-01T11:00:00.000Z',
    });
    expect(past.status).toBe(400);
    expect(past.body.errors?.[0]).toMatchObject({ path: 'due_at', code: 'due_in_past' });
    const after = await a.call<Assignment[]>(teacher, 'GET', `/classes/${classId}/assignments`);
    expect(after.body).toHaveLength(before.body.length);
    expect(await eventsIn()).toBe(eventsBefore);
  });

  it("the calendar can neither move nor delete a list's due date (409): the two would disagree; deleting the list takes its event", async () => {
    const set = await newSet([{ item_id: items[0]! }], 'Prazo da lista');
    const assignment = await assign(set.id);
    const eventPath = `/classes/${classId}/events/${assignment.event_id}`;
    const eventNow = async () =>
      (
        await a.call<Page<ClassEvent>>(
          teacher,
          'GET',
          `/classes/${classId}/events?since=2030-03-01T00:00:00.000Z&until=2030-05-01T00:00:00.000Z&limit=100`,
        )
      ).body.items.find((e) => e.id === assignment.event_id);
    // It says whose it is, so the calendar offers no edit or delete.
    expect(await eventNow()).toMatchObject({
      starts_at: '2030-03-09T23:59:00.000Z',
      of_assignment: true,
    });

    const moved = await a.call<Problem>(teacher, 'PUT', eventPath, {
      title: 'Prazo adiado',
      starts_at: '2030-04-10T12:00:00.000Z',
      all_day: false,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(moved.body.code).toBe('event_of_assignment');
    const removed = await a.call<Problem>(teacher, 'DELETE', eventPath);
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe('event_of_assignment');
    expect(await eventNow()).toMatchObject({
      title: 'Prazo da lista',
      starts_at: '2030-03-09T23:59:00.000Z',
    });
    const read = await a.call<Assignment>(teacher, 'GET', `/assignments/${assignment.id}`);
    expect(read.body.due_at).toBe('2030-03-09T23:59:00.000Z');

    // The class's own events are the calendar's to change.
    const own = await a.call<ClassEvent>(teacher, 'POST', `/classes/${classId}/events`, {
      title: 'Reunião de pais',
      starts_at: '2030-04-01T12:00:00.000Z',
      all_day: false,
    });
    expect(own.status).toBe(201);
    expect(own.body).not.toHaveProperty('of_assignment');
    const ownPath = `/classes/${classId}/events/${own.body.id}`;
    const edited = await a.call(teacher, 'PUT', ownPath, {
      title: 'Reunião de pais (nova data)',
      starts_at: '2030-04-02T12:00:00.000Z',
      all_day: false,
    });
    expect(edited.status).toBe(200);
    expect((await a.call(teacher, 'DELETE', ownPath)).status).toBe(204);

    // Deleting the list removes its due date from the calendar.
    expect((await a.call(teacher, 'DELETE', `/assignments/${assignment.id}`)).status).toBe(204);
    expect(await eventNow()).toBeUndefined();
  });

  it("the teacher moves a list's due date: the calendar follows and late work is judged against the new date; bad dates are field errors", async () => {
    const set = await newSet([{ item_id: items[4]! }], 'Prazo que muda');
    const assignment = await assign(set.id, { due_at: '2030-03-03T12:00:00.000Z' });
    const path = `/assignments/${assignment.id}`;
    const eventNow = async () =>
      (
        await a.call<Page<ClassEvent>>(
          teacher,
          'GET',
          `/classes/${classId}/events?since=2030-03-01T00:00:00.000Z&until=2030-05-01T00:00:00.000Z&limit=100`,
        )
      ).body.items.filter((e) => e.title === 'Prazo que muda');
    const handIn = async (u: SignedUp) => {
      const attempt = (await a.call<Attempt>(u, 'POST', `${path}/attempts`)).body;
      await answer(u, attempt.id, attempt.items[0]!.item.id, 'a');
      return (await a.call<Attempt>(u, 'POST', `/attempts/${attempt.id}/submit`)).body;
    };
    const onTime = await handIn(students[4]!);
    expect(onTime.late).toBe(false);
    time.set('2030-03-04T12:00:00.000Z');
    try {
      const late = await handIn(students[5]!);
      expect(late.late).toBe(true);

      // Only the class's teachers change it.
      const later = { due_at: '2030-03-05T12:00:00-03:00' };
      expect((await a.call(students[5]!, 'PATCH', path, later)).status).toBe(403);
      expect((await a.call(outsider, 'PATCH', path, later)).status).toBe(404);
      const moved = await a.call<Assignment>(teacher, 'PATCH', path, later);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({
        due_at: '2030-03-05T15:00:00.000Z',
        open_at: assignment.open_at,
        attempts_allowed: 1,
        event_id: assignment.event_id,
      });
      // The calendar shows the new date, still the list's own (one event, not two).
      expect(await eventNow()).toEqual([
        expect.objectContaining({
          id: assignment.event_id,
          starts_at: '2030-03-05T15:00:00.000Z',
          of_assignment: true,
        }),
      ]);
      // Handed in after the old date but before the new one: no longer late.
      expect((await a.call<Attempt>(students[5]!, 'GET', `/attempts/${late.id}`)).body.late).toBe(
        false,
      );
      const listed = await a.call<StudentAssignment[]>(students[5]!, 'GET', '/assignments');
      expect(listed.body.find((x) => x.id === assignment.id)).toMatchObject({
        due_at: '2030-03-05T15:00:00.000Z',
        late: false,
      });

      // Bad dates are field errors; nothing changes.
      const past = await a.call<Problem>(teacher, 'PATCH', path, {
        due_at: '2030-03-04T11:00:00.000Z',
      });
      expect(past.status).toBe(400);
      expect(past.body.errors?.map((e) => [e.path, e.code])).toEqual([['due_at', 'due_in_past']]);
      const beforeOpen = await a.call<Problem>(teacher, 'PATCH', path, {
        open_at: '2030-03-06T00:00:00.000Z',
      });
      expect(beforeOpen.status).toBe(400);
      expect(beforeOpen.body.errors?.map((e) => [e.path, e.code])).toEqual([
        ['due_at', 'due_before_open'],
      ]);
      expect((await a.call<Problem>(teacher, 'PATCH', path, {})).status).toBe(400);
      expect((await a.call<Problem>(teacher, 'PATCH', path, { attempts_allowed: 11 })).status).toBe(
        400,
      );

      // More attempts, and the open date moved alone (the due date stays, however it was sent).
      const more = await a.call<Assignment>(teacher, 'PATCH', path, {
        attempts_allowed: 3,
        open_at: '2030-03-02T08:00:00.000Z',
        due_at: '2030-03-05T12:00:00-03:00',
      });
      expect(more.status).toBe(200);
      expect(more.body).toMatchObject({
        attempts_allowed: 3,
        open_at: '2030-03-02T08:00:00.000Z',
        due_at: '2030-03-05T15:00:00.000Z',
      });
      const again = await a.call<Attempt>(students[5]!, 'POST', `${path}/attempts`);
      expect(again.status).toBe(201);
      expect(again.body.number).toBe(2);
      const read = await a.call<StudentAssignment>(teacher, 'GET', path);
      expect(read.body).toMatchObject({ attempts_allowed: 3, due_at: '2030-03-05T15:00:00.000Z' });
    } finally {
      time.set('2030-03-02T12:00:00.000Z');
    }
  });

  it('a due date moved whose calendar event was lost gets a new one', async () => {
    const set = await newSet([{ item_id: items[4]! }], 'Evento perdido');
    const assignment = await assign(set.id);
    await t.db.db.deleteFrom('class_events').where('id', '=', assignment.event_id!).execute();
    const moved = await a.call<Assignment>(teacher, 'PATCH', `/assignments/${assignment.id}`, {
      due_at: '2030-03-10T12:00:00.000Z',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.event_id).not.toBe(assignment.event_id);
    const events = await a.call<Page<ClassEvent>>(
      teacher,
      'GET',
      `/classes/${classId}/events?since=2030-03-01T00:00:00.000Z&until=2030-05-01T00:00:00.000Z&limit=100`,
    );
    expect(events.body.items.filter((e) => e.title === 'Evento perdido')).toEqual([
      expect.objectContaining({ id: moved.body.event_id, starts_at: '2030-03-10T12:00:00.000Z' }),
    ]);
  });

  it('no attempt carries an answer; immediate feedback grades each answer once; hand-in scores', async () => {
    const set = await newSet(
      items.slice(0, 3).map((id) => ({ item_id: id })),
      'Imediata',
    );
    const assignment = await assign(set.id, { attempts_allowed: 2 });
    const s = students[0]!;
    const started = await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`);
    expect(started.status).toBe(201);
    const raw = JSON.stringify(started.body);
    for (const secret of ['"correct"', 'Explicação', '"feedback"', 'difficulty']) {
      expect(raw).not.toContain(secret);
    }
    expect(started.body.items.map((i) => i.item.id).sort()).toEqual(items.slice(0, 3).sort());

    const [first, second] = started.body.items;
    const right = await answer(s, started.body.id, first!.item.id, 'a');
    expect(right.status).toBe(201);
    expect(right.body.result).toMatchObject({
      correct: true,
      explanation: expect.stringMatching(/^Explicação/),
    });
    const again = await answer(s, started.body.id, first!.item.id, 'b');
    expect(again.status).toBe(409);
    expect((again.body as unknown as Problem).code).toBe('already_answered');
    const wrong = await answer(s, started.body.id, second!.item.id, 'c');
    expect(wrong.body.result?.correct).toBe(false);

    // Resuming gives the same attempt with the answers so far.
    const resumed = await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`);
    expect(resumed.body.id).toBe(started.body.id);
    expect(resumed.body.items.filter((i) => i.response !== null)).toHaveLength(2);

    const submitted = await a.call<Attempt>(s, 'POST', `/attempts/${started.body.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.score).toBeCloseTo(1 / 3, 5);
    expect(submitted.body.late).toBe(false);
    expect((await answer(s, started.body.id, first!.item.id, 'a')).status).toBe(409);

    const mine = await a.call<StudentAssignment[]>(s, 'GET', '/assignments');
    expect(mine.body.find((x) => x.id === assignment.id)).toMatchObject({
      status: 'done',
      attempts_used: 1,
      best_score: expect.closeTo(1 / 3, 5),
      last_attempt_id: started.body.id,
    });
    // Second attempt allowed, third not.
    const second2 = await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`);
    expect(second2.body.number).toBe(2);
    await a.call(s, 'POST', `/attempts/${second2.body.id}/submit`);
    const third = await a.call<Problem>(s, 'POST', `/assignments/${assignment.id}/attempts`);
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('no_attempts_left');

    const records = await t.db.db
      .selectFrom('user_actions')
      .selectAll()
      .where('user_id', '=', s.id)
      .where('action', '=', 'exercise_submitted')
      .execute();
    expect(records).toHaveLength(2);
    expect(records[0]!.context).not.toContain('Opção');
  });

  it('feedback after the due date: answers change until hand-in, results show only after it; late work', async () => {
    const set = await newSet([{ item_id: items[3] }], 'Depois do prazo');
    const assignment = await assign(set.id, {
      feedback: 'after_due',
      due_at: '2030-03-03T12:00:00.000Z',
    });
    const s = students[1]!;
    const attempt = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`))
      .body;
    const itemId = attempt.items[0]!.item.id;
    const first = await answer(s, attempt.id, itemId, 'b');
    expect(first.status).toBe(201);
    expect(first.body.result).toBeNull();
    const changed = await answer(s, attempt.id, itemId, 'a');
    expect(changed.status).toBe(201);
    const before = await a.call<Attempt>(s, 'GET', `/attempts/${attempt.id}`);
    expect(before.body.feedback_visible).toBe(false);
    expect(before.body.items[0]!.result).toBeNull();
    expect(before.body.items[0]!.response).toEqual({ choice: 'a' });

    // Another student hands in on time: the score would tell which answers were right, so it
    // waits for the due date too.
    const other = students[3]!;
    const onTime = (await a.call<Attempt>(other, 'POST', `/assignments/${assignment.id}/attempts`))
      .body;
    await answer(other, onTime.id, itemId, 'b');
    const handed = await a.call<Attempt>(other, 'POST', `/attempts/${onTime.id}/submit`);
    expect(handed.body).toMatchObject({ late: false, score: null, feedback_visible: false });
    const listed = await a.call<StudentAssignment[]>(other, 'GET', '/assignments');
    expect(listed.body.find((x) => x.id === assignment.id)).toMatchObject({
      status: 'done',
      best_score: null,
      last_attempt_id: onTime.id,
    });

    time.set('2030-03-04T12:00:00.000Z'); // past the due date: handed in late
    const done = await a.call<Attempt>(s, 'POST', `/attempts/${attempt.id}/submit`);
    expect(done.body).toMatchObject({ late: true, score: 1, feedback_visible: true });
    expect(done.body.items[0]!.result?.correct).toBe(true);
    const after = await a.call<Attempt>(other, 'GET', `/attempts/${onTime.id}`);
    expect(after.body).toMatchObject({ score: 0, feedback_visible: true });
    time.set('2030-03-02T12:00:00.000Z');
  });

  it('a draw gives each student items they have not answered, as far as the pool goes', async () => {
    const set = await newSet([{ skill_id: SKILL, count: 3 }], 'Sorteio');
    const assignment = await assign(set.id, { attempts_allowed: 0 });
    const s = students[2]!;
    const one = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`)).body;
    const firstIds = one.items.map((i) => i.item.id);
    expect(new Set(firstIds).size).toBe(3);
    for (const id of firstIds) await answer(s, one.id, id, 'a');
    await a.call(s, 'POST', `/attempts/${one.id}/submit`);
    const two = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`)).body;
    const secondIds = two.items.map((i) => i.item.id);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
  });

  it('results: the grid, the distribution and the item analysis with its flags; CSV; teachers only', async () => {
    const set = await newSet(
      items.slice(4, 8).map((id) => ({ item_id: id })),
      'Para análise',
    );
    const assignment = await assign(set.id, { shuffle: false });
    // Six students: item 5 always right (too easy), item 6 always wrong (too hard), item 7 right
    // exactly for the strong students (discriminates), item 8 at random.
    const plan: Record<number, (string | null)[]> = {
      0: ['a', 'b', 'a', 'a'],
      1: ['a', 'b', 'a', 'b'],
      2: ['a', 'b', 'a', 'a'],
      3: ['a', 'b', 'b', 'b'],
      4: ['a', 'b', 'b', null], // handed in with item 8 blank
      5: ['a', 'c', 'b', 'b'],
    };
    for (const [i, picks] of Object.entries(plan)) {
      const s = students[Number(i)]!;
      const attempt = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`))
        .body;
      expect(attempt.items.map((x) => x.item.id)).toEqual(items.slice(4, 8));
      for (const [k, choice] of picks.entries()) {
        if (choice === null) continue;
        expect((await answer(s, attempt.id, items[4 + k]!, choice)).status).toBe(201);
      }
      if (Number(i) !== 5) await a.call(s, 'POST', `/attempts/${attempt.id}/submit`);
    }
    const res = await a.call<AssignmentResults>(
      teacher,
      'GET',
      `/assignments/${assignment.id}/results`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.id)).toEqual(items.slice(4, 8));
    const row0 = res.body.students.find((s) => s.user_id === students[0]!.id)!;
    expect(row0.cells).toEqual(['correct', 'wrong', 'correct', 'correct']);
    // What the student answered, as the teacher reads it: the picked choice's text.
    expect(row0.answers).toEqual(['Opção a da 5', 'Opção b da 6', 'Opção a da 7', 'Opção a da 8']);
    expect(row0.score).toBeCloseTo(0.75, 5);
    const row5 = res.body.students.find((s) => s.user_id === students[5]!.id)!;
    expect(row5.score).toBeNull(); // not handed in
    expect(res.body.distribution.reduce((x, y) => x + y, 0)).toBe(5);

    const [easy, hard, good, random] = res.body.analysis;
    // Five answers (one from the attempt still open) and one blank in a handed-in attempt: the
    // blank counts, as 0, and is told apart.
    expect(random!.answers).toBe(6);
    expect(random!.blank).toBe(1);
    expect(easy!.blank).toBe(0);
    expect(res.body.students.find((s) => s.user_id === students[4]!.id)!.cells[3]).toBe('missing');
    expect(easy!.facility).toBe(1);
    expect(easy!.flags).toContain('too_easy');
    expect(hard!.facility).toBe(0);
    expect(hard!.flags).toContain('too_hard');
    expect(hard!.choices.find((c) => c.id === 'b')?.picked).toBe(5);
    expect(hard!.flags).toContain('unused_distractor'); // nobody picked d
    expect(good!.facility).toBeCloseTo(0.5, 5);
    expect(good!.discrimination).toBeGreaterThan(0.25);
    expect(good!.flags).not.toContain('low_discrimination');

    for (const u of [students[0]!, outsider]) {
      const denied = await a.call(u, 'GET', `/assignments/${assignment.id}/results`);
      expect([403, 404]).toContain(denied.status);
    }
    const csv = await t.app.request(`/api/assignments/${assignment.id}/results.csv?table=grid`, {
      headers: { authorization: `Bearer ${teacher.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a BOM: Excel reads UTF-8
    const text = new TextDecoder().decode(bytes);
    // pt-BR by default: `;` between cells, Portuguese headers (docs/api/exercises.md).
    expect(text.split('\r\n')[0]).toBe('Estudante;Entregue em;Atrasada;Nota (%);Q1;Q2;Q3;Q4');
    const itemsCsv = await t.app.request(
      `/api/assignments/${assignment.id}/results.csv?table=items`,
      {
        headers: { authorization: `Bearer ${teacher.token}` },
      },
    );
    expect(await itemsCsv.text()).toContain('muito fácil');
    const itemsCsvEn = await t.app.request(
      `/api/assignments/${assignment.id}/results.csv?table=items&lang=en`,
      {
        headers: { authorization: `Bearer ${teacher.token}` },
      },
    );
    expect(await itemsCsvEn.text()).toContain('too easy');
  });

  it('results: questions are numbered as the list has them, not as a shuffled attempt showed them', async () => {
    const set = await newSet(
      items.map((id) => ({ item_id: id })),
      'Embaralhada',
    );
    const assignment = await assign(set.id, { shuffle: true });
    const shown: string[][] = [];
    for (const s of [students[1]!, students[2]!]) {
      const attempt = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`))
        .body;
      shown.push(attempt.items.map((x) => x.item.id));
      await answer(s, attempt.id, attempt.items[0]!.item.id, 'a');
    }
    // Each student got the eight questions in an order of their own (1 in 40 320 to be the list's).
    expect(shown[0]).not.toEqual(items);
    const res = await a.call<AssignmentResults>(
      teacher,
      'GET',
      `/assignments/${assignment.id}/results`,
    );
    expect(res.body.items.map((i) => i.id)).toEqual(items);
    expect(res.body.analysis.map((i) => i.item_id)).toEqual(items);
    // Each student's cell sits under the question they answered.
    for (const [k, s] of [students[1]!, students[2]!].entries()) {
      const row = res.body.students.find((r) => r.user_id === s.id)!;
      expect(row.cells[items.indexOf(shown[k]![0]!)]).not.toBe('missing');
    }
  });

  it('results: a student removed from the class leaves the grid and the analysis alike, and comes back with their work', async () => {
    const set = await newSet([{ item_id: items[4] }], 'Quem saiu');
    const assignment = await assign(set.id, { shuffle: false });
    const leaving = students[0]!;
    for (const s of [leaving, students[1]!]) {
      const attempt = (await a.call<Attempt>(s, 'POST', `/assignments/${assignment.id}/attempts`))
        .body;
      await answer(s, attempt.id, items[4]!, 'a');
      await a.call(s, 'POST', `/attempts/${attempt.id}/submit`);
    }
    const results = async () =>
      (await a.call<AssignmentResults>(teacher, 'GET', `/assignments/${assignment.id}/results`))
        .body;
    expect((await results()).analysis[0]!.answers).toBe(2);
    expect(
      (await a.call(teacher, 'DELETE', `/classes/${classId}/members/${leaving.id}`)).status,
    ).toBe(204);
    const without = await results();
    expect(without.students.map((s) => s.user_id)).not.toContain(leaving.id);
    expect(without.distribution.reduce((x, y) => x + y, 0)).toBe(1);
    expect(without.analysis[0]!.answers).toBe(1);
    // Back in the class: the attempt was kept.
    expect(
      (await a.call(teacher, 'POST', `/classes/${classId}/members?user_id=${leaving.id}`)).status,
    ).toBe(201);
    const back = await results();
    expect(back.analysis[0]!.answers).toBe(2);
    expect(back.students.find((s) => s.user_id === leaving.id)!.score).toBe(1);
  });

  it('results before anyone hands in: every question of the list, with no answers yet; one deleted before anyone got it drops out', async () => {
    const gone = (await a.call<ItemDetail>(teacher, 'POST', '/items', choiceItem(31))).body.id;
    const listed = [...items.slice(0, 5), gone];
    const set = await newSet(
      listed.map((id) => ({ item_id: id })),
      'Ninguém entregou',
    );
    const assignment = await assign(set.id, { shuffle: true });
    expect((await a.call(teacher, 'DELETE', `/items/${gone}`)).status).toBe(204);
    const results = async () => {
      const res = await a.call<AssignmentResults>(
        teacher,
        'GET',
        `/assignments/${assignment.id}/results`,
      );
      expect(res.status).toBe(200);
      return res.body;
    };
    const check = (r: AssignmentResults) => {
      expect(r.items.map((i) => i.id)).toEqual(items.slice(0, 5));
      expect(r.items[0]).toMatchObject({ stem: 'Questão 1: qual é a certa?', kind: 'single' });
      expect(r.analysis.map((i) => i.item_id)).toEqual(items.slice(0, 5));
      for (const item of r.analysis) {
        expect(item).toMatchObject({ answers: 0, blank: 0, facility: null, flags: [] });
        expect(item.choices.map((c) => [c.id, c.picked])).toEqual([
          ['a', 0],
          ['b', 0],
          ['c', 0],
          ['d', 0],
        ]);
      }
      for (const row of r.students) {
        expect(row.cells).toEqual(Array(5).fill('missing'));
        expect(row.answers).toEqual(Array(5).fill(null));
        expect(row.score).toBeNull();
      }
      expect(r.distribution.reduce((x, y) => x + y, 0)).toBe(0);
    };
    // Nobody started.
    check(await results());
    // One student started (their attempt in a shuffled order) and answered nothing yet.
    const started = await a.call<Attempt>(
      students[4]!,
      'POST',
      `/assignments/${assignment.id}/attempts`,
    );
    expect(started.status).toBe(201);
    expect(started.body.items).toHaveLength(5);
    check(await results());
    const csv = await t.app.request(`/api/assignments/${assignment.id}/results.csv?table=grid`, {
      headers: { authorization: `Bearer ${teacher.token}` },
    });
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'Estudante;Entregue em;Atrasada;Nota (%);Q1;Q2;Q3;Q4;Q5',
    );
  });

  it('not open yet: 409; the teacher deletes an assignment and its event', async () => {
    const set = await newSet([{ item_id: items[0] }], 'Futura');
    const assignment = await assign(set.id, {
      open_at: '2030-04-01T11:00:00.000Z',
      due_at: '2030-04-09T11:00:00.000Z',
    });
    const early = await a.call<Problem>(
      students[0]!,
      'POST',
      `/assignments/${assignment.id}/attempts`,
    );
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('assignment_not_open');
    const mine = await a.call<StudentAssignment[]>(students[0]!, 'GET', '/assignments');
    expect(mine.body.find((x) => x.id === assignment.id)?.status).toBe('upcoming');
    expect((await a.call(students[0]!, 'DELETE', `/assignments/${assignment.id}`)).status).toBe(
      403,
    );
    expect((await a.call(teacher, 'DELETE', `/assignments/${assignment.id}`)).status).toBe(204);
    expect((await a.call(teacher, 'GET', `/assignments/${assignment.id}`)).status).toBe(404);
  });
});
