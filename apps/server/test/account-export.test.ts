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
  classes: Array<{ title: string; role: string; owner: boolean }>;
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
