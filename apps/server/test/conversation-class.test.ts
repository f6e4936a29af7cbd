import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassDetail, ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { TUTOR_MODE_MARKERS } from '../src/modules/ai/tutor-prompts.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';

/**
 * Issue 11, point 8: an existing conversation is linked to or unlinked from a class
 * (PATCH /conversations/{id} `{ class_id }`), and a class can require Socratic mode for the
 * conversations linked to it (PUT /classes/{id} `{ require_socratic }`): they answer Socratically
 * whatever mode is stored, and switching to Direct is refused (409 `socratic_required`).
 */
describe.each(dialects)('Conversations and their class (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  let teacher: SignedUp;
  let student: SignedUp;
  let classId: string;

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_API_KEY: 'sk-school-key-0000',
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model',
      CHAT_RATE_LIMIT_MAX: '1000',
    });
    teacher = await signUp(t, { role: 'teacher' });
    student = await signUp(t, { role: 'student' });
    const klass = await jsonRequest(
      t,
      'POST',
      '/api/classes',
      { title: 'Física 9B' },
      bearer(teacher),
    );
    expect(klass.status).toBe(201);
    classId = ((await klass.json()) as { id: string }).id;
    const add = await jsonRequest(
      t,
      'POST',
      `/api/classes/${classId}/members?user_id=${student.id}`,
      undefined,
      bearer(teacher),
    );
    expect(add.status).toBe(201);
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await t.close();
    await llm.close();
  });

  const patch = (who: SignedUp, id: string, body: unknown) =>
    jsonRequest(t, 'PATCH', `/api/conversations/${id}`, body, bearer(who));
  const create = async (who: SignedUp, body: Record<string, unknown>) => {
    const res = await jsonRequest(t, 'POST', '/api/conversations', body, bearer(who));
    expect(res.status).toBe(201);
    return (await res.json()) as Conversation;
  };
  const lastSystemPrompt = () =>
    String(llm.requests.filter((r) => r.stream).at(-1)?.body.messages?.[0]?.content);
  const send = async (who: SignedUp, id: string, text: string) => {
    const res = await jsonRequest(
      t,
      'POST',
      `/api/conversations/${id}/chat`,
      { action: 'send', text },
      bearer(who),
    );
    expect(res.status).toBe(200);
    await res.text();
  };

  it('links an existing conversation to one of my classes and unlinks it', async () => {
    const c = await create(student, { title: 'Velocidade' });
    expect(c).toMatchObject({ class_id: null, class_title: null, socratic_required: false });

    const linked = await patch(student, c.id, { class_id: classId });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({
      id: c.id,
      class_id: classId,
      class_title: 'Física 9B',
      title: 'Velocidade',
    });
    // The teacher of the class now sees it.
    const seen = await jsonRequest(
      t,
      'GET',
      `/api/classes/${classId}/conversations`,
      undefined,
      bearer(teacher),
    );
    expect(((await seen.json()) as Page<Conversation>).items.map((x) => x.id)).toContain(c.id);
    // The list shows the link too (its cached answer is not stale).
    const list = await jsonRequest(t, 'GET', '/api/conversations', undefined, bearer(student));
    expect(
      ((await list.json()) as Page<Conversation>).items.find((x) => x.id === c.id),
    ).toMatchObject({ class_id: classId, class_title: 'Física 9B' });

    const unlinked = await patch(student, c.id, { class_id: null });
    expect(unlinked.status).toBe(200);
    expect(await unlinked.json()).toMatchObject({ class_id: null, class_title: null });
    const after = await jsonRequest(
      t,
      'GET',
      `/api/classes/${classId}/conversations`,
      undefined,
      bearer(teacher),
    );
    expect(((await after.json()) as Page<Conversation>).items.map((x) => x.id)).not.toContain(c.id);
  });

  it('a class I am not in does not exist for me (404); someone else’s conversation neither', async () => {
    const outsider = await signUp(t, { role: 'student' });
    const c = await create(outsider, { title: 'Minha' });
    const res = await patch(outsider, c.id, { class_id: classId });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
    const mine = await create(student, { title: 'Dela' });
    expect((await patch(outsider, mine.id, { class_id: null })).status).toBe(404);
  });

  it('a class that requires Socratic mode: the setting, the lock and the prompt', async () => {
    const c = await create(student, { title: 'Queda livre', mode: 'direct' });
    expect(c.mode).toBe('direct');
    await patch(student, c.id, { class_id: classId });

    // Only the class's teachers change the setting.
    const denied = await jsonRequest(
      t,
      'PUT',
      `/api/classes/${classId}`,
      { require_socratic: true },
      bearer(student),
    );
    expect(denied.status).toBe(403);
    const set = await jsonRequest(
      t,
      'PUT',
      `/api/classes/${classId}`,
      { require_socratic: true },
      bearer(teacher),
    );
    expect(set.status).toBe(200);
    expect(((await set.json()) as ClassDetail).require_socratic).toBe(true);
    const detail = await jsonRequest(
      t,
      'GET',
      `/api/classes/${classId}`,
      undefined,
      bearer(student),
    );
    expect(((await detail.json()) as ClassDetail).require_socratic).toBe(true);
    const mine = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, bearer(student));
    expect(
      ((await mine.json()) as Page<ClassSummary>).items.find((k) => k.id === classId)
        ?.require_socratic,
    ).toBe(true);

    // The conversation shows Socratic, locked.
    const got = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${c.id}`,
      undefined,
      bearer(student),
    );
    expect(await got.json()).toMatchObject({ mode: 'socratic', socratic_required: true });

    // Whatever mode is stored, it answers Socratically.
    await send(student, c.id, 'Quanto tempo a pedra leva para cair?');
    expect(lastSystemPrompt()).toContain(TUTOR_MODE_MARKERS.socratic);
    expect(lastSystemPrompt()).not.toContain(TUTOR_MODE_MARKERS.direct);

    // Switching to Direct is refused with a reason…
    const refused = await patch(student, c.id, { mode: 'direct' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('socratic_required');
    // …and so is linking a Direct request to such a class in one go.
    const other = await create(student, { title: 'Outra' });
    const both = await patch(student, other.id, { class_id: classId, mode: 'direct' });
    expect(both.status).toBe(409);
    // A new conversation created in the class is Socratic too.
    const fresh = await create(student, { title: 'Nova', class_id: classId, mode: 'direct' });
    expect(fresh).toMatchObject({ mode: 'socratic', socratic_required: true });

    // Unlinked, the student's own choice is back.
    const free = await patch(student, c.id, { class_id: null });
    expect(await free.json()).toMatchObject({ mode: 'direct', socratic_required: false });
    await send(student, c.id, 'E agora?');
    expect(lastSystemPrompt()).toContain(TUTOR_MODE_MARKERS.direct);

    // The teacher turns it off: Direct is allowed again in the class.
    await patch(student, c.id, { class_id: classId });
    const off = await jsonRequest(
      t,
      'PUT',
      `/api/classes/${classId}`,
      { require_socratic: false },
      bearer(teacher),
    );
    expect(((await off.json()) as ClassDetail).require_socratic).toBe(false);
    const allowed = await patch(student, c.id, { mode: 'direct' });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ mode: 'direct', socratic_required: false });
  });
});
