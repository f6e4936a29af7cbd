import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldLines as foldLine } from 'ical-generator';
import ICAL from 'ical.js';
import type { CalendarFeed, ClassDetail, ClassEvent } from '@aprenda/shared/schemas/classes';
import type { Clock } from '../src/lib/clock.ts';
import { escapeText } from '../src/modules/calendar/calendar.service.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'ação '.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });
});

describe.each(dialects)('personal calendar feed (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;
  let student: SignedUp;
  const NOW = Date.parse('2030-03-01T12:00:00.000Z');
  const DAY = 86_400_000;
  const clock: Clock = { now: () => new Date(NOW) };
  const events: Record<string, ClassEvent> = {};
  let physics: ClassDetail;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock });
    teacher = await signUp(t, { role: 'teacher', name: 'Helena' });
    student = await signUp(t, { role: 'student', name: 'Lucas' });
    const create = async (title: string) =>
      (await (
        await jsonRequest(t, 'POST', '/api/classes', { title }, bearer(teacher))
      ).json()) as ClassDetail;
    physics = await create('Física, 1º ano; turma A');
    const history = await create('História');
    const secret = await create('Sem o aluno');
    for (const c of [physics, history]) {
      await jsonRequest(
        t,
        'POST',
        `/api/classes/${c.id}/members?user_id=${student.id}`,
        undefined,
        bearer(teacher),
      );
    }
    const add = async (key: string, classId: string, body: Record<string, unknown>) => {
      const res = await jsonRequest(
        t,
        'POST',
        `/api/classes/${classId}/events`,
        body,
        bearer(teacher),
      );
      expect(res.status).toBe(201);
      events[key] = (await res.json()) as ClassEvent;
    };
    const at = (days: number) => new Date(NOW + days * DAY).toISOString();
    await add('recent', physics.id, {
      title: 'Revisão',
      starts_at: at(-20),
      ends_at: at(-20 + 0.05),
    });
    await add('old', physics.id, { title: 'Antiga', starts_at: at(-40), ends_at: at(-39.9) });
    await add('far', physics.id, { title: 'Muito longe', starts_at: at(400) });
    await add('special', physics.id, {
      title: 'Prova; capítulo 3, parte 2 \\ revisão',
      description: `Linha 1\nLinha 2, com vírgula; e ponto e vírgula. ${'Conteúdo longo com acentuação. '.repeat(6)}`,
      starts_at: '2030-03-10T10:00:00-03:00',
      ends_at: '2030-03-10T12:00:00-03:00',
      location: 'Sala 4, bloco B',
    });
    await add('holiday', history.id, {
      title: 'Feriado',
      starts_at: '2030-04-21',
      ends_at: '2030-04-22',
      all_day: true,
    });
    await add('hidden', secret.id, { title: 'Não é do aluno', starts_at: at(3) });
  });
  afterAll(async () => t?.close());

  const feed = async (u: SignedUp, method = 'GET', path = '/api/calendar/feed') => {
    const res = await jsonRequest(t, method, path, undefined, bearer(u));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return ((await res.json()) as CalendarFeed).url;
  };
  const fetchIcs = (url: string) => t.app.request(new URL(url).pathname);

  it('needs a session to get the URL, which is stable until reset and stored only hashed', async () => {
    expect((await jsonRequest(t, 'GET', '/api/calendar/feed')).status).toBe(401);
    expect((await jsonRequest(t, 'POST', '/api/calendar/feed/reset')).status).toBe(401);
    const url = await feed(student);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feed(student)).toBe(url);
    expect(await feed(teacher)).not.toBe(url);
    const token = url.split('/').pop()!.replace('.ics', '');
    const rows = await t.db.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('serves RFC 5545 that ical.js parses: my classes only, 30 days back to 365 ahead', async () => {
    const res = await fetchIcs(await feed(student));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();

    // CRLF everywhere, no physical line over 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toEqual(expect.stringContaining('Aprenda'));
    expect(cal.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Aprenda — Lucas');

    const vevents = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const byUid = new Map(vevents.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      ['recent', 'special', 'holiday'].map((k) => `${events[k]!.id}@aprenda`).sort(),
    );

    const special = byUid.get(`${events.special!.id}@aprenda`)!;
    expect(special.summary).toBe('Física, 1º ano; turma A: Prova; capítulo 3, parte 2 \\ revisão');
    expect(special.description).toBe(events.special!.description);
    expect(special.location).toBe('Sala 4, bloco B');
    expect(special.startDate.toJSDate().toISOString()).toBe('2030-03-10T13:00:00.000Z');
    expect(special.endDate.toJSDate().toISOString()).toBe('2030-03-10T15:00:00.000Z');
    expect(special.startDate.zone?.tzid).toBe('UTC');
    const categories = special.component.getFirstProperty('categories')!.getValues();
    expect(categories).toEqual(['Física, 1º ano; turma A']);
    expect(special.component.getFirstPropertyValue('dtstamp')!.toString()).toBe(
      '2030-03-01T12:00:00Z',
    );

    const holiday = byUid.get(`${events.holiday!.id}@aprenda`)!;
    expect(holiday.startDate.isDate).toBe(true);
    expect(holiday.startDate.toString()).toBe('2030-04-21');
    expect(holiday.endDate.toString()).toBe('2030-04-23'); // exclusive: the day after the last day
    expect(holiday.summary).toBe('História: Feriado');
  });

  it('follows membership: removed from a class, its events leave the feed', async () => {
    const url = await feed(student);
    await jsonRequest(
      t,
      'DELETE',
      `/api/classes/${physics.id}/members/${student.id}`,
      undefined,
      bearer(teacher),
    );
    const cal = new ICAL.Component(ICAL.parse(await (await fetchIcs(url)).text()));
    expect(cal.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'))).toEqual([
      `${events.holiday!.id}@aprenda`,
    ]);
  });

  it('reset invalidates the old URL; unknown tokens are 404', async () => {
    const old = await feed(student);
    const fresh = await feed(student, 'POST', '/api/calendar/feed/reset');
    expect(fresh).not.toBe(old);
    expect((await fetchIcs(old)).status).toBe(404);
    expect((await fetchIcs(fresh)).status).toBe(200);
    expect(await feed(student)).toBe(fresh);
    for (const path of [
      '/api/calendar/feed.ics',
      '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      `/api/calendar/${new URL(fresh).pathname.split('/').pop()!.replace('.ics', '')}`,
      '/api/calendar/..%2F..%2Fetc.ics',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});
