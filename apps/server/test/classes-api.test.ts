import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClassDetail,
  ClassEvent,
  ClassInvite,
  ClassMember,
  CreatedInvite,
  InvitePreview,
} from '@aprenda/shared/schemas/classes';
import type { FieldError } from '@aprenda/shared/errors';
import type { Clock } from '../src/lib/clock.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

type Problem = { code: string; errors?: FieldError[] };
const DAY = 86_400_000;

/** A clock the test sets; every read moves 1 ms so rows created in a row have distinct times. */
function testClock(start: string) {
  let t = Date.parse(start);
  const clock: Clock = { now: () => new Date((t += 1)) };
  return { clock, set: (iso: string) => (t = Date.parse(iso)), advance: (ms: number) => (t += ms) };
}

describe.each(dialects)('class API (%s)', (dialect) => {
  let t: TestApp;
  const time = testClock('2030-03-01T12:00:00.000Z');
  let helena: SignedUp;
  let joao: SignedUp;
  let lucas: SignedUp;
  let maria: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { clock: time.clock });
    helena = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    joao = await signUp(t, { role: 'teacher', name: 'João Prado' });
    lucas = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
    maria = await signUp(t, { role: 'student', name: 'Maria Souza' });
  });
  afterAll(async () => t?.close());

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function newClass(title = 'Matemática', extra: Record<string, unknown> = {}) {
    const res = await call<ClassDetail>(helena, 'POST', '/classes', { title, ...extra });
    expect(res.status).toBe(201);
    return res.body;
  }

  const actions = async (userId: string, action: string) =>
    (
      await t.db.db
        .selectFrom('user_actions')
        .select(['context', 'timestamp'])
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .execute()
    ).map((r) => JSON.parse(r.context!) as Record<string, string>);

  describe('classes', () => {
    it('creates a class with the caller as teacher, proposes no code twice, records class_created', async () => {
      const res = await call<ClassDetail>(helena, 'POST', '/classes', {
        title: '  Física — 1º ano ',
        description: 'Cinemática',
        code: 'mat9a2',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Física — 1º ano',
        description: 'Cinemática',
        code: 'MAT9A2',
        owner_id: helena.id,
        role: 'teacher',
        join_by_code: true,
        teachers: [{ id: helena.id, name: 'Helena Costa' }],
        member_count: 1,
        upcoming_events: [],
      });
      expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await actions(helena.id, 'class_created')).toContainEqual({ class_id: res.body.id });

      const generated = await newClass('Sem código');
      expect(generated.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);

      const clash = await call<Problem>(joao, 'POST', '/classes', { title: 'X', code: 'MAT9A2' });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('class_code_taken');
    });

    it('rejects bad input with field errors (path, code, bounds)', async () => {
      const cases: Array<[unknown, string, string, Partial<FieldError>?]> = [
        [{ title: '' }, 'title', 'too_small', { minimum: 1 }],
        [{ title: '   ' }, 'title', 'too_small', { minimum: 1 }],
        [{ title: 'x'.repeat(121) }, 'title', 'too_big', { maximum: 120 }],
        [
          { title: 'ok', description: 'x'.repeat(2001) },
          'description',
          'too_big',
          { maximum: 2000 },
        ],
        [{ title: 'ok', code: 'ABC' }, 'code', 'too_small', { minimum: 4 }],
        [{ title: 'ok', code: 'ABCDEFGHJKLMN' }, 'code', 'too_big', { maximum: 12 }],
        [{ title: 'ok', code: 'ABC0EF' }, 'code', 'invalid_format'],
        [{ title: 'ok', code: 'ABCIEF' }, 'code', 'invalid_format'],
        [{}, 'title', 'invalid_type'],
      ];
      for (const [body, path, code, bounds] of cases) {
        const res = await call<Problem>(helena, 'POST', '/classes', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('validation_failed');
        expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code, ...bounds }));
      }
      const okMax = await call(helena, 'POST', '/classes', {
        title: 'x'.repeat(120),
        description: 'y'.repeat(2000),
        code: 'LMNP',
      });
      expect(okMax.status).toBe(201);
      const bad = await call<Problem>(
        helena,
        'PUT',
        `/classes/${(okMax.body as ClassDetail).id}`,
        {},
      );
      expect(bad.status).toBe(400);
    });

    it('updates any subset; a taken code is 409; GET shows role, teachers, count, upcoming events', async () => {
      const c = await newClass('Química');
      const other = await newClass('Biologia');
      const put = await call<ClassDetail>(helena, 'PUT', `/classes/${c.id}`, {
        description: 'Nova',
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ title: 'Química', description: 'Nova', code: c.code });
      expect(put.body.updated_at > c.updated_at).toBe(true);
      const taken = await call<Problem>(helena, 'PUT', `/classes/${c.id}`, { code: other.code });
      expect(taken).toMatchObject({ status: 409, body: { code: 'class_code_taken' } });

      await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
      await call(helena, 'POST', `/classes/${c.id}/events`, {
        title: 'Prova',
        starts_at: '2030-03-05T13:00:00Z',
      });
      const got = await call<ClassDetail>(lucas, 'GET', `/classes/${c.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        id: c.id,
        role: 'student',
        member_count: 2,
        teachers: [{ id: helena.id, name: 'Helena Costa' }],
      });
      expect(got.body.upcoming_events.map((e) => e.title)).toEqual(['Prova']);
    });

    it('join by code: case-insensitive, idempotent, off and reset stop the old code', async () => {
      const c = await newClass('Geografia');
      const join = await call<ClassDetail>(lucas, 'POST', '/classes/join', {
        code: c.code!.toLowerCase(),
      });
      expect(join.status).toBe(200);
      expect(join.body).toMatchObject({ id: c.id, role: 'student' });
      const again = await call<ClassDetail>(lucas, 'POST', '/classes/join', { code: c.code });
      expect(again.status).toBe(200);
      expect(again.body.member_count).toBe(2);
      expect((await actions(lucas.id, 'class_joined')).filter((a) => a.class_id === c.id)).toEqual([
        { class_id: c.id, via: 'code' },
      ]);

      const off = await call<ClassDetail>(helena, 'PUT', `/classes/${c.id}`, {
        join_by_code: false,
      });
      expect(off.body.join_by_code).toBe(false);
      const refused = await call<Problem>(maria, 'POST', '/classes/join', { code: c.code });
      expect(refused).toMatchObject({ status: 404, body: { code: 'class_code_not_found' } });
      await call(helena, 'PUT', `/classes/${c.id}`, { join_by_code: true });

      const reset = await call<ClassDetail>(helena, 'POST', `/classes/${c.id}/code/reset`);
      expect(reset.status).toBe(200);
      expect(reset.body.code).not.toBe(c.code);
      expect((await call(maria, 'POST', '/classes/join', { code: c.code })).status).toBe(404);
      expect((await call(maria, 'POST', '/classes/join', { code: reset.body.code })).status).toBe(
        200,
      );

      const bad = await call<Problem>(maria, 'POST', '/classes/join', { code: 'O0' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.path).toBe('code');
    });
  });

  describe('members', () => {
    it('adds by user id or e-mail (twice is harmless), shows e-mail to teachers only, records', async () => {
      const c = await newClass('História');
      const first = await call<ClassMember>(
        helena,
        'POST',
        `/classes/${c.id}/members?user_id=${lucas.id}`,
      );
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        user_id: lucas.id,
        name: 'Lucas Almeida',
        role: 'student',
      });
      const twice = await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
      expect(twice.status).toBe(200);
      // By e-mail the answer never tells whether the address has an account (issue 11): an
      // account is added; an address without one gets an invite locked to it.
      const byEmail = await call<ClassMember>(
        helena,
        'POST',
        `/classes/${c.id}/members?email=${encodeURIComponent(joao.email.toUpperCase())}&role=teacher`,
      );
      expect(byEmail.status).toBe(201);
      expect(byEmail.body).toEqual({ email: joao.email.toLowerCase(), role: 'teacher' });

      const unknown = await call(
        helena,
        'POST',
        `/classes/${c.id}/members?email=ninguem@example.com`,
      );
      expect(unknown).toEqual({
        status: 201,
        body: { email: 'ninguem@example.com', role: 'student' },
      });
      const unknownId = await call<Problem>(
        helena,
        'POST',
        `/classes/${c.id}/members?user_id=nobody`,
      );
      expect(unknownId).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
      for (const q of [
        '',
        `?user_id=${lucas.id}&email=${encodeURIComponent(lucas.email)}`,
        `?user_id=${lucas.id}&role=admin`,
        '?email=not-an-email',
      ]) {
        expect((await call(helena, 'POST', `/classes/${c.id}/members${q}`)).status, q).toBe(400);
      }

      const asTeacher = await call<{ items: ClassMember[]; nextCursor: null }>(
        helena,
        'GET',
        `/classes/${c.id}/members`,
      );
      expect(asTeacher.body.items.map((m) => [m.user_id, m.role, m.email])).toEqual([
        [helena.id, 'teacher', helena.email],
        [lucas.id, 'student', lucas.email],
        [joao.id, 'teacher', joao.email],
      ]);
      const asStudent = await call<{ items: ClassMember[] }>(
        lucas,
        'GET',
        `/classes/${c.id}/members`,
      );
      expect(asStudent.body.items).toHaveLength(3);
      for (const m of asStudent.body.items) expect(m).not.toHaveProperty('email');

      const paged = await call<{ items: ClassMember[]; nextCursor: string }>(
        helena,
        'GET',
        `/classes/${c.id}/members?limit=2`,
      );
      expect(paged.body.items).toHaveLength(2);
      const rest = await call<{ items: ClassMember[]; nextCursor: null }>(
        helena,
        'GET',
        `/classes/${c.id}/members?limit=2&cursor=${paged.body.nextCursor}`,
      );
      expect(rest.body).toEqual({ items: [asTeacher.body.items[2]], nextCursor: null });

      const added = await actions(helena.id, 'member_added');
      expect(added.filter((a) => a.class_id === c.id)).toEqual([
        { class_id: c.id, user_id: lucas.id, role: 'student' },
        { class_id: c.id, user_id: joao.id, role: 'teacher' },
      ]);
    });

    it('removes members; the last teacher can be neither removed nor demoted; students may leave', async () => {
      const c = await newClass('Artes');
      await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
      await call(helena, 'POST', `/classes/${c.id}/members?user_id=${maria.id}`);

      const last = await call<Problem>(helena, 'DELETE', `/classes/${c.id}/members/${helena.id}`);
      expect(last).toMatchObject({ status: 409, body: { code: 'last_teacher' } });
      const demote = await call<Problem>(
        helena,
        'POST',
        `/classes/${c.id}/members?user_id=${helena.id}&role=student`,
      );
      expect(demote).toMatchObject({ status: 409, body: { code: 'last_teacher' } });

      expect((await call(lucas, 'DELETE', `/classes/${c.id}/members/${maria.id}`)).status).toBe(
        403,
      );
      expect((await call(lucas, 'DELETE', `/classes/${c.id}/members/${lucas.id}`)).status).toBe(
        204,
      );
      expect((await call(lucas, 'GET', `/classes/${c.id}`)).status).toBe(404);
      expect((await call(helena, 'DELETE', `/classes/${c.id}/members/${maria.id}`)).status).toBe(
        204,
      );
      expect((await call(helena, 'DELETE', `/classes/${c.id}/members/${maria.id}`)).status).toBe(
        404,
      );
      const mine = await call<{ items: Array<{ id: string }> }>(maria, 'GET', '/classes/mine');
      expect(mine.body.items.map((x) => x.id)).not.toContain(c.id);
      expect(
        (await actions(helena.id, 'member_removed')).filter((a) => a.class_id === c.id),
      ).toEqual([{ class_id: c.id, user_id: maria.id }]);

      // With a co-teacher, the owner still cannot step down or leave before handing the class over.
      await call(helena, 'POST', `/classes/${c.id}/members?user_id=${joao.id}&role=teacher`);
      const stepDown = await call<Problem>(
        helena,
        'POST',
        `/classes/${c.id}/members?user_id=${helena.id}&role=student`,
      );
      expect(stepDown).toMatchObject({ status: 403, body: { code: 'owner_protected' } });
      expect((await call(joao, 'DELETE', `/classes/${c.id}`)).status).toBe(403);
      // After the transfer the old owner may step down; the new owner may delete the class.
      const moved = await call<ClassDetail>(helena, 'POST', `/classes/${c.id}/owner`, {
        user_id: joao.id,
      });
      expect(moved).toMatchObject({ status: 200, body: { owner_id: joao.id } });
      expect(
        (await call(helena, 'POST', `/classes/${c.id}/members?user_id=${helena.id}&role=student`))
          .status,
      ).toBe(200);
      // The new owner is the last teacher now: neither leaving nor being removed.
      expect((await call(joao, 'DELETE', `/classes/${c.id}/members/${joao.id}`)).status).toBe(409);
      expect((await call(joao, 'DELETE', `/classes/${c.id}`)).status).toBe(204);
    });
  });

  describe('invites', () => {
    it('creates an invite whose token is returned once and stored only hashed', async () => {
      const c = await newClass('Inglês');
      const res = await call<CreatedInvite>(helena, 'POST', '/classes/invites', { class_id: c.id });
      expect(res.status).toBe(201);
      const inv = res.body;
      expect(inv.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(inv.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(inv.url).toBe(`http://localhost:3000/convite/${inv.token}`);
      expect(inv).toMatchObject({
        role: 'student',
        max_uses: null,
        uses: 0,
        status: 'valid',
        email: null,
      });
      expect(Date.parse(inv.expires_at) - Date.parse(inv.created_at)).toBeGreaterThanOrEqual(
        7 * DAY - 5,
      );
      expect(Date.parse(inv.expires_at) - Date.parse(inv.created_at)).toBeLessThanOrEqual(
        7 * DAY + 5,
      );

      const rows = await t.db.db
        .selectFrom('class_invites')
        .selectAll()
        .where('id', '=', inv.id)
        .execute();
      expect(JSON.stringify(rows)).not.toContain(inv.token);
      const list = await call<{ items: ClassInvite[] }>(helena, 'GET', `/classes/${c.id}/invites`);
      expect(list.body.items.map((i) => i.id)).toEqual([inv.id]);
      expect(JSON.stringify(list.body)).not.toContain(inv.token);

      for (const [body, path] of [
        [{ class_id: c.id, expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
        [{ class_id: c.id, expires_at: 'amanhã' }, 'expires_at'],
        [{ class_id: c.id, expires_at: '2040-01-01T00:00:00Z' }, 'expires_at'],
        [{ class_id: c.id, max_uses: 0 }, 'max_uses'],
        [{ class_id: c.id, role: 'owner' }, 'role'],
        [{ class_id: c.id, email: 'x' }, 'email'],
      ] as const) {
        const bad = await call<Problem>(helena, 'POST', '/classes/invites', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.errors?.map((e) => e.path)).toContain(path);
      }
    });

    it('accept: preview first, one membership, no use consumed when already a member', async () => {
      const c = await newClass('Redação');
      const inv = (
        await call<CreatedInvite>(helena, 'POST', '/classes/invites', {
          class_id: c.id,
          max_uses: 5,
        })
      ).body;

      const preview = await call<InvitePreview>(lucas, 'GET', `/classes/invites/${inv.token}`);
      expect(preview.body).toEqual({
        class: { id: c.id, title: 'Redação', description: null },
        teachers: ['Helena Costa'],
        role: 'student',
        status: 'valid',
        expires_at: inv.expires_at,
        email_locked: false,
        email_matches: true,
        email_verified: false,
        already_member: false,
      });
      expect((await call(lucas, 'GET', `/classes/${c.id}`)).status).toBe(404); // preview does not join

      const ok = await call<ClassDetail>(lucas, 'POST', '/classes/invites/accept', {
        token: inv.token,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ id: c.id, role: 'student', title: 'Redação' });
      const again = await call<ClassDetail>(lucas, 'POST', '/classes/invites/accept', {
        token: inv.token,
      });
      expect(again.status).toBe(200);
      expect(
        (await call(helena, 'POST', '/classes/invites/accept', { token: inv.token })).status,
      ).toBe(200);
      const listed = await call<{ items: ClassInvite[] }>(
        helena,
        'GET',
        `/classes/${c.id}/invites`,
      );
      expect(listed.body.items[0]).toMatchObject({ uses: 1, status: 'valid' });
      const members = await t.db.db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_id', '=', c.id)
        .execute();
      expect(members).toHaveLength(2);
      expect((await actions(lucas.id, 'class_joined')).filter((a) => a.class_id === c.id)).toEqual([
        { class_id: c.id, via: 'invite' },
      ]);
      expect(
        (await call<InvitePreview>(lucas, 'GET', `/classes/invites/${inv.token}`)).body
          .already_member,
      ).toBe(true);
    });

    it('accept: unknown 404, revoked and expired 410, used up 409, e-mail lock 403', async () => {
      const c = await newClass('Filosofia');
      const make = async (extra: Record<string, unknown> = {}) =>
        (
          await call<CreatedInvite>(helena, 'POST', '/classes/invites', {
            class_id: c.id,
            ...extra,
          })
        ).body;
      const accept = (u: SignedUp, token: string) =>
        call<Problem>(u, 'POST', '/classes/invites/accept', { token });

      expect(await accept(lucas, 'nao-existe-nao-existe-nao')).toMatchObject({
        status: 404,
        body: { code: 'not_found' },
      });
      expect((await call(lucas, 'GET', '/classes/invites/nao-existe-nao-existe')).status).toBe(404);

      const revoked = await make();
      expect((await call(helena, 'DELETE', `/classes/invites/${revoked.id}`)).status).toBe(204);
      expect(await accept(lucas, revoked.token)).toMatchObject({
        status: 410,
        body: { code: 'gone' },
      });
      expect(
        (await call<InvitePreview>(lucas, 'GET', `/classes/invites/${revoked.token}`)).body.status,
      ).toBe('revoked');

      const once = await make({ max_uses: 1 });
      expect((await accept(lucas, once.token)).status).toBe(200);
      expect(await accept(maria, once.token)).toMatchObject({
        status: 409,
        body: { code: 'invite_used_up' },
      });
      expect(
        (await call<InvitePreview>(maria, 'GET', `/classes/invites/${once.token}`)).body.status,
      ).toBe('used_up');
      expect((await accept(lucas, once.token)).status).toBe(200); // still harmless for the member

      const locked = await make({ email: maria.email.toUpperCase() });
      expect(
        (await call<InvitePreview>(joao, 'GET', `/classes/invites/${locked.token}`)).body,
      ).toMatchObject({
        email_locked: true,
        email_matches: false,
      });
      expect(await accept(joao, locked.token)).toMatchObject({
        status: 403,
        body: { code: 'invite_email_mismatch' },
      });
      // The right address, but not verified yet: only its mailbox's owner may accept.
      expect(await accept(maria, locked.token)).toMatchObject({
        status: 403,
        body: { code: 'email_not_verified' },
      });
      await t.db.db
        .updateTable('user')
        .set({ emailVerified: t.db.dialect === 'postgres' ? true : 1 })
        .where('id', '=', maria.id)
        .execute();
      expect((await accept(maria, locked.token)).status).toBe(200);

      const teacherInvite = await make({ role: 'teacher', expires_at: '2030-03-02T12:00:00Z' });
      time.advance(2 * DAY);
      try {
        expect(await accept(joao, teacherInvite.token)).toMatchObject({
          status: 410,
          body: { code: 'gone' },
        });
        expect(
          (await call<InvitePreview>(joao, 'GET', `/classes/invites/${teacherInvite.token}`)).body
            .status,
        ).toBe('expired');
      } finally {
        time.set('2030-03-01T12:00:00.000Z');
      }
      const fresh = await make({ role: 'teacher' });
      const asTeacher = await call<ClassDetail>(joao, 'POST', '/classes/invites/accept', {
        token: fresh.token,
      });
      expect(asTeacher.body.role).toBe('teacher');
    });
  });

  describe('events', () => {
    it('validates, normalises times to UTC and records event_created', async () => {
      const c = await newClass('Música');
      const res = await call<ClassEvent>(helena, 'POST', `/classes/${c.id}/events`, {
        title: 'Ensaio',
        description: 'Trazer a flauta',
        starts_at: '2030-03-10T10:00:00-03:00',
        ends_at: '2030-03-10T11:30:00.5-03:00',
        location: 'Sala 4',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        class_id: c.id,
        title: 'Ensaio',
        starts_at: '2030-03-10T13:00:00.000Z',
        ends_at: '2030-03-10T14:30:00.500Z',
        all_day: false,
        location: 'Sala 4',
        created_by: helena.id,
      });
      expect(res.body.id).toEqual(expect.any(String));
      expect(await actions(helena.id, 'event_created')).toContainEqual({
        class_id: c.id,
        event_id: res.body.id,
      });

      const allDay = await call<ClassEvent>(helena, 'POST', `/classes/${c.id}/events`, {
        title: 'Feriado',
        starts_at: '2030-03-12',
        ends_at: '2030-03-13',
        all_day: true,
      });
      expect(allDay.body).toMatchObject({
        starts_at: '2030-03-12T00:00:00.000Z',
        ends_at: '2030-03-13T00:00:00.000Z',
        all_day: true,
      });

      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { title: 'x', starts_at: '2030-03-10T10:00:00Z', ends_at: '2030-03-10T09:59:59Z' },
          'ends_at',
        ],
        [{ title: 'x', starts_at: '10/03/2030' }, 'starts_at'],
        [{ title: 'x', starts_at: '2030-02-30T10:00:00Z' }, 'starts_at'],
        [{ title: 'x', starts_at: '2030-03-10T10:00:00' }, 'starts_at'],
        [{ title: 'x', starts_at: '2030-03-10' }, 'starts_at'],
        [{ title: '', starts_at: '2030-03-10T10:00:00Z' }, 'title'],
        [{ title: 'x'.repeat(121), starts_at: '2030-03-10T10:00:00Z' }, 'title'],
        [
          { title: 'x', starts_at: '2030-03-10T10:00:00Z', description: 'd'.repeat(2001) },
          'description',
        ],
        [{ title: 'x', starts_at: '2030-03-10', ends_at: '2030-03-09', all_day: true }, 'ends_at'],
      ];
      for (const [body, path] of cases) {
        const bad = await call<Problem>(helena, 'POST', `/classes/${c.id}/events`, body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body.errors?.map((e) => e.path)).toContain(path);
      }
    });

    it('lists events overlapping [since, until) by start; no bounds = upcoming; span ≤ 366 days; pages', async () => {
      const c = await newClass('Educação Física');
      const make = async (title: string, starts_at: string, ends_at?: string, all_day = false) =>
        (
          await call<ClassEvent>(helena, 'POST', `/classes/${c.id}/events`, {
            title,
            starts_at,
            ends_at,
            all_day,
          })
        ).body;
      await make('antes', '2030-03-01T08:00:00Z', '2030-03-01T09:00:00Z'); // ends before now (12:00)
      await make('termina-no-inicio', '2030-03-10T08:00:00Z', '2030-03-10T10:00:00Z');
      await make('atravessa', '2030-03-09T20:00:00Z', '2030-03-10T11:00:00Z');
      await make('instante', '2030-03-10T10:00:00Z');
      await make('dia-todo', '2030-03-10', undefined, true);
      await make('dentro', '2030-03-10T15:00:00Z', '2030-03-10T16:00:00Z');
      await make('no-fim', '2030-03-11T10:00:00Z', '2030-03-11T11:00:00Z');
      await make('depois', '2030-04-01T10:00:00Z');

      type P = { items: ClassEvent[]; nextCursor: string | null };
      const range = await call<P>(
        lucas,
        'GET',
        `/classes/${c.id}/events?since=2030-03-10T10:00:00Z&until=2030-03-11T10:00:00Z`,
      );
      expect(range.status).toBe(404); // lucas is not a member yet
      await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
      const inRange = await call<P>(
        lucas,
        'GET',
        `/classes/${c.id}/events?since=2030-03-10T07:00:00-03:00&until=2030-03-11T10:00:00Z`,
      );
      expect(inRange.status).toBe(200);
      expect(inRange.body.items.map((e) => e.title)).toEqual([
        'atravessa',
        'dia-todo',
        'instante',
        'dentro',
      ]);

      const upcoming = await call<P>(lucas, 'GET', `/classes/${c.id}/events`);
      expect(upcoming.body.items.map((e) => e.title)).toEqual([
        'atravessa',
        'dia-todo',
        'termina-no-inicio',
        'instante',
        'dentro',
        'no-fim',
        'depois',
      ]);
      const first = await call<P>(lucas, 'GET', `/classes/${c.id}/events?limit=4`);
      const second = await call<P>(
        lucas,
        'GET',
        `/classes/${c.id}/events?limit=4&cursor=${first.body.nextCursor}`,
      );
      expect([...first.body.items, ...second.body.items].map((e) => e.title)).toEqual(
        upcoming.body.items.map((e) => e.title),
      );
      expect(second.body.nextCursor).toBeNull();

      const tooLong = await call<Problem>(
        lucas,
        'GET',
        `/classes/${c.id}/events?since=2030-01-01T00:00:00Z&until=2031-01-03T00:00:00Z`,
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors).toContainEqual(
        expect.objectContaining({ path: 'until', code: 'too_big', maximum: 366 }),
      );
      for (const q of [
        'since=ontem',
        'until=2030-13-01',
        'since=2030-03-02T00:00:00Z&until=2030-03-01T00:00:00Z',
        'limit=101',
      ]) {
        expect((await call(lucas, 'GET', `/classes/${c.id}/events?${q}`)).status, q).toBe(400);
      }
      expect(
        (await call(lucas, 'GET', `/classes/${c.id}/events?since=2030-01-01&until=2031-01-02`))
          .status,
      ).toBe(200);
    });

    it('deletes an event only through its own class', async () => {
      const a = await newClass('A');
      const b = await newClass('B');
      const e = (
        await call<ClassEvent>(helena, 'POST', `/classes/${a.id}/events`, {
          title: 'E',
          starts_at: '2030-05-01T10:00:00Z',
        })
      ).body;
      expect((await call(helena, 'DELETE', `/classes/${b.id}/events/${e.id}`)).status).toBe(404);
      expect((await call(helena, 'DELETE', `/classes/${a.id}/events/${e.id}`)).status).toBe(204);
      expect((await call(helena, 'DELETE', `/classes/${a.id}/events/${e.id}`)).status).toBe(404);
    });
  });

  it('DELETE /classes/{id} removes the class with its members, invites and events', async () => {
    const c = await newClass('Para apagar');
    await call(helena, 'POST', `/classes/${c.id}/members?user_id=${lucas.id}`);
    await call(helena, 'POST', '/classes/invites', { class_id: c.id });
    await call(helena, 'POST', `/classes/${c.id}/events`, {
      title: 'E',
      starts_at: '2030-05-01T10:00:00Z',
    });
    const count = async (table: 'class_members' | 'class_invites' | 'class_events') =>
      (await t.db.db.selectFrom(table).select('class_id').where('class_id', '=', c.id).execute())
        .length;
    expect([
      await count('class_members'),
      await count('class_invites'),
      await count('class_events'),
    ]).toEqual([2, 1, 1]);

    expect((await call(helena, 'DELETE', `/classes/${c.id}`)).status).toBe(204);
    expect([
      await count('class_members'),
      await count('class_invites'),
      await count('class_events'),
    ]).toEqual([0, 0, 0]);
    expect((await call(helena, 'GET', `/classes/${c.id}`)).status).toBe(404);
    expect((await call(helena, 'DELETE', `/classes/${c.id}`)).status).toBe(404);
    const mine = await call<{ items: Array<{ id: string }> }>(lucas, 'GET', '/classes/mine');
    expect(mine.body.items.map((x) => x.id)).not.toContain(c.id);
  });
});
