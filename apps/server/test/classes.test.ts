import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Clock } from '../src/lib/clock.ts';
import {
  CLASS_CODE_ALPHABET,
  createClass,
  generateClassCode,
  listUserClasses,
} from '../src/modules/classes/classes.service.ts';
import { addClassMember } from '../src/modules/classes/members.service.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

type PageBody = { items: ClassSummary[]; nextCursor: string | null };

/** A clock the test moves forward, so "newest first" is about real, distinct times. */
function steppingClock(): Clock {
  let t = Date.parse('2026-03-01T12:00:00.000Z');
  return { now: () => new Date((t += 1000)) };
}

describe('class codes', () => {
  it('use 6 characters from an alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateClassCode();
      expect(code).toHaveLength(6);
      for (const ch of code) expect(CLASS_CODE_ALPHABET).toContain(ch);
    }
    expect(CLASS_CODE_ALPHABET).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    expect(CLASS_CODE_ALPHABET).not.toMatch(/[0O1I]/);
  });
});

describe.each(dialects)('GET /api/classes/mine and /teaching (%s)', (dialect) => {
  let t: TestApp;
  let helena: SignedUp;
  let joao: SignedUp;
  let lucas: SignedUp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: steppingClock() });
    helena = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    joao = await signUp(t, { role: 'teacher', name: 'João Prado' });
    lucas = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
  });
  afterAll(async () => t?.close());

  const get = async (path: string, u: SignedUp) => {
    const res = await jsonRequest(t, 'GET', path, undefined, bearer(u));
    return { status: res.status, body: (await res.json()) as PageBody & { code?: string } };
  };

  it('anonymous → 401', async () => {
    for (const path of ['/api/classes/mine', '/api/classes/teaching']) {
      const res = await jsonRequest(t, 'GET', path);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
    }
  });

  it('is empty before any class exists', async () => {
    expect(await get('/api/classes/mine', lucas)).toEqual({
      status: 200,
      body: { items: [], nextCursor: null },
    });
    expect(await get('/api/classes/teaching', helena)).toEqual({
      status: 200,
      body: { items: [], nextCursor: null },
    });
  });

  it('lists a created class for its teacher and its members, with teachers’ names', async () => {
    const math = await createClass(t.ctx, helena.id, {
      title: 'Matemática — 9º ano',
      description: 'Álgebra',
    });
    await addClassMember(t.ctx, math.id, lucas.id);
    await addClassMember(t.ctx, math.id, joao.id, 'teacher');

    const teaching = await get('/api/classes/teaching', helena);
    expect(teaching.status).toBe(200);
    expect(teaching.body.items).toEqual([
      {
        id: math.id,
        title: 'Matemática — 9º ano',
        description: 'Álgebra',
        code: math.code,
        owner_id: helena.id,
        created_at: math.created_at,
        updated_at: math.updated_at,
        role: 'teacher',
        teachers: ['Helena Costa', 'João Prado'],
        require_socratic: false,
        next_event: null,
      },
    ]);
    expect(math.code).toMatch(/^[A-Z2-9]{6}$/);

    const mine = await get('/api/classes/mine', lucas);
    expect(mine.body.items.map((c) => [c.id, c.role, c.teachers])).toEqual([
      [math.id, 'student', ['Helena Costa', 'João Prado']],
    ]);
    // A student teaches nothing; a co-teacher teaches it too.
    expect((await get('/api/classes/teaching', lucas)).body.items).toEqual([]);
    expect((await get('/api/classes/teaching', joao)).body.items.map((c) => c.id)).toEqual([
      math.id,
    ]);
  });

  it('does not show other people’s classes', async () => {
    const other = await signUp(t, { role: 'student' });
    await createClass(t.ctx, joao.id, { title: 'Só do João' });
    expect((await get('/api/classes/mine', other)).body.items).toEqual([]);
  });

  it('pages newest first with an opaque cursor; no duplicates, no gaps', async () => {
    const owner = await signUp(t, { role: 'teacher', name: 'Pagina Dora' });
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await createClass(t.ctx, owner.id, { title: `Turma ${i}` })).id);
    const expected = [...created].reverse();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const page = await get(`/api/classes/teaching${q}`, owner);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.items.map((c) => c.id));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const all = await get('/api/classes/mine', owner);
    expect(all.body.items.map((c) => c.id)).toEqual(expected);
    expect(all.body.nextCursor).toBeNull();
  });

  it('bounds the limit and rejects a bad cursor with 400', async () => {
    for (const q of ['?limit=101', '?limit=0', '?limit=abc', '?cursor=not-a-cursor']) {
      const res = await get(`/api/classes/mine${q}`, helena);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await get('/api/classes/mine?limit=100', helena)).status).toBe(200);
  });

  it('answers one page of many classes with one statement, whatever its size', async () => {
    const owner = await signUp(t, { role: 'teacher', name: 'Muitas Turmas' });
    for (let i = 0; i < 30; i++) await createClass(t.ctx, owner.id, { title: `T${i}` });
    const queries: string[] = [];
    const counted = t.db.db.withPlugin({
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const page = await listUserClasses(
      { db: { ...t.db, db: counted }, clock: t.ctx.clock },
      owner.id,
      'teaching',
      {
        limit: 30,
      },
    );
    expect(page.items).toHaveLength(30);
    expect(
      page.items.every((c) => c.teachers.length === 1 && c.teachers[0] === 'Muitas Turmas'),
    ).toBe(true);
    // One statement: the list (teachers' names on the class row, next event as a subquery).
    expect(queries).toEqual(['SelectQueryNode']);
  });
});
