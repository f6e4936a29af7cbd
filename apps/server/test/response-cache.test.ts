import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassDetail, ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { createApp } from '../src/app.ts';
import { createDb } from '../src/db/client.ts';
import { createResponseCache } from '../src/lib/response-cache.ts';
import {
  bearer,
  ORIGIN,
  TEST_SECRET,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

type Page<T> = { items: T[]; nextCursor: string | null };

describe('response cache (unit)', () => {
  it('serves an entry only under the versions it was filed with', () => {
    const cache = createResponseCache(1024 * 1024);
    const body = Buffer.from('{"a":"Fotossíntese"}');
    cache.set('k', '1.1', body);
    expect(cache.get('k', '1.1')).toBe(body);
    expect(cache.get('k', '1.2')).toBeUndefined();
    expect(cache.get('other', '1.1')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 1, misses: 2 });
  });

  it('stays within its byte budget, least recently used out first', () => {
    const cache = createResponseCache(64 * 1024);
    const body = Buffer.alloc(2000, 'x'); // ≈ 2 KB accounted
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, 'v', body);
    expect(cache.get('k0', 'v')).toBe(body); // k0 becomes the most recently used
    for (let i = 20; i < 60; i++) cache.set(`k${i}`, 'v', body);
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(20);
    expect(cache.get('k1', 'v')).toBeUndefined();
    expect(cache.get('k59', 'v')).toBe(body);
    // An answer above 1/16 of the budget is not kept; a budget of 0 keeps nothing.
    cache.set('big', 'v', Buffer.alloc(4500, 'y'));
    expect(cache.get('big', 'v')).toBeUndefined();
    const off = createResponseCache(0);
    off.set('k', 'v', Buffer.from('{}'));
    expect(off.stats().entries).toBe(0);
  });
});

