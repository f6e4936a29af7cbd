import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Problem } from '@aprenda/shared/errors';
import type {
  ClassDetail,
  ClassEvent,
  ClassSummary,
  CreatedInvite,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
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
 * Archiving a class at the end of a school year (docs/api/classes.md, "Archiving"): the owner
 * archives and restores; the class leaves every member's lists at once — with the response cache
 * on (the default), on both engines — keeps everything in it, is hidden from its students and
 * read-only for its teachers until restored.
 */
describe.each(dialects)('archiving a class (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let coTeacher: SignedUp;
  let student: SignedUp;
  let outsider: SignedUp;
  let klass: ClassDetail;
  let other: ClassDetail;
  let event: ClassEvent;
  let invite: CreatedInvite;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Helena Costa' });
    coTeacher = await signUp(t, { role: 'teacher', name: 'Rafael Lima' });
    student = await signUp(t, { role: 'student', name: 'Lucas Almeida' });
    outsider = await signUp(t, { role: 'student', name: 'Ana Souza' });
    other = (await call<ClassDetail>(owner, 'POST', '/classes', { title: 'Química 2026' })).body;
    klass = (
      await call<ClassDetail>(owner, 'POST', '/classes', { title: 'Física 2025', code: 'FSC25' })
    ).body;
    for (const id of [klass.id, other.id]) {
      expect(
        (await call(owner, 'POST', `/classes/${id}/members?user_id=${student.id}`)).status,
      ).toBe(201);
    }
    const added = await call(
      owner,
      'POST',
      `/classes/${klass.id}/members?user_id=${coTeacher.id}&role=teacher`,
    );
    expect(added.status).toBe(201);
    event = (
      await call<ClassEvent>(owner, 'POST', `/classes/${klass.id}/events`, {
        title: 'Prova final',
        starts_at: '2099-12-01T13:00:00.000Z',
      })
    ).body;
    invite = (await call<CreatedInvite>(owner, 'POST', '/classes/invites', { class_id: klass.id }))
      .body;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T = unknown>(u: SignedUp, method: string, path: string, body?: unknown) {
    const res = await jsonRequest(t, method, `/api${path}`, body, bearer(u));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const titles = async (u: SignedUp, path: string) => {
    const res = await call<Page<ClassSummary>>(u, 'GET', path);
    expect(res.status).toBe(200);
    return res.body.items.map((c) => c.title);
  };
  const hits = () => t.ctx.responseCache.stats().hits;
  const actions = async (userId: string, action: string) =>
    (
      await t.db.db
        .selectFrom('user_actions')
        .select('context')
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .execute()
    ).map((r) => JSON.parse(String(r.context)) as Record<string, unknown>);

  it('only the owner archives: a co-teacher 403 owner_only, a student 403, a non-member 404', async () => {
    const asCoTeacher = await call<Problem>(coTeacher, 'POST', `/classes/${klass.id}/archive`);
    expect(asCoTeacher.status).toBe(403);
    expect(asCoTeacher.body.code).toBe('owner_only');
    const asStudent = await call<Problem>(student, 'POST', `/classes/${klass.id}/archive`);
    expect(asStudent.status).toBe(403);
    expect(asStudent.body.code).toBe('forbidden');
    const asOutsider = await call<Problem>(outsider, 'POST', `/classes/${klass.id}/archive`);
    expect(asOutsider.status).toBe(404);
    expect((await call<ClassDetail>(owner, 'GET', `/classes/${klass.id}`)).body.archived).toBe(
      false,
    );
  });

  it('archived by the owner, it leaves the student\u2019s cached "Minhas Turmas" and the teachers\u2019 lists at once', async () => {
    // The lists are cached: a second read is a hit.
    expect(await titles(student, '/classes/mine')).toEqual(['Física 2025', 'Química 2026']);
    const before = hits();
    expect(await titles(student, '/classes/mine')).toEqual(['Física 2025', 'Química 2026']);
    expect(hits()).toBe(before + 1);
    expect(await titles(coTeacher, '/classes/teaching')).toEqual(['Física 2025']);
    expect(await titles(owner, '/classes/teaching?archived=1')).toEqual([]);

    const archived = await call<ClassDetail>(owner, 'POST', `/classes/${klass.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: klass.id, archived: true, member_count: 3 });
    expect(await actions(owner.id, 'class_archived')).toEqual([{ class_id: klass.id }]);

    expect(await titles(student, '/classes/mine')).toEqual(['Química 2026']);
    expect(await titles(owner, '/classes/mine')).toEqual(['Química 2026']);
    expect(await titles(owner, '/classes/teaching')).toEqual(['Química 2026']);
    expect(await titles(coTeacher, '/classes/teaching')).toEqual([]);
    // Its teachers list it under "Arquivadas"; a student has none there.
    expect(await titles(owner, '/classes/teaching?archived=1')).toEqual(['Física 2025']);
    expect(await titles(coTeacher, '/classes/teaching?archived=true')).toEqual(['Física 2025']);
    expect(await titles(student, '/classes/teaching?archived=1')).toEqual([]);
    expect((await call(owner, 'GET', '/classes/teaching?archived=yes')).status).toBe(400);

    // Archiving again changes nothing.
    const again = await call<ClassDetail>(owner, 'POST', `/classes/${klass.id}/archive`);
    expect(again.status).toBe(200);
    expect(again.body.updated_at).toBe(archived.body.updated_at);
    expect(await actions(owner.id, 'class_archived')).toHaveLength(1);
  });

  it('for its students an archived class does not exist (404); its teachers still read all of it', async () => {
    for (const path of [
      `/classes/${klass.id}`,
      `/classes/${klass.id}/members`,
      `/classes/${klass.id}/events?since=2099-01-01`,
    ]) {
      const res = await call<Problem>(student, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const detail = await call<ClassDetail>(coTeacher, 'GET', `/classes/${klass.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ archived: true, role: 'teacher', member_count: 3 });
    // Nothing was deleted.
    const members = await call<Page<{ user_id: string }>>(
      owner,
      'GET',
      `/classes/${klass.id}/members`,
    );
    expect(members.body.items.map((m) => m.user_id).sort()).toEqual(
      [owner.id, coTeacher.id, student.id].sort(),
    );
    const events = await call<Page<ClassEvent>>(
      owner,
      'GET',
      `/classes/${klass.id}/events?since=2099-01-01`,
    );
    expect(events.body.items.map((e) => e.id)).toEqual([event.id]);
  });

  it('an archived class is read-only: writes 409 class_archived, joining by code or invite refused', async () => {
    const refused: Array<[SignedUp, string, string, unknown?]> = [
      [coTeacher, 'PUT', `/classes/${klass.id}`, { title: 'Física 2026' }],
      [coTeacher, 'POST', `/classes/${klass.id}/code/reset`],
      [
        coTeacher,
        'POST',
        `/classes/${klass.id}/events`,
        { title: 'Aula', starts_at: '2099-12-02', all_day: true },
      ],
      [
        coTeacher,
        'PUT',
        `/classes/${klass.id}/events/${event.id}`,
        { title: 'Prova', starts_at: '2099-12-01T14:00:00Z' },
      ],
      [coTeacher, 'DELETE', `/classes/${klass.id}/events/${event.id}`],
      [coTeacher, 'POST', '/classes/invites', { class_id: klass.id }],
      [coTeacher, 'POST', `/classes/${klass.id}/members?user_id=${outsider.id}`],
      [coTeacher, 'POST', `/classes/${klass.id}/members?email=nova@example.com`],
      [outsider, 'POST', '/classes/join', { code: 'FSC25' }],
      [outsider, 'POST', '/classes/invites/accept', { token: invite.token }],
    ];
    for (const [who, method, path, body] of refused) {
      const res = await call<Problem>(who, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.code, `${method} ${path}`).toBe('class_archived');
    }
    // A student of the class gets 404 (the class is not there for them), not 409.
    const asStudent = await call<Problem>(student, 'PUT', `/classes/${klass.id}`, { title: 'X' });
    expect(asStudent.status).toBe(404);
    // Nothing changed.
    const detail = (await call<ClassDetail>(owner, 'GET', `/classes/${klass.id}`)).body;
    expect(detail).toMatchObject({ title: 'Física 2025', code: 'FSC25', member_count: 3 });
    expect(detail.upcoming_events.map((e) => e.title)).toEqual(['Prova final']);
  });

  it('restored by the owner (not a co-teacher), it is back everywhere at once and joins work again', async () => {
    const asCoTeacher = await call<Problem>(coTeacher, 'POST', `/classes/${klass.id}/restore`);
    expect(asCoTeacher.status).toBe(403);
    expect(asCoTeacher.body.code).toBe('owner_only');
    // The student's answer without it is cached.
    expect(await titles(student, '/classes/mine')).toEqual(['Química 2026']);

    const restored = await call<ClassDetail>(owner, 'POST', `/classes/${klass.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.archived).toBe(false);
    expect(await actions(owner.id, 'class_restored')).toEqual([{ class_id: klass.id }]);

    expect(await titles(student, '/classes/mine')).toEqual(['Física 2025', 'Química 2026']);
    expect(await titles(coTeacher, '/classes/teaching')).toEqual(['Física 2025']);
    expect(await titles(owner, '/classes/teaching?archived=1')).toEqual([]);
    expect((await call(student, 'GET', `/classes/${klass.id}`)).status).toBe(200);
    expect((await call(outsider, 'POST', '/classes/join', { code: 'FSC25' })).status).toBe(200);
    const renamed = await call<ClassDetail>(coTeacher, 'PUT', `/classes/${klass.id}`, {
      title: 'Física 2026',
    });
    expect(renamed.status).toBe(200);
  });

  it('an archive written outside the app (SQL) is seen too: the trigger bumps every member', async () => {
    expect(await titles(student, '/classes/mine')).toEqual(['Física 2026', 'Química 2026']);
    await sql`UPDATE classes SET archived = 1 WHERE id = ${other.id}`.execute(t.db.db);
    expect(await titles(student, '/classes/mine')).toEqual(['Física 2026']);
    expect(await titles(owner, '/classes/teaching?archived=1')).toEqual(['Química 2026']);
    await sql`UPDATE classes SET archived = 0 WHERE id = ${other.id}`.execute(t.db.db);
    expect(await titles(student, '/classes/mine')).toEqual(['Física 2026', 'Química 2026']);
  });

  it('the archived list pages with the cursor like the others', async () => {
    const ids: string[] = [];
    for (const title of ['Turma A', 'Turma B', 'Turma C']) {
      const created = (await call<ClassDetail>(owner, 'POST', '/classes', { title })).body;
      expect((await call(owner, 'POST', `/classes/${created.id}/archive`)).status).toBe(200);
      ids.push(created.id);
    }
    const first = await call<Page<ClassSummary>>(
      owner,
      'GET',
      '/classes/teaching?archived=1&limit=2',
    );
    expect(first.body.items.map((c) => c.title)).toEqual(['Turma C', 'Turma B']);
    expect(first.body.nextCursor).not.toBeNull();
    const rest = await call<Page<ClassSummary>>(
      owner,
      'GET',
      `/classes/teaching?archived=1&limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(rest.body.items.map((c) => c.title)).toEqual(['Turma A']);
    // The owner still deletes an archived class.
    expect((await call(owner, 'DELETE', `/classes/${ids[0]}`)).status).toBe(204);
    expect(await titles(owner, '/classes/teaching?archived=1')).toEqual(['Turma C', 'Turma B']);
  });
});
