import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { ClassDetail, ClassMember } from '@aprenda/shared/schemas/classes';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from '../../../test/helpers.ts';
import { withoutCodeSeparators as withoutSeparators } from '@aprenda/shared/schemas/classes';

type Joined = ClassDetail & { already_member: boolean };

/**
 * Joining with a code as people type it (spaces, dashes, any case) and telling a new member from
 * one who was in the class already; a teacher adding themself is told they are in the class
 * already (not "the class needs a teacher"); the 409 of an archived class is worded for who gets it.
 */
describe.each(dialects)('joining, adding yourself, archived wording (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let coTeacher: SignedUp;
  let student: SignedUp;
  let klass: ClassDetail;

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  const joinedActions = async (userId: string) =>
    (
      await t.db.db
        .selectFrom('user_actions')
        .select('context')
        .where('user_id', '=', userId)
        .where('action', '=', 'class_joined')
        .execute()
    ).length;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    coTeacher = await signUp(t, { role: 'teacher', name: 'Rafael Lima' });
    student = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
    klass = (
      await call<ClassDetail>(owner, 'POST', '/classes', { title: 'Física', code: 'JCRZAX' })
    ).body;
  });
  afterAll(async () => t?.close());

  it('reads a code without spaces, dashes or case; says when I was in the class already', async () => {
    const first = await call<Joined>(student, 'POST', '/classes/join', { code: 'jcr zax' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: klass.id, role: 'student', already_member: false });
    expect(await joinedActions(student.id)).toBe(1);

    for (const code of ['JCR-ZAX', ' jcr – zax ', 'j c r z a x', 'JCRZAX']) {
      const again = await call<Joined>(student, 'POST', '/classes/join', { code });
      expect(again.status, code).toBe(200);
      expect(again.body, code).toMatchObject({ id: klass.id, already_member: true });
    }
    expect(await joinedActions(student.id)).toBe(1);

    // Its teachers too are in it already (nothing changes: still a teacher).
    const teacher = await call<Joined>(owner, 'POST', '/classes/join', { code: 'jcr-zax' });
    expect(teacher.body).toMatchObject({ already_member: true, role: 'teacher' });

    // Separators alone are no code; other characters still are refused on the code field.
    for (const code of [' - ', 'JCR_ZAX']) {
      const bad = await call<Problem>(student, 'POST', '/classes/join', { code });
      expect(bad.status, code).toBe(400);
      expect(bad.body.errors?.[0]?.path).toBe('code');
    }
  });

  it('withoutSeparators drops spaces and every kind of dash, nothing else', () => {
    expect(withoutSeparators(' jcr zax ')).toBe('jcrzax');
    expect(withoutSeparators('JCR-ZAX')).toBe('JCRZAX');
    expect(withoutSeparators('JCR\u2013ZAX\u2014A\u2212B\tC')).toBe('JCRZAXABC');
    expect(withoutSeparators('JCR_ZAX.')).toBe('JCR_ZAX.');
  });

  it('a teacher adding their own e-mail, with any role: 409 conflict, nothing changes', async () => {
    const added = await call(
      owner,
      'POST',
      `/classes/${klass.id}/members?user_id=${coTeacher.id}&role=teacher`,
    );
    expect(added.status).toBe(201);

    for (const [who, query] of [
      [owner, `email=${encodeURIComponent(owner.email.toUpperCase())}&role=student`],
      [owner, `email=${encodeURIComponent(owner.email)}&role=teacher`],
      [coTeacher, `email=${encodeURIComponent(coTeacher.email)}&role=student`],
      [coTeacher, `email=${encodeURIComponent(coTeacher.email)}`],
    ] as const) {
      const res = await call<Problem>(who, 'POST', `/classes/${klass.id}/members?${query}`);
      expect(res.status, query).toBe(409);
      expect(res.body.code, query).toBe('already_member');
      expect(res.body.detail, query).toBe(
        who === owner
          ? 'You are already in this class, as its owner'
          : 'You are already in this class, as a teacher',
      );
    }
    const members = await call<{ items: ClassMember[] }>(
      owner,
      'GET',
      `/classes/${klass.id}/members`,
    );
    const roles = Object.fromEntries(members.body.items.map((m) => [m.user_id, m.role]));
    expect(roles).toMatchObject({ [owner.id]: 'teacher', [coTeacher.id]: 'teacher' });

    // By id the rules stay those of re-roling (the owner is never demoted).
    const byId = await call<Problem>(
      owner,
      'POST',
      `/classes/${klass.id}/members?user_id=${owner.id}&role=student`,
    );
    expect(byId.body.code).toBe('owner_protected');

    // Someone else is still added as before.
    const other = await signUp(t, { role: 'student' });
    const ok = await call(
      owner,
      'POST',
      `/classes/${klass.id}/members?email=${encodeURIComponent(other.email)}`,
    );
    expect(ok.status).toBe(201);
  });

  it('the 409 of an archived class tells its owner to restore it, a co-teacher that only the owner can', async () => {
    expect((await call(owner, 'POST', `/classes/${klass.id}/archive`)).status).toBe(200);
    const byOwner = await call<Problem>(owner, 'POST', `/classes/${klass.id}/events`, {
      title: 'Prova',
      starts_at: '2030-03-10T13:00:00Z',
    });
    expect(byOwner.status).toBe(409);
    expect(byOwner.body).toMatchObject({
      code: 'class_archived',
      detail: 'This class is archived; restore it to change it',
    });
    const byCoTeacher = await call<Problem>(
      coTeacher,
      'POST',
      `/classes/${klass.id}/members?user_id=${student.id}`,
    );
    expect(byCoTeacher.body).toMatchObject({
      code: 'class_archived',
      detail: 'This class is archived; only its owner can restore it',
    });
    expect((await call(owner, 'POST', `/classes/${klass.id}/restore`)).status).toBe(200);
  });
});
