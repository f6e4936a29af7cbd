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
import { createClass } from '../src/modules/classes/classes.service.ts';

describe.each(dialects)('identity contract (%s)', (dialect) => {
  let t: TestApp;
  let student: SignedUp;
  let teacher: SignedUp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    student = await signUp(t, { role: 'student' });
    teacher = await signUp(t, { role: 'teacher' });
  });
  afterAll(async () => t?.close());

  it('accepts a matching X-User-Id', async () => {
    const res = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
      ...bearer(student),
      'x-user-id': student.id,
      'x-user-role': 'student',
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['GET', '/api/classes/mine', undefined],
    ['GET', '/pb/user_api_keys', undefined],
    ['POST', '/pb/user_actions', { action: 'sign_in', context: null }],
    ['GET', '/pb/auth/get-session', undefined],
  ] as const)(
    '%s %s with another X-User-Id → 403 identity_mismatch',
    async (method, path, body) => {
      const res = await jsonRequest(t, method, path, body, {
        ...bearer(student),
        'x-user-id': teacher.id,
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(((await res.json()) as { code: string }).code).toBe('identity_mismatch');
    },
  );

  it('a mismatching X-User-Id over the cookie is refused too, and writes nothing', async () => {
    const res = await jsonRequest(
      t,
      'POST',
      '/pb/user_actions',
      { action: 'x', context: null },
      {
        cookie: student.cookie,
        'x-user-id': teacher.id,
      },
    );
    expect(res.status).toBe(403);
    const rows = await t.db.db
      .selectFrom('user_actions')
      .select('id')
      .where('user_id', '=', student.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('X-User-Role: teacher on a student grants nothing', async () => {
    const klass = await createClass(t.ctx, teacher.id, { title: 'Física' });
    const headers = { ...bearer(student), 'x-user-id': student.id, 'x-user-role': 'teacher' };
    const teaching = await jsonRequest(t, 'GET', '/api/classes/teaching', undefined, headers);
    expect(teaching.status).toBe(200);
    expect(((await teaching.json()) as { items: unknown[] }).items).toEqual([]);
    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, headers);
    expect(((await session.json()) as { user: { role: string } }).user.role).toBe('student');
    // The teacher does see the class: the empty answer above is about the student, not the data.
    const own = await jsonRequest(t, 'GET', '/api/classes/teaching', undefined, bearer(teacher));
    expect(((await own.json()) as { items: Array<{ id: string }> }).items.map((c) => c.id)).toEqual(
      [klass.id],
    );
  });

  it('X-User-Id without a session does not sign anyone in', async () => {
    const res = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
      'x-user-id': student.id,
      'x-user-role': 'teacher',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
  });

  it.each([
    ['garbage bearer', { authorization: 'Bearer not-a-token' }],
    ['forged signed bearer', { authorization: `Bearer ${'a'.repeat(32)}.${'b'.repeat(43)}` }],
    ['tampered token', { authorization: '' }],
    ['garbage cookie', { cookie: 'better-auth.session_token=abc.def' }],
    ['non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('%s → 401', async (_name, headers) => {
    const h: Record<string, string> =
      _name === 'tampered token'
        ? { authorization: `Bearer ${student.token.slice(0, -3)}xyz` }
        : { ...headers };
    for (const path of ['/api/classes/mine', '/pb/user_api_keys']) {
      const res = await jsonRequest(t, 'GET', path, undefined, h);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
    }
  });

  it('an expired session is 401', async () => {
    const u = await signUp(t);
    await t.db.db
      .updateTable('session' as never)
      .set({
        expiresAt: dialect === 'postgres' ? new Date(Date.now() - 60_000) : Date.now() - 60_000,
      } as never)
      .where('userId' as never, '=', u.id as never)
      .execute();
    const res = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, bearer(u));
    expect(res.status).toBe(401);
  });
});
