import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { seedDemo } from '../src/seed.ts';

interface Export {
  format: string;
  version: number;
  exported_at: string;
  account: { id: string; name: string; email: string; role: string } | null;
  classes: ClassExport[];
  conversations: Array<{ title: string; messages: Array<{ role: string; text: string }> }>;
  flashcards: {
    decks: Array<{ title: string; cards: Array<{ front: string; back: string; tags: unknown }> }>;
    reviews: unknown[];
  };
  exercises: { items: unknown[]; sets: unknown[]; answers: unknown[]; attempts: unknown[] };
  skills: unknown[];
  boards: Array<{ title: string; scene: unknown }>;
  diagrams: Array<{ title: string; code: string }>;
  media: unknown[];
  actions: Array<{ action: string; context: unknown }>;
  api_keys: Array<{ provider: string; masked: string }>;
}

interface ClassExport {
  class_id: string;
  title: string;
  description: string | null;
  role: string;
  owner: boolean;
  archived: boolean;
  created_at: string;
  joined_at: string;
  code?: string | null;
  join_by_code?: boolean;
  events?: Array<Record<string, unknown>>;
  invites?: Array<Record<string, unknown>>;
  assignments?: Array<Record<string, unknown>>;
}

/**
 * "Baixar meus dados" (decision 0051): GET /api/account/export answers, as a file to keep,
 * everything of the signed-in account — and nothing of anyone else's, nor a secret.
 */
