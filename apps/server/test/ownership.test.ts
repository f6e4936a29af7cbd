import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { createClass } from '../src/modules/classes/classes.service.ts';
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

/**
 * The owner stays the owner: no chain of calls by a co-teacher (demote → delete, remove → delete,
 * transfer to oneself) takes a class away from its owner; ownership moves only when the owner
 * hands it to one of the class's teachers.
 */
describe.each(dialects)('class ownership (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let co: SignedUp;
  let student: SignedUp;
  let outsider: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Dona' });
    co = await signUp(t, { role: 'teacher', name: 'Co' });
    student = await signUp(t, { role: 'student', name: 'Aluna' });
    outsider = await signUp(t, { role: 'teacher', name: 'De Fora' });
  });
  afterAll(async () => t?.close());

  async function call<T = Problem>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function freshClass() {
    const klass = await createClass(t.ctx, owner.id, { title: 'Física 1º ano' });
    await addClassMember(t.ctx, klass.id, co.id, 'teacher');
    await addClassMember(t.ctx, klass.id, student.id, 'student');
    return klass.id;
  }

  async function state(classId: string) {
    const db = t.db.db;
    return {
      klass: await db
        .selectFrom('classes')
        .select(['id', 'owner_id'])
        .where('id', '=', classId)
        .executeTakeFirst(),
      members: await db
        .selectFrom('class_members')
        .select(['user_id', 'role'])
        .where('class_id', '=', classId)
        .orderBy('user_id')
        .execute(),
    };
  }

  it('a co-teacher can neither demote nor remove the owner, then delete (403, nothing changes)', async () => {
    const id = await freshClass();
    const before = await state(id);

    const demote = await call(
      co,
      'POST',
      `/classes/${id}/members?user_id=${owner.id}&role=student`,
    );
    expect(demote).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
    const del1 = await call(co, 'DELETE', `/classes/${id}`);
    expect(del1).toMatchObject({ status: 403, body: { code: 'owner_only' } });

    const remove = await call(co, 'DELETE', `/classes/${id}/members/${owner.id}`);
    expect(remove).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
    const del2 = await call(co, 'DELETE', `/classes/${id}`);
    expect(del2).toMatchObject({ status: 403, body: { code: 'owner_only' } });

    expect(await state(id)).toEqual(before);
  });

  it('a co-teacher cannot take the class: transfer to oneself or to another teacher is 403', async () => {
    const id = await freshClass();
    const before = await state(id);
    for (const target of [co.id, owner.id]) {
      const res = await call(co, 'POST', `/classes/${id}/owner`, { user_id: target });
      expect(res).toMatchObject({ status: 403, body: { code: 'owner_only' } });
    }
    // A student of the class gets the generic teachers-only answer; an outsider sees no class.
    expect(
      (await call(student, 'POST', `/classes/${id}/owner`, { user_id: student.id })).body.code,
    ).toBe('forbidden');
    expect(
      (await call(outsider, 'POST', `/classes/${id}/owner`, { user_id: outsider.id })).status,
    ).toBe(404);
    expect(await state(id)).toEqual(before);
  });

  it('the owner cannot leave or step down while owning the class, even with another teacher', async () => {
    const id = await freshClass();
    const leave = await call(owner, 'DELETE', `/classes/${id}/members/${owner.id}`);
    expect(leave).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
    const stepDown = await call(
      owner,
      'POST',
      `/classes/${id}/members?user_id=${owner.id}&role=student`,
    );
    expect(stepDown).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
    expect((await state(id)).members).toContainEqual({ user_id: owner.id, role: 'teacher' });
  });

  it('the owner hands the class only to one of its teachers', async () => {
    const id = await freshClass();
    for (const target of [student.id, outsider.id, 'no-such-user']) {
      const res = await call(owner, 'POST', `/classes/${id}/owner`, { user_id: target });
      expect(res).toMatchObject({ status: 409, body: { code: 'owner_target_not_teacher' } });
    }
    const bad = await call(owner, 'POST', `/classes/${id}/owner`, { user_id: '' });
    expect(bad.status).toBe(400);
    expect((await state(id)).klass?.owner_id).toBe(owner.id);
  });

  it('after a transfer the roles swap: the new owner is protected, the old one is a co-teacher', async () => {
    const id = await freshClass();
    const moved = await call<ClassDetail>(owner, 'POST', `/classes/${id}/owner`, {
      user_id: co.id,
    });
    expect(moved).toMatchObject({ status: 200, body: { id, owner_id: co.id, role: 'teacher' } });
    expect((await state(id)).klass?.owner_id).toBe(co.id);
    const logged = await t.db.db
      .selectFrom('user_actions')
      .select(['user_id', 'context'])
      .where('action', '=', 'class_owner_transferred')
      .execute();
    expect(logged.some((a) => a.user_id === owner.id && String(a.context).includes(co.id))).toBe(
      true,
    );

    // The former owner is now the one who cannot demote, remove or delete.
    const demote = await call(
      owner,
      'POST',
      `/classes/${id}/members?user_id=${co.id}&role=student`,
    );
    expect(demote).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
    expect((await call(owner, 'DELETE', `/classes/${id}`)).body.code).toBe('owner_only');
    // …and may now step down and leave.
    expect((await call(owner, 'DELETE', `/classes/${id}/members/${owner.id}`)).status).toBe(204);
    // The new owner deletes the class.
    expect((await call(co, 'DELETE', `/classes/${id}`)).status).toBe(204);
    expect((await state(id)).klass).toBeUndefined();
  });

  it('a transfer to oneself changes nothing and answers the class', async () => {
    const id = await freshClass();
    const res = await call<ClassDetail>(owner, 'POST', `/classes/${id}/owner`, {
      user_id: owner.id,
    });
    expect(res).toMatchObject({ status: 200, body: { owner_id: owner.id } });
  });

  it('concurrent transfer and removal of the new owner never leave a class owned by a non-teacher', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await freshClass();
      const [transfer, removal] = await Promise.all([
        call(owner, 'POST', `/classes/${id}/owner`, { user_id: co.id }),
        call(owner, 'DELETE', `/classes/${id}/members/${co.id}`),
      ]);
      const after = await state(id);
      const ownerRow = after.members.find((m) => m.user_id === after.klass?.owner_id);
      expect(ownerRow?.role, `round ${round}: ${transfer.status}/${removal.status}`).toBe(
        'teacher',
      );
    }
  });
});
