import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type {
  ClassDetail,
  ClassInvite,
  ClassMember,
  CreatedInvite,
} from '@aprenda/shared/schemas/classes';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 11, point 5: who may create a class (by account role), and adding a member by e-mail
 * without ever telling whether the address has an account.
 */
describe.each(dialects)('class roles and adding by e-mail (%s)', (dialect) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let teacher: SignedUp;
  let student: SignedUp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
    teacher = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    student = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const classCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('classes')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const actions = async (userId: string, action: string) =>
    (
      await t.db.db
        .selectFrom('user_actions')
        .select('context')
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .execute()
    ).map((r) => JSON.parse(String(r.context)) as Record<string, unknown>);

  it('a student account cannot create a class (403 teacher_account_required, nothing stored), even while teaching one', async () => {
    const before = await classCount();
    const refused = await call<Problem>(student, 'POST', '/classes', { title: 'Minha turma' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('teacher_account_required');
    expect(await classCount()).toBe(before);
    // X-User-Role grants nothing.
    const forged = await jsonRequest(
      t,
      'POST',
      '/api/classes',
      { title: 'Forjada' },
      { ...bearer(student), 'x-user-role': 'teacher' },
    );
    expect(forged.status).toBe(403);

    // A student account made co-teacher of a class manages it, but still creates none.
    const created = await call<ClassDetail>(teacher, 'POST', '/classes', { title: 'Química' });
    expect(created.status).toBe(201);
    const invite = await call<CreatedInvite>(teacher, 'POST', '/classes/invites', {
      class_id: created.body.id,
      role: 'teacher',
    });
    const joined = await call<ClassDetail>(student, 'POST', '/classes/invites/accept', {
      token: invite.body.token,
    });
    expect(joined.body.role).toBe('teacher');
    const rename = await call(student, 'PUT', `/classes/${created.body.id}`, {
      title: 'Química 2',
    });
    expect(rename.status).toBe(200);
    const again = await call<Problem>(student, 'POST', '/classes', { title: 'Outra' });
    expect(again).toMatchObject({ status: 403, body: { code: 'teacher_account_required' } });
    expect(await classCount()).toBe(before + 1);
  });

  it('adding by e-mail answers the same with or without an account: a member, or an e-mail-locked invite that is mailed', async () => {
    const klass = (await call<ClassDetail>(teacher, 'POST', '/classes', { title: 'Redação' })).body;
    const existing = await signUp(t, { role: 'student', name: 'Maria Souza' });
    const stranger = `nova-${Date.now().toString(36)}@Escola.test`;

    const add = (email: string, role = 'student') =>
      jsonRequest(
        t,
        'POST',
        `/api/classes/${klass.id}/members?email=${encodeURIComponent(email)}&role=${role}`,
        undefined,
        bearer(teacher),
      );
    const withAccount = await add(existing.email.toUpperCase());
    const withoutAccount = await add(stranger);
    // Same status, same headers that matter, same shape: nothing tells the two apart.
    expect(withAccount.status).toBe(201);
    expect(withoutAccount.status).toBe(201);
    expect(withAccount.headers.get('content-type')).toBe(
      withoutAccount.headers.get('content-type'),
    );
    const a = (await withAccount.json()) as Record<string, unknown>;
    const b = (await withoutAccount.json()) as Record<string, unknown>;
    expect(a).toEqual({ email: existing.email.toLowerCase(), role: 'student' });
    expect(b).toEqual({ email: stranger.toLowerCase(), role: 'student' });
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());

    // Twice: 200 either way, nothing new; with another role: 201 either way (re-roled / invited).
    expect((await add(existing.email)).status).toBe(200);
    expect((await add(stranger)).status).toBe(200);
    expect((await add(existing.email, 'teacher')).status).toBe(201);
    expect((await add(stranger, 'teacher')).status).toBe(201);
    expect((await add(existing.email, 'student')).status).toBe(201);
    expect((await add(stranger, 'student')).status).toBe(200);

    // The account is a member now (Membros) …
    const members = await call<{ items: ClassMember[] }>(
      teacher,
      'GET',
      `/classes/${klass.id}/members`,
    );
    expect(members.body.items.map((m) => m.user_id)).toContain(existing.id);
    // … the address without an account has one invite locked to it, for one use (Convites).
    const invites = await call<{ items: ClassInvite[] }>(
      teacher,
      'GET',
      `/classes/${klass.id}/invites`,
    );
    expect(invites.body.items.map((i) => i.role)).toEqual(['teacher', 'student']);
    expect(invites.body.items[1]).toMatchObject({
      email: stranger.toLowerCase(),
      role: 'student',
      max_uses: 1,
      uses: 0,
      status: 'valid',
    });
    expect(await actions(teacher.id, 'member_invited')).toContainEqual({
      class_id: klass.id,
      invite_id: invites.body.items[1]!.id,
      role: 'student',
    });

    // Both addresses got a mail; the invite's link opens the invite page.
    const added = await smtp.waitFor(existing.email, 2); // after the sign-up's verification mail
    expect(added.subject).toBe('Aprenda: você entrou na turma Redação');
    expect(added.text).toContain('Helena Costa adicionou você à turma "Redação"');
    expect(added.links).toContain(`${ORIGIN}/dashboard/student/${klass.id}`);
    const invited = await smtp.waitFor(stranger);
    expect(invited.subject).toBe('Aprenda: convite para a turma Redação');
    expect(invited.text).toContain('Helena Costa convidou você para a turma "Redação"');
    const link = invited.links.find((l) => l.startsWith(`${ORIGIN}/convite/`));
    expect(link).toBeDefined();
    const token = link!.slice(`${ORIGIN}/convite/`.length);
    // Asking again with the same role sent nothing new (the teacher invite has its own mail).
    await smtp.waitFor(stranger, 2);
    expect(smtp.mailsTo(stranger)).toHaveLength(2);

    // The person signs up with that address, confirms it, and joins through the invite.
    const newcomer = await signUp(t, { role: 'student', email: stranger, name: 'Nova Aluna' });
    const verification = await smtp.waitFor(stranger, 3);
    const verify = new URL(verification.links[0]!);
    expect((await t.app.request(`${verify.pathname}${verify.search}`)).status).toBe(302);
    const joined = await call<ClassDetail>(newcomer, 'POST', '/classes/invites/accept', { token });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: klass.id, role: 'student' });
    // Someone else holding the link cannot use it.
    const other = await call<Problem>(student, 'POST', '/classes/invites/accept', { token });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('invite_email_mismatch');
  });

  it('adding by e-mail stays for teachers of the class, and a user id still answers the member', async () => {
    const klass = (await call<ClassDetail>(teacher, 'POST', '/classes', { title: 'Artes' })).body;
    await call(teacher, 'POST', `/classes/${klass.id}/members?user_id=${student.id}`);
    const refused = await call<Problem>(
      student,
      'POST',
      `/classes/${klass.id}/members?email=alguem@escola.test`,
    );
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const invites = await t.db.db
      .selectFrom('class_invites')
      .select('id')
      .where('class_id', '=', klass.id)
      .execute();
    expect(invites).toEqual([]);
    const byId = await call<ClassMember>(
      teacher,
      'POST',
      `/classes/${klass.id}/members?user_id=${student.id}&role=teacher`,
    );
    expect(byId).toMatchObject({
      status: 200,
      body: { user_id: student.id, name: 'Lucas Almeida', role: 'teacher' },
    });
  });
});
