import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './helpers.ts';

describe.each(dialects)('smoke (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('signs up with a role and gets a bearer token', async () => {
    const res = await t.app.request('/pb/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({
        email: 'ana@example.com',
        password: 'senha-segura-1',
        name: 'Ana',
        role: 'teacher',
      }),
    });
    const body = (await res.json()) as { user: { id: string; role: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.user.id).toBeTruthy();
    expect(body.user.role).toBe('teacher');
    expect(res.headers.get('set-auth-token')).toBeTruthy();
  });
});

describe.each(dialects)('demo seed (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('creates a teacher, two students and one class once, with real sign-in', async () => {
    const { hasAnyUser, seedDemo } = await import('../src/seed.ts');
    expect(await hasAnyUser(t.ctx)).toBe(false);
    const accounts = await seedDemo(t.ctx);
    expect(accounts.map((a) => [a.role, a.name, a.email, a.password])).toEqual([
      ['teacher', 'Helena Costa', 'helena@demo.aprenda.dev', 'aprenda-demo'],
      ['student', 'Lucas Almeida', 'lucas@demo.aprenda.dev', 'aprenda-demo'],
      ['student', 'Marina Souza', 'marina@demo.aprenda.dev', 'aprenda-demo'],
    ]);
    expect(await hasAnyUser(t.ctx)).toBe(true);
    // Idempotent: nothing more on a second run.
    expect(await seedDemo(t.ctx)).toEqual([]);
    const users = await t.db.db
      .selectFrom('user')
      .select(['email', 'role'])
      .orderBy('email')
      .execute();
    expect(users).toEqual([
      { email: 'helena@demo.aprenda.dev', role: 'teacher' },
      { email: 'lucas@demo.aprenda.dev', role: 'student' },
      { email: 'marina@demo.aprenda.dev', role: 'student' },
    ]);
    // Passwords are hashed, never stored in clear.
    const creds = await t.db.db
      .selectFrom('account' as never)
      .select(['password'] as never[])
      .execute();
    expect(creds).toHaveLength(3);
    for (const c of creds as Array<{ password: string }>)
      expect(c.password).not.toContain('aprenda-demo');

    for (const [email, path] of [
      ['lucas@demo.aprenda.dev', '/api/classes/mine'],
      ['marina@demo.aprenda.dev', '/api/classes/mine'],
      ['helena@demo.aprenda.dev', '/api/classes/teaching'],
    ] as const) {
      const signIn = await t.app.request('/pb/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email, password: 'aprenda-demo' }),
      });
      expect(signIn.status).toBe(200);
      const token = signIn.headers.get('set-auth-token')!;
      const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { items: Array<{ title: string; teachers: string[] }> };
      expect(body.items.map((c) => [c.title, c.teachers])).toEqual([
        ['Matemática — 9º ano', ['Helena Costa']],
      ]);
      // The teacher's demo deck: hers, and "Da turma" for the students, with cards to study.
      const decks = await t.app.request('/api/decks?tz=America/Sao_Paulo', {
        headers: { authorization: `Bearer ${token}` },
      });
      const list = (await decks.json()) as {
        items: Array<{ title: string; source: string; counts: { due: number; total: number } }>;
      };
      expect(list.items).toEqual([
        expect.objectContaining({
          title: 'Revisão de Matemática — 9º ano',
          source: email.startsWith('helena') ? 'own' : 'class',
          // 8 cards, 9 items: the Pythagoras cloze card has two deletions.
          counts: expect.objectContaining({ due: 9, total: 8 }),
        }),
      ]);
      // The demo exercises: the teacher's items, practice on two skills for the students and an
      // assignment of the class due in a week.
      const get = async <T>(p: string) =>
        (await (
          await t.app.request(p, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as T;
      if (email.startsWith('helena')) {
        const items = await get<{ items: unknown[] }>('/api/items?limit=50');
        expect(items.items).toHaveLength(8);
      } else {
        const skills = await get<Array<{ id: string; items: number }>>('/api/practice/skills');
        expect(skills.map((s) => [s.id, s.items])).toEqual([
          ['bncc-ef06ma13', 3],
          ['bncc-ef07ma18', 5],
        ]);
        const todo =
          await get<Array<{ title: string; status: string; size: number }>>('/api/assignments');
        expect(todo).toEqual([
          expect.objectContaining({
            title: 'Lista 1 — Equações do 1º grau',
            status: 'todo',
            size: 5,
          }),
        ]);
      }
      // The demo board and diagram: Helena's, shared read-only with the class.
      type Titled = {
        mine: Array<{ id: string; title: string }>;
        shared: Array<{ id: string; title: string }>;
      };
      const boards = await get<Titled>('/api/boards');
      const diagrams = await get<Titled>('/api/diagrams');
      const [ownBoards, sharedBoards] = email.startsWith('helena')
        ? [boards.mine, boards.shared]
        : [boards.shared, boards.mine];
      expect(ownBoards.map((b) => b.title)).toEqual(['Plano cartesiano — 9º ano']);
      expect(sharedBoards).toEqual([]);
      // Drawn in Excalidraw's ink, which the dark theme shows light and an export shows black.
      const board = await get<{
        scene: { elements: Array<{ type: string; strokeColor: string }> };
      }>(`/api/boards/${ownBoards[0]!.id}`);
      const ink = board.scene.elements.filter((e) => e.type !== 'ellipse');
      expect(ink.length).toBeGreaterThan(0);
      expect(new Set(ink.map((e) => e.strokeColor))).toEqual(new Set(['#1e1e1e']));
      const [ownDiagrams, sharedDiagrams] = email.startsWith('helena')
        ? [diagrams.mine, diagrams.shared]
        : [diagrams.shared, diagrams.mine];
      expect(ownDiagrams.map((d) => d.title)).toEqual(['Como resolver uma equação do 2º grau']);
      expect(sharedDiagrams).toEqual([]);
    }
  });
});
