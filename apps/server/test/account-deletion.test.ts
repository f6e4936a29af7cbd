import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
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
 * "Excluir minha conta" (decision 0050): Better Auth's delete-user, with the password, and never
 * for the owner of a class. Everything of the account goes (foreign keys cascade), and what other
 * people see follows at once, through the response cache (its triggers fire on cascades too).
 */
describe.each(dialects)('deleting one’s own account (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let coTeacher: SignedUp;
  let student: SignedUp;
  let classmate: SignedUp;
  let classId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    coTeacher = await signUp(t, { role: 'teacher', name: 'Bruno Dias' });
    student = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
    classmate = await signUp(t, { role: 'student', name: 'Marina Souza' });
    const created = await call<{ id: string }>(owner, 'POST', '/classes', { title: '9º ano A' });
    expect(created.status).toBe(201);
    classId = created.body.id;
    for (const [u, role] of [
      [coTeacher, 'teacher'],
      [student, 'student'],
      [classmate, 'student'],
    ] as const) {
      const added = await call(
        owner,
        'POST',
        `/classes/${classId}/members?user_id=${u.id}&role=${role}`,
      );
      expect(added.status).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const deleteAccount = (u: SignedUp, body: Record<string, unknown>) =>
    jsonRequest(t, 'POST', '/pb/auth/delete-user', body, bearer(u));
  const userExists = async (id: string) =>
    Boolean(await t.db.db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst());
  const memberIds = async (as: SignedUp) => {
    const res = await call<{ items: Array<{ user_id: string }> }>(
      as,
      'GET',
      `/classes/${classId}/members`,
    );
    expect(res.status).toBe(200);
    return res.body.items.map((m) => m.user_id);
  };
  const teachersSeenBy = async (as: SignedUp) => {
    const res = await call<{ items: ClassSummary[] }>(as, 'GET', '/classes/mine');
    expect(res.status).toBe(200);
    return res.body.items.find((c) => c.id === classId)?.teachers;
  };

  it('needs the password: none, or a wrong one, deletes nothing', async () => {
    for (const body of [{}, { password: '' }, { password: 'not-the-password' }]) {
      const res = await deleteAccount(student, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const wrong = (await (await deleteAccount(student, { password: 'nope-nope-1' })).json()) as {
      code: string;
    };
    expect(wrong.code).toBe('wrong_password');
    // Nor by a mailed link, which is not offered.
    const byToken = await deleteAccount(student, { password: student.password, token: 'x' });
    expect(byToken.status).toBe(400);
    expect(await userExists(student.id)).toBe(true);
    expect((await call(student, 'GET', '/classes/mine')).status).toBe(200);
  });

  it('needs a signed-in session', async () => {
    const res = await jsonRequest(t, 'POST', '/pb/auth/delete-user', {
      password: student.password,
    });
    expect(res.status).toBe(401);
    expect(await userExists(student.id)).toBe(true);
  });

  it('a student: gone with their data; their token is refused; the class no longer lists them', async () => {
    // Seen (and cached) before the deletion.
    expect(await memberIds(owner)).toContain(student.id);
    expect(await memberIds(classmate)).toContain(student.id);
    const conversation = await call<{ id: string }>(student, 'POST', '/conversations', {
      title: 'Frações',
    });
    expect(conversation.status).toBe(201);

    const res = await deleteAccount(student, { password: student.password });
    expect(res.status).toBe(200);
    expect(await userExists(student.id)).toBe(false);
    for (const table of ['class_members', 'conversations', 'user_actions'] as const) {
      const left = await t.db.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', student.id)
        .execute();
      expect(left, table).toHaveLength(0);
    }
    expect((await call(student, 'GET', '/classes/mine')).status).toBe(401);
    expect(await memberIds(owner)).not.toContain(student.id);
    expect(await memberIds(classmate)).not.toContain(student.id);
    expect(await memberIds(classmate)).toContain(classmate.id);
  });

  it('the owner of a class: 409 owns_classes until the class is handed over; a co-teacher’s name leaves the class', async () => {
    expect(await teachersSeenBy(classmate)).toEqual(['Helena Costa', 'Bruno Dias']);
    const refused = await deleteAccount(owner, { password: owner.password });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('owns_classes');
    expect(await userExists(owner.id)).toBe(true);

    // The co-teacher is no owner: deleting their account takes their name off the class.
    expect((await deleteAccount(coTeacher, { password: coTeacher.password })).status).toBe(200);
    expect(await teachersSeenBy(classmate)).toEqual(['Helena Costa']);

    // Handed over (to a new co-teacher), the class stays with its students.
    const heir = await signUp(t, { role: 'teacher', name: 'Carla Nunes' });
    expect(
      (await call(owner, 'POST', `/classes/${classId}/members?user_id=${heir.id}&role=teacher`))
        .status,
    ).toBe(201);
    expect(
      (await call(owner, 'POST', `/classes/${classId}/owner`, { user_id: heir.id })).status,
    ).toBe(200);
    expect((await deleteAccount(owner, { password: owner.password })).status).toBe(200);
    expect(await userExists(owner.id)).toBe(false);
    expect(await teachersSeenBy(classmate)).toEqual(['Carla Nunes']);
    // By joining order: the classmate joined before the heir.
    expect(await memberIds(heir)).toEqual([classmate.id, heir.id]);
  });
});