describe.each(dialects)('response cache over the API (%s)', (dialect) => {
  let t: TestApp;
  let helena: SignedUp;
  let lucas: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    helena = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    lucas = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return (text ? JSON.parse(text) : null) as T;
  }
  const mine = async (u: SignedUp) =>
    (await call<Page<ClassSummary>>(u, 'GET', '/classes/mine')).items;
  const conversations = async (u: SignedUp, q = '') =>
    (
      await call<Page<Conversation>>(
        u,
        'GET',
        `/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`,
      )
    ).items;
  /** Another server process (or a person with psql): a write that bypasses this app entirely. */
  const outside = (statement: ReturnType<typeof sql>) => statement.execute(t.db.db);

  it('my classes: repeated reads are cache hits; every kind of write is seen at once', async () => {
    expect(await mine(lucas)).toEqual([]);
    const klass = await call<ClassDetail>(helena, 'POST', '/classes', { title: 'Física' });
    await call(helena, 'POST', `/classes/${klass.id}/members?user_id=${lucas.id}`);
    expect((await mine(lucas)).map((c) => c.title)).toEqual(['Física']);

    const before = t.ctx.responseCache.stats().hits;
    const again = await mine(lucas);
    expect(again.map((c) => c.title)).toEqual(['Física']);
    expect(t.ctx.responseCache.stats().hits).toBe(before + 1);

    // Through the API.
    await call(helena, 'PUT', `/classes/${klass.id}`, { title: 'Física II' });
    expect((await mine(lucas)).map((c) => c.title)).toEqual(['Física II']);
    expect((await call<Page<ClassSummary>>(helena, 'GET', '/classes/teaching')).items).toHaveLength(
      1,
    );

    // From outside this process: the class, a teacher's name, a membership.
    await outside(sql`update classes set title = 'Física III' where id = ${klass.id}`);
    expect((await mine(lucas)).map((c) => c.title)).toEqual(['Física III']);
    await outside(sql`update "user" set name = 'Helena C. Lima' where id = ${helena.id}`);
    expect((await mine(lucas))[0]!.teachers).toEqual(['Helena C. Lima']);
    await outside(
      sql`update class_members set role = 'teacher' where class_id = ${klass.id} and user_id = ${lucas.id}`,
    );
    expect((await mine(lucas))[0]!.role).toBe('teacher');
    expect((await call<Page<ClassSummary>>(lucas, 'GET', '/classes/teaching')).items).toHaveLength(
      1,
    );
    await outside(
      sql`update class_members set role = 'student' where class_id = ${klass.id} and user_id = ${lucas.id}`,
    );

    // Removal and deletion.
    await call(helena, 'DELETE', `/classes/${klass.id}/members/${lucas.id}`);
    expect(await mine(lucas)).toEqual([]);
    await call(helena, 'POST', `/classes/${klass.id}/members?user_id=${lucas.id}`);
    expect(await mine(lucas)).toHaveLength(1);
    await call(helena, 'DELETE', `/classes/${klass.id}`);
    expect(await mine(lucas)).toEqual([]);
    expect(await mine(helena)).toEqual([]);
  });

  it('my conversations and searches: new, renamed, deleted, messages and class titles', async () => {
    const klass = await call<ClassDetail>(helena, 'POST', '/classes', { title: 'Biologia' });
    await call(helena, 'POST', `/classes/${klass.id}/members?user_id=${lucas.id}`);
    expect(await conversations(lucas)).toEqual([]);
    expect(await conversations(lucas, 'fotossintese')).toEqual([]);

    const conv = await call<Conversation>(lucas, 'POST', '/conversations', {
      title: 'Plantas',
      class_id: klass.id,
    });
    expect((await conversations(lucas)).map((c) => c.title)).toEqual(['Plantas']);
    expect((await conversations(lucas))[0]!.class_title).toBe('Biologia');

    await call(lucas, 'PATCH', `/conversations/${conv.id}`, { title: 'Plantas verdes' });
    expect((await conversations(lucas)).map((c) => c.title)).toEqual(['Plantas verdes']);

    // A class title is part of the list.
    await call(helena, 'PUT', `/classes/${klass.id}`, { title: 'Biologia 2' });
    expect((await conversations(lucas))[0]!.class_title).toBe('Biologia 2');

    // A message written by another process is found by the next search; re-worded, it is not.
    const now = new Date().toISOString();
    await outside(sql`insert into messages (id, conversation_id, seq, role, text, status, error_code,
        model, created_at, updated_at)
      values ('msg-cache-1', ${conv.id}, 1, 'user', 'O que é fotossíntese?', 'complete', null, null,
        ${now}, ${now})`);
    expect((await conversations(lucas, 'fotossintese')).map((c) => c.id)).toEqual([conv.id]);
    await outside(sql`update messages set text = 'O que é a mitose?' where id = 'msg-cache-1'`);
    expect(await conversations(lucas, 'fotossintese')).toEqual([]);
    expect((await conversations(lucas, 'mitose')).map((c) => c.id)).toEqual([conv.id]);
    await outside(sql`delete from messages where id = 'msg-cache-1'`);
    expect(await conversations(lucas, 'mitose')).toEqual([]);

    // Someone else's writes do not show up in my list, and my list is mine only.
    await call<Conversation>(helena, 'POST', '/conversations', { title: 'Da Helena' });
    expect((await conversations(lucas)).map((c) => c.title)).toEqual(['Plantas verdes']);

    await call(lucas, 'DELETE', `/conversations/${conv.id}`);
    expect(await conversations(lucas)).toEqual([]);
  });

  it('a write in one class invalidates only its members and teachers, on every instance (decision 0035)', async () => {
    // A second app on the same database, as another server process would be.
    const otherDb = createDb(dialect === 'sqlite' ? `file:${t.sqliteFile}` : t.env.DATABASE_URL, {
      poolSize: 2,
    });
    const other = createApp({ env: t.env, db: otherDb, secret: TEST_SECRET });
    try {
      const rita = await signUp(t, { role: 'teacher', name: 'Rita Souza' });
      const ana = await signUp(t, { role: 'student', name: 'Ana' });
      const bia = await signUp(t, { role: 'student', name: 'Bia' });
      const caio = await signUp(t, { role: 'student', name: 'Caio' });
      const davi = await signUp(t, { role: 'student', name: 'Davi' });
      const quimica = await call<ClassDetail>(helena, 'POST', '/classes', { title: 'Química' });
      const historia = await call<ClassDetail>(rita, 'POST', '/classes', { title: 'História' });
      for (const u of [ana, bia]) {
        await call(helena, 'POST', `/classes/${quimica.id}/members?user_id=${u.id}`);
      }
      for (const u of [caio, davi]) {
        await call(rita, 'POST', `/classes/${historia.id}/members?user_id=${u.id}`);
      }

      const apps = [
        { name: 'this instance', app: t.app, cache: t.ctx.responseCache },
        { name: 'the other instance', app: other.app, cache: other.ctx.responseCache },
      ];
      const mineOn = async (app: typeof t.app, u: SignedUp) => {
        const res = await app.request('/api/classes/mine', {
          headers: { origin: ORIGIN, ...bearer(u) },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as Page<ClassSummary>).items;
      };
      const version = async (u: SignedUp) =>
        (
          await sql<{ version: number | string }>`
            select version from cache_versions where scope = ${`classes:${u.id}`}`.execute(t.db.db)
        ).rows[0]?.version;

      /** History's people read on both instances: every read a hit, the same answer. */
      const bystanders = [caio, davi, rita];
      const expected = new Map<string, string>();
      for (const u of bystanders) {
        expected.set(u.id, JSON.stringify(await mineOn(t.app, u)));
        await mineOn(other.app, u);
      }
      const versions = await Promise.all(bystanders.map(version));
      async function historyStillCached(after: string) {
        for (const { name, app, cache } of apps) {
          for (const u of bystanders) {
            const hits = cache.stats().hits;
            expect(JSON.stringify(await mineOn(app, u)), `${after}, ${name}`).toBe(
              expected.get(u.id),
            );
            expect(cache.stats().hits, `${after}: a hit on ${name}`).toBe(hits + 1);
          }
        }
        expect(await Promise.all(bystanders.map(version)), after).toEqual(versions);
      }
      /** Chemistry's student and teacher see a change at once, on both instances. */
      async function chemistrySees(check: (items: ClassSummary[]) => void) {
        for (const { app } of apps) for (const u of [ana, helena]) check(await mineOn(app, u));
      }
      const chem = (items: ClassSummary[]) => items.find((c) => c.id === quimica.id);

      // Prime both instances for Chemistry's people too.
      for (const { app } of apps) for (const u of [ana, bia, helena]) await mineOn(app, u);

      await call(helena, 'PUT', `/classes/${quimica.id}`, { title: 'Química Orgânica' });
      await chemistrySees((items) => expect(chem(items)?.title).toBe('Química Orgânica'));
      await historyStillCached('a rename in another class');

      await call(helena, 'POST', `/classes/${quimica.id}/events`, {
        title: 'Prova',
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      await chemistrySees((items) => expect(chem(items)?.next_event?.title).toBe('Prova'));
      await historyStillCached('an event in another class');

      const joao = await signUp(t, { role: 'teacher', name: 'João Lima' });
      await call(helena, 'POST', `/classes/${quimica.id}/members?user_id=${joao.id}&role=teacher`);
      await chemistrySees((items) => expect(chem(items)?.teachers).toContain('João Lima'));
      await historyStillCached('a co-teacher in another class');

      await outside(sql`update "user" set name = 'João P. Lima' where id = ${joao.id}`);
      await chemistrySees((items) => expect(chem(items)?.teachers).toContain('João P. Lima'));
      await historyStillCached("another class's teacher renamed");

      // A removed student never sees the class again — through either instance, at once.
      for (const { app } of apps)
        expect((await mineOn(app, bia)).map((c) => c.id)).toEqual([quimica.id]);
      const removed = await other.app.request(`/api/classes/${quimica.id}/members/${bia.id}`, {
        method: 'DELETE',
        headers: { origin: ORIGIN, ...bearer(helena) },
      });
      expect(removed.status).toBeLessThan(300);
      for (const { name, app } of apps) {
        expect(await mineOn(app, bia), `removed, read on ${name}`).toEqual([]);
      }
      await historyStillCached('a student removed from another class');

      // The class deleted from outside both processes: its members' lists drop it everywhere.
      await outside(sql`delete from classes where id = ${quimica.id}`);
      for (const { app } of apps) {
        for (const u of [ana, helena, joao]) expect(chem(await mineOn(app, u))).toBeUndefined();
      }
      await historyStillCached('another class deleted');
    } finally {
      await otherDb.close();
    }
  });

  it('RESPONSE_CACHE_MB=0 turns it off; the answer is the same UTF-8 JSON over real HTTP', async () => {
    const off = await createTestApp(dialect, { RESPONSE_CACHE_MB: '0' });
    // Behind the Node adapter, as in production: the list goes out as UTF-8 bytes (decision 0046).
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: off.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(s as Server),
      ) as Server;
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const u = await signUp(off, { role: 'teacher' });
      // Beyond Latin-1 (a dash, an emoji): a two-byte string in JavaScript.
      const title = 'Física — 1º ano 🌱';
      const created = await jsonRequest(off, 'POST', '/api/classes', { title }, bearer(u));
      expect(created.status).toBe(201);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${origin}/api/classes/mine`, { headers: bearer(u) });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-request-id')).toBeTruthy();
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
        const page = JSON.parse(bytes.toString('utf8')) as Page<ClassSummary>;
        expect(page.items.map((c) => c.title)).toEqual([title]);
      }
      expect(off.ctx.responseCache.stats()).toMatchObject({ entries: 0, hits: 0 });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await off.close();
    }
  });
});
