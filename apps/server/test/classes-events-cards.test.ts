import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { ClassDetail, ClassEvent, ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Clock } from '../src/lib/clock.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/** A clock the test sets; every read moves 1 ms. */
function testClock(start: string) {
  let t = Date.parse(start);
  const clock: Clock = { now: () => new Date((t += 1)) };
  return { clock, set: (iso: string) => (t = Date.parse(iso)) };
}

/**
 * Issue 11, points 6 and 7 on the server: editing an event (PUT, the body of create), and each
 * class's teachers and next event on "Minhas Turmas" — also from the response cache.
 */
describe.each(dialects)('event edits and the cards of Minhas Turmas (%s)', (dialect) => {
  let t: TestApp;
  const time = testClock('2030-03-01T12:00:00.000Z');
  let helena: SignedUp;
  let lucas: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    helena = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    lucas = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  async function newClass(title: string) {
    const c = (await call<ClassDetail>(helena, 'POST', '/classes', { title })).body;
    await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
    return c;
  }
  const newEvent = async (classId: string, body: Record<string, unknown>) =>
    (await call<ClassEvent>(helena, 'POST', `/classes/${classId}/events`, body)).body;
  const titlesIn = async (classId: string, since: string, until: string) =>
    (
      await call<{ items: ClassEvent[] }>(
        lucas,
        'GET',
        `/classes/${classId}/events?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}`,
      )
    ).body.items.map((e) => e.title);

  it('a teacher edits an event with the same body as create: times in UTC, all-day as dates, listings follow', async () => {
    time.set('2030-03-01T12:00:00.000Z');
    const c = await newClass('Geografia');
    const event = await newEvent(c.id, {
      title: 'Prova',
      starts_at: '2030-03-10T13:00:00-03:00',
      ends_at: '2030-03-10T14:00:00-03:00',
    });

    const edited = await call<ClassEvent>(helena, 'PUT', `/classes/${c.id}/events/${event.id}`, {
      title: 'Prova de mapas',
      description: 'Leve lápis de cor: https://example.com/lista',
      starts_at: '2030-03-12T09:30:00-03:00',
      ends_at: '2030-03-12T11:00:00-03:00',
      location: 'Sala 4',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      ...event,
      title: 'Prova de mapas',
      description: 'Leve lápis de cor: https://example.com/lista',
      starts_at: '2030-03-12T12:30:00.000Z',
      ends_at: '2030-03-12T14:00:00.000Z',
      location: 'Sala 4',
    });
    expect(await titlesIn(c.id, '2030-03-10T00:00:00Z', '2030-03-11T00:00:00Z')).toEqual([]);
    expect(await titlesIn(c.id, '2030-03-12T00:00:00Z', '2030-03-13T00:00:00Z')).toEqual([
      'Prova de mapas',
    ]);

    // To an all-day event over two days: dates, never shifted by a time zone.
    const allDay = await call<ClassEvent>(helena, 'PUT', `/classes/${c.id}/events/${event.id}`, {
      title: 'Feira de ciências',
      starts_at: '2030-03-20',
      ends_at: '2030-03-21',
      all_day: true,
    });
    expect(allDay.body).toMatchObject({
      id: event.id,
      starts_at: '2030-03-20T00:00:00.000Z',
      ends_at: '2030-03-21T00:00:00.000Z',
      all_day: true,
      description: null,
      location: null,
    });
    expect(await titlesIn(c.id, '2030-03-21T20:00:00-03:00', '2030-03-21T22:00:00-03:00')).toEqual([
      'Feira de ciências',
    ]);
    expect(await titlesIn(c.id, '2030-03-12T00:00:00Z', '2030-03-13T00:00:00Z')).toEqual([]);
    const page = await call<ClassDetail>(lucas, 'GET', `/classes/${c.id}`);
    expect(page.body.upcoming_events.map((e) => e.title)).toEqual(['Feira de ciências']);

    const logged = await t.db.db
      .selectFrom('user_actions')
      .select('context')
      .where('user_id', '=', helena.id)
      .where('action', '=', 'event_updated')
      .execute();
    expect(logged.map((r) => JSON.parse(String(r.context)))).toEqual([
      { class_id: c.id, event_id: event.id },
      { class_id: c.id, event_id: event.id },
    ]);
  });

  it('editing refuses students, other classes’ events and bad bodies, changing nothing', async () => {
    time.set('2030-03-01T12:00:00.000Z');
    const c = await newClass('Inglês');
    const other = await newClass('Espanhol');
    const event = await newEvent(c.id, { title: 'Aula', starts_at: '2030-03-10T13:00:00Z' });
    const put = (u: SignedUp, classId: string, body: unknown) =>
      call<Problem>(u, 'PUT', `/classes/${classId}/events/${event.id}`, body);
    const good = { title: 'Outra', starts_at: '2030-03-11T13:00:00Z' };

    expect(await put(lucas, c.id, good)).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(await put(helena, other.id, good)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const missing = await call<Problem>(helena, 'PUT', `/classes/${c.id}/events/nao-existe`, good);
    expect(missing.status).toBe(404);
    for (const [body, path] of [
      [{ ...good, ends_at: '2030-03-11T12:00:00Z' }, 'ends_at'],
      [{ ...good, starts_at: '2030-03-11' }, 'starts_at'],
      [{ ...good, title: '   ' }, 'title'],
      [{ starts_at: '2030-03-11T13:00:00Z' }, 'title'],
    ] as const) {
      const bad = await put(helena, c.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors?.map((e) => e.path)).toContain(path);
    }
    const { body: listed } = await call<{ items: ClassEvent[] }>(
      lucas,
      'GET',
      `/classes/${c.id}/events?since=2030-03-01T00:00:00Z`,
    );
    expect(listed.items).toEqual([event]);
  });

  it('"Minhas Turmas" lists each class’s teachers and next event (not over, ending first), following edits and the clock', async () => {
    time.set('2030-03-01T12:00:00.000Z');
    const c = await newClass('Biologia');
    const quiet = await newClass('Sem eventos');
    await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
    await newEvent(c.id, { title: 'Passada', starts_at: '2030-02-27T10:00:00Z' });
    await newEvent(c.id, {
      title: 'Semestre',
      starts_at: '2030-02-01',
      ends_at: '2030-06-30',
      all_day: true,
    });
    const soon = await newEvent(c.id, {
      title: 'Aula de campo',
      starts_at: '2030-03-05T10:00:00Z',
      ends_at: '2030-03-05T11:00:00Z',
    });
    const later = await newEvent(c.id, { title: 'Prova', starts_at: '2030-03-09T13:00:00Z' });

    const cardOf = async (id: string) => {
      const res = await call<{ items: ClassSummary[] }>(lucas, 'GET', '/classes/mine');
      expect(res.status).toBe(200);
      return res.body.items.find((i) => i.id === id)!;
    };
    const first = await cardOf(c.id);
    expect(first.teachers).toEqual(['Helena Costa']);
    expect(first.next_event).toEqual({
      id: soon.id,
      title: 'Aula de campo',
      starts_at: '2030-03-05T10:00:00.000Z',
      ends_at: '2030-03-05T11:00:00.000Z',
      all_day: false,
    });
    expect((await cardOf(quiet.id)).next_event).toBeNull();

    // The same answer again comes from the response cache …
    const hits = t.ctx.responseCache.stats().hits;
    expect((await cardOf(c.id)).next_event?.id).toBe(soon.id);
    expect(t.ctx.responseCache.stats().hits).toBe(hits + 1);
    // … until the next event is over: with no write at all, the following one is next.
    time.set('2030-03-05T11:00:01.000Z');
    expect((await cardOf(c.id)).next_event?.id).toBe(later.id);
    // Moving it later or deleting it shows at once (event writes bump the data version).
    await call(helena, 'PUT', `/classes/${c.id}/events/${later.id}`, {
      title: 'Prova adiada',
      starts_at: '2030-07-09T13:00:00Z',
    });
    expect((await cardOf(c.id)).next_event).toMatchObject({ title: 'Semestre', all_day: true });
    await call(helena, 'DELETE', `/classes/${c.id}/events/${later.id}`);
    expect((await cardOf(c.id)).next_event).toMatchObject({
      title: 'Semestre',
      starts_at: '2030-02-01T00:00:00.000Z',
      ends_at: '2030-06-30T00:00:00.000Z',
    });
    // Teaching lists carry the same fields.
    const teaching = await call<{ items: ClassSummary[] }>(helena, 'GET', '/classes/teaching');
    expect(teaching.body.items.find((i) => i.id === c.id)?.next_event?.title).toBe('Semestre');
  });

  it.runIf(dialect === 'sqlite')(
    'the next event is one index seek per class: no scan of past events, no sort',
    async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select (select json_array(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
          from class_events e where e.class_id = ${'x'} and e.range_end > ${'2030-01-01'}
          order by e.range_end, e.starts_at, e.id limit 1) as next_event`.execute(t.db.db);
      const plan = rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(
        /SEARCH e USING INDEX class_events_class_range_end_idx \(class_id=\? AND range_end>\?\)/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE|SCAN e/);
    },
  );
});
