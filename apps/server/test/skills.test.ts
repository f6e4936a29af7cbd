import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Skill } from '@aprenda/shared/schemas/skills';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 12: the skills catalogue (docs/api/skills.md) — the built-in BNCC starter list on every
 * fresh database, search, paging, who may add a skill, unique codes.
 */
describe.each(dialects)('skills (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;
  let student: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
    student = await signUp(t, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T = unknown>(
    u: SignedUp | null,
    method: string,
    path: string,
    body?: unknown,
  ) {
    const res = await jsonRequest(t, method, `/api${path}`, body, u ? bearer(u) : {});
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function all(u: SignedUp, q = ''): Promise<Skill[]> {
    const items: Skill[] = [];
    let cursor: string | null = null;
    do {
      const qs = new URLSearchParams({ limit: '7' });
      if (q) qs.set('q', q);
      if (cursor) qs.set('cursor', cursor);
      const res = await call<Page<Skill>>(u, 'GET', `/skills?${qs}`);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    return items;
  }

  it('a fresh database holds the BNCC starter list for Matemática 6º–9º ano, in code order', async () => {
    const res = await call<Page<Skill>>(student, 'GET', '/skills?limit=100');
    expect(res.status).toBe(200);
    const builtIn = res.body.items.filter((s) => s.built_in);
    expect(builtIn.length).toBeGreaterThanOrEqual(20);
    expect(builtIn.length).toBeLessThanOrEqual(50);
    for (const s of builtIn) expect(s.code).toMatch(/^EF0[6-9]MA\d{2}$/);
    for (const year of ['06', '07', '08', '09']) {
      expect(builtIn.some((s) => s.code!.startsWith(`EF${year}`))).toBe(true);
    }
    const codes = builtIn.map((s) => s.code!);
    expect(codes).toEqual([...codes].sort());
    expect(builtIn.find((s) => s.code === 'EF09MA13')).toMatchObject({
      id: 'bncc-ef09ma13',
      name: 'Relações métricas no triângulo retângulo',
    });
  });

  it('pages with a cursor and returns every skill once', async () => {
    const paged = await all(student);
    const one = await call<Page<Skill>>(student, 'GET', '/skills?limit=100');
    expect(paged.map((s) => s.id)).toEqual(one.body.items.map((s) => s.id));
    expect(new Set(paged.map((s) => s.id)).size).toBe(paged.length);
  });

  it('searches code and name, accent- and case-blind, every word must match', async () => {
    const pitagoras = await all(student, 'PITAGORAS');
    expect(pitagoras.map((s) => s.code)).toEqual(['EF09MA14']);
    const equacoes = await all(student, 'equacoes grau');
    expect(equacoes.map((s) => s.code)).toEqual(['EF07MA18', 'EF08MA08', 'EF08MA09', 'EF09MA09']);
    // Singular finds plural and back: "equação" is not a substring of "equações".
    expect((await all(student, 'equação grau')).map((s) => s.code)).toEqual(
      equacoes.map((s) => s.code),
    );
    expect((await all(student, 'ef08')).every((s) => s.code!.startsWith('EF08'))).toBe(true);
    expect(await all(student, 'porcentagem inexistente')).toEqual([]);
    // LIKE wildcards are not words: `%` alone finds everything, never an error.
    expect((await all(student, '%_')).length).toBe((await all(student)).length);
  });

  it('a teacher adds a skill (with or without a code); students are refused', async () => {
    const created = await call<Skill>(teacher, 'POST', '/skills', {
      name: '  Análise combinatória no ENEM ',
      code: 'em13mat310',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'EM13MAT310',
      name: 'Análise combinatória no ENEM',
      built_in: false,
    });
    const noCode = await call<Skill>(teacher, 'POST', '/skills', {
      name: 'Leitura de enunciados',
      code: '',
    });
    expect(noCode.status).toBe(201);
    expect(noCode.body.code).toBeNull();
    const another = await call<Skill>(teacher, 'POST', '/skills', { name: 'Ábaco' });
    expect(another.status).toBe(201);

    // Everyone signed in sees them; coded skills first by code, then the others by name.
    const list = await all(student);
    const ids = list.map((s) => s.id);
    expect(ids).toContain(created.body.id);
    expect(ids.indexOf(another.body.id)).toBeLessThan(ids.indexOf(noCode.body.id));
    expect(ids.indexOf(created.body.id)).toBeLessThan(ids.indexOf(another.body.id));
    expect((await all(student, 'combinatoria')).map((s) => s.id)).toEqual([created.body.id]);
    expect((await all(student, 'abaco')).map((s) => s.id)).toEqual([another.body.id]);

    const refused = await call<Problem>(student, 'POST', '/skills', { name: 'Minha habilidade' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('teacher_account_required');
    expect((await all(teacher, 'minha habilidade')).length).toBe(0);
  });

  it('a code is unique (409 skill_code_taken, whatever its case); bad input is 400', async () => {
    const taken = await call<Problem>(teacher, 'POST', '/skills', {
      name: 'Outra versão',
      code: 'ef06ma03',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('skill_code_taken');
    // Several skills without a code are fine (checked above); names are 1–80 characters.
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'Ok', code: 'EF 06' },
      { name: 'Ok', code: 'x'.repeat(21) },
    ]) {
      const res = await call<Problem>(teacher, 'POST', '/skills', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const bad = await call<Problem>(student, 'GET', '/skills?cursor=nope');
    expect(bad.status).toBe(400);
  });

  it('one skill by id (the card editor shows the chosen one); unknown or junk ids are 404', async () => {
    const one = await call<Skill>(student, 'GET', '/skills/bncc-ef09ma13');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'bncc-ef09ma13', code: 'EF09MA13', built_in: true });
    expect((await call(student, 'GET', '/skills/no-such-skill')).status).toBe(404);
    expect((await call(student, 'GET', '/skills/%20x')).status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/skills')).status).toBe(401);
    expect((await call(null, 'GET', '/skills/bncc-ef09ma13')).status).toBe(401);
    expect((await call(null, 'POST', '/skills', { name: 'x' })).status).toBe(401);
  });
});