describe.each(dialects)('exporting one’s own data (%s)', (dialect) => {
  let t: TestApp;
  let ana: SignedUp;
  let bia: SignedUp;
  let teacher: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ana = await signUp(t, { role: 'student', name: 'Ana Lima' });
    bia = await signUp(t, { role: 'student', name: 'Bia Rocha' });
    teacher = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return (text ? JSON.parse(text) : null) as T;
  }

  it('holds the account’s classes, conversations, cards, boards, diagrams, keys (masked) and actions', async () => {
    const klass = await call<{ id: string }>(teacher, 'POST', '/classes', { title: '9º ano B' });
    await call(teacher, 'POST', `/classes/${klass.id}/members?user_id=${ana.id}`);
    const conversation = await call<{ id: string }>(ana, 'POST', '/conversations', {
      title: 'Frações',
    });
    await t.db.db
      .insertInto('messages')
      .values({
        id: `m-${conversation.id}`,
        conversation_id: conversation.id,
        seq: 1,
        role: 'user',
        text: 'Quanto é 1/2 + 1/4?',
        status: 'complete',
        error_code: null,
        model: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const deck = await call<{ id: string }>(ana, 'POST', '/decks', { title: 'Química' });
    await call(ana, 'POST', `/decks/${deck.id}/cards`, {
      kind: 'basic',
      front: 'H2O',
      back: 'Água',
      tags: ['enem'],
    });
    await call(ana, 'POST', '/diagrams', {
      title: 'Ciclo da água',
      description: 'Fluxograma.',
      code: 'flowchart TD\n  A[Chuva] --> B[Rio]',
    });
    await call(ana, 'POST', '/boards', { title: 'Plano cartesiano' });
    await jsonRequest(
      t,
      'PUT',
      '/pb/user_api_keys/openai',
      { api_key: 'sk-secret-1234567890abcdef' },
      bearer(ana),
    );
    // Someone else's things stay out.
    await call(bia, 'POST', '/conversations', { title: 'Conversa da Bia' });
    await call(bia, 'POST', '/decks', { title: 'Baralho da Bia' });

    const res = await jsonRequest(t, 'GET', '/api/account/export', undefined, bearer(ana));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aprenda-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    const data = JSON.parse(text) as Export;
    expect(data).toMatchObject({ format: 'aprenda-export', version: 1 });
    expect(data.account).toMatchObject({
      id: ana.id,
      name: 'Ana Lima',
      email: ana.email,
      role: 'student',
    });
    expect(data.classes).toEqual([
      expect.objectContaining({ title: '9º ano B', role: 'student', owner: false }),
    ]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        title: 'Frações',
        messages: [expect.objectContaining({ role: 'user', text: 'Quanto é 1/2 + 1/4?' })],
      }),
    ]);
    expect(data.flashcards.decks).toEqual([
      expect.objectContaining({
        title: 'Química',
        cards: [expect.objectContaining({ front: 'H2O', back: 'Água', tags: ['enem'] })],
      }),
    ]);
    expect(data.diagrams).toEqual([
      expect.objectContaining({
        title: 'Ciclo da água',
        code: 'flowchart TD\n  A[Chuva] --> B[Rio]',
      }),
    ]);
    expect(data.boards.map((b) => b.title)).toEqual(['Plano cartesiano']);
    expect(data.boards[0]!.scene).toEqual(expect.any(Object));
    expect(data.api_keys).toEqual([expect.objectContaining({ provider: 'openai' })]);
    expect(data.exercises).toEqual({ items: [], sets: [], answers: [], attempts: [] });
    // Nothing of Bia's, no whole key, no password hash or session token.
    expect(text).not.toContain('Bia');
    expect(text).not.toContain('sk-secret-1234567890abcdef');
    expect(text).not.toContain(ana.token.split('.')[0]!);
    expect(text).not.toMatch(/"password"|scrypt|\$argon/i);
  });

  it('holds, of each class, what a member sees, and of a class one teaches its code, events, open invites (no token) and assignments', async () => {
    const cris = await signUp(t, { role: 'student', name: 'Cris Souza' });
    const other = await signUp(t, { role: 'teacher', name: 'Otávio Reis' });
    const klass = await call<{ id: string; code: string }>(teacher, 'POST', '/classes', {
      title: 'Física 1º ano',
      description: 'Cinemática e dinâmica, terças e quintas.',
    });
    await call(teacher, 'POST', `/classes/${klass.id}/members?user_id=${cris.id}`);
    await call(teacher, 'PUT', `/classes/${klass.id}`, { join_by_code: false });
    await call(teacher, 'POST', `/classes/${klass.id}/events`, {
      title: 'Laboratório de pêndulo',
      description: 'Trazer caderno.',
      starts_at: '2031-05-10T13:00:00.000Z',
      ends_at: '2031-05-10T15:00:00.000Z',
      location: 'Sala 12',
    });
    await call(teacher, 'POST', `/classes/${klass.id}/events`, {
      title: 'Feira de ciências',
      starts_at: '2031-06-02',
      all_day: true,
    });
    const invite = await call<{ id: string; token: string }>(teacher, 'POST', '/classes/invites', {
      class_id: klass.id,
      email: 'convidada@escola.example',
      max_uses: 1,
    });
    const revoked = await call<{ id: string; token: string }>(teacher, 'POST', '/classes/invites', {
      class_id: klass.id,
      role: 'teacher',
    });
    await call(teacher, 'DELETE', `/classes/invites/${revoked.id}`);
    const item = await call<{ id: string }>(teacher, 'POST', '/items', {
      kind: 'single',
      stem: 'Qual é a unidade de força?',
      explanation: 'Newton.',
      skill_id: 'bncc-ef07ma18',
      choices: [
        { id: 'a', text: 'N', correct: true },
        { id: 'b', text: 'J', correct: false },
      ],
    });
    const set = await call<{ id: string }>(teacher, 'POST', '/sets', {
      title: 'Lista de forças',
      entries: [{ item_id: item.id }],
    });
    const day = 24 * 60 * 60 * 1000;
    const openAt = new Date(Date.now() - day).toISOString();
    const dueAt = new Date(Date.now() + 7 * day).toISOString();
    await call(teacher, 'POST', `/classes/${klass.id}/assignments`, {
      set_id: set.id,
      open_at: openAt,
      due_at: dueAt,
    });
    // Another teacher's class, which neither Helena nor Cris is in.
    const elsewhere = await call<{ id: string; code: string }>(other, 'POST', '/classes', {
      title: 'Turma do Otávio',
      description: 'Descrição do Otávio',
    });
    await call(other, 'POST', `/classes/${elsewhere.id}/events`, {
      title: 'Evento do Otávio',
      starts_at: '2031-05-11T13:00:00.000Z',
    });
    const othersInvite = await call<{ token: string }>(other, 'POST', '/classes/invites', {
      class_id: elsewhere.id,
      email: 'otavio-convite@escola.example',
    });
    const otherItem = await call<{ id: string }>(other, 'POST', '/items', {
      kind: 'single',
      stem: 'Questão do Otávio',
      explanation: 'x',
      skill_id: 'bncc-ef07ma18',
      choices: [
        { id: 'a', text: 'a', correct: true },
        { id: 'b', text: 'b', correct: false },
      ],
    });
    const otherSet = await call<{ id: string }>(other, 'POST', '/sets', {
      title: 'Lista do Otávio',
      entries: [{ item_id: otherItem.id }],
    });
    await call(other, 'POST', `/classes/${elsewhere.id}/assignments`, {
      set_id: otherSet.id,
      open_at: openAt,
      due_at: dueAt,
    });

    // The teacher: everything they manage of the class.
    const res = await jsonRequest(t, 'GET', '/api/account/export', undefined, bearer(teacher));
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as Export;
    expect(data.version).toBe(1);
    const taught = data.classes.find((c) => c.class_id === klass.id)!;
    expect(taught).toMatchObject({
      title: 'Física 1º ano',
      description: 'Cinemática e dinâmica, terças e quintas.',
      role: 'teacher',
      owner: true,
      archived: false,
      created_at: expect.any(String),
      joined_at: expect.any(String),
      code: klass.code,
      join_by_code: false,
    });
    expect(taught.events).toHaveLength(3);
    expect(taught.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Laboratório de pêndulo',
          description: 'Trazer caderno.',
          starts_at: '2031-05-10T13:00:00.000Z',
          ends_at: '2031-05-10T15:00:00.000Z',
          all_day: false,
          location: 'Sala 12',
        }),
        expect.objectContaining({ title: 'Feira de ciências', all_day: true, location: null }),
        // The assignment's due date is a class event too (docs/api/exercises.md).
        expect.objectContaining({ starts_at: dueAt }),
      ]),
    );
    // Open invites only (the revoked one is gone), and never the token nor its hash.
    expect(taught.invites).toEqual([
      {
        id: invite.id,
        role: 'student',
        email: 'convidada@escola.example',
        expires_at: expect.any(String),
        max_uses: 1,
        uses: 0,
        created_by_me: true,
        created_at: expect.any(String),
      },
    ]);
    expect(text).not.toContain(invite.token);
    expect(text).not.toContain(revoked.token);
    expect(text).not.toContain('token');
    expect(taught.assignments).toEqual([
      expect.objectContaining({
        set_id: set.id,
        title: 'Lista de forças',
        open_at: openAt,
        due_at: dueAt,
        attempts_allowed: 1,
        created_by_me: true,
      }),
    ]);
    // No student's personal data beyond the teacher's screens: no member list, no e-mail of Cris.
    expect(text).not.toContain(cris.email);
    expect(text).not.toContain('Cris');
    // Nothing from a class the teacher is not in.
    expect(text).not.toContain('Otávio');
    expect(text).not.toContain(elsewhere.code);
    expect(text).not.toContain(othersInvite.token);
    expect(text).not.toContain('otavio-convite');

    // The student: what a member sees, nothing a teacher manages.
    const student = (await (
      await jsonRequest(t, 'GET', '/api/account/export', undefined, bearer(cris))
    ).json()) as Export;
    expect(student.classes).toEqual([
      {
        class_id: klass.id,
        title: 'Física 1º ano',
        description: 'Cinemática e dinâmica, terças e quintas.',
        role: 'student',
        owner: false,
        archived: false,
        created_at: expect.any(String),
        joined_at: expect.any(String),
      },
    ]);
    const studentText = JSON.stringify(student);
    expect(studentText).not.toContain(klass.code);
    expect(studentText).not.toContain('convidada@escola.example');
    expect(studentText).not.toContain('Laboratório de pêndulo');
    expect(studentText).not.toContain('Otávio');
  });

  it('holds the practice answers and the learner model of a student of the demo class', async () => {
    const demo = await createTestApp(dialect);
    try {
      await seedDemo(demo.ctx);
      const signIn = await jsonRequest(demo, 'POST', '/pb/auth/sign-in/email', {
        email: 'lucas@demo.aprenda.dev',
        password: 'aprenda-demo',
      });
      const token = signIn.headers.get('set-auth-token')!;
      const as = { authorization: `Bearer ${token}` };
      const next = (await (
        await jsonRequest(demo, 'POST', '/api/practice/next', { skill_id: null }, as)
      ).json()) as { item: { id: string; kind: string; choices?: Array<{ id: string }> } };
      const response =
        next.item.kind === 'choice' ? { choice: next.item.choices![0]!.id } : { value: '7' };
      const answered = await jsonRequest(
        demo,
        'POST',
        '/api/practice/answers',
        { id: crypto.randomUUID(), item_id: next.item.id, response, duration_ms: 4000 },
        as,
      );
      expect(answered.status).toBe(201);
      const res = await jsonRequest(demo, 'GET', '/api/account/export', undefined, as);
      expect(res.status).toBe(200);
      const data = (await res.json()) as Export;
      expect(data.exercises.answers).toEqual([
        expect.objectContaining({ item_id: next.item.id, response, context: 'practice' }),
      ]);
      expect(data.skills).toEqual([
        expect.objectContaining({ skill: expect.any(String), answer_count: 1 }),
      ]);
      expect(data.classes).toEqual([
        expect.objectContaining({ title: 'Matemática — 9º ano', role: 'student' }),
      ]);
      // The class's shared deck is Helena's: not Lucas's to take away.
      expect(data.flashcards.decks).toEqual([]);
    } finally {
      await demo.close();
    }
  });

  it('needs a session', async () => {
    const res = await jsonRequest(t, 'GET', '/api/account/export');
    expect(res.status).toBe(401);
  });
});
