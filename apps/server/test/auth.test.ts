import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '@aprenda/shared/constants';
import {
  bearer,
  cookiesFrom,
  createTestApp,
  dialects,
  jsonRequest,
  signUp,
  type TestApp,
} from './helpers.ts';

describe.each(dialects)('sign-up, sign-in, sign-out (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const signUpBody = (over: Record<string, unknown> = {}) => ({
    email: `p${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'senha-segura-1',
    name: 'Paula',
    role: 'student',
    ...over,
  });

  it.each(['student', 'teacher'] as const)(
    'signs up a %s: token, user, httpOnly cookie',
    async (role) => {
      const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', signUpBody({ role }));
      const body = (await res.json()) as { token: string; user: { id: string; role: string } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.token).toBeTruthy();
      expect(body.user.id).toBeTruthy();
      expect(body.user.role).toBe(role);
      expect(res.headers.get('set-auth-token')).toBeTruthy();
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(cookie).toBeTruthy();
      expect(cookie).toMatch(/HttpOnly/i);
      const row = await t.db.db
        .selectFrom('user')
        .select('role')
        .where('id', '=', body.user.id)
        .executeTakeFirstOrThrow();
      expect(row.role).toBe(role);
    },
  );

  it.each([['admin'], [''], [42], [null]])(
    'rejects role %j with 400 and stores nothing',
    async (role) => {
      const body = signUpBody({ role });
      const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const err = (await res.json()) as { code: string; authCode: string; errors: unknown };
      expect(err.code).toBe('validation_failed');
      expect(err.authCode).toBe('VALIDATION_ERROR');
      expect(err.errors).toEqual([expect.objectContaining({ path: 'role' })]);
      const row = await t.db.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', body.email as string)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    },
  );

  it('rejects a sign-up without a role', async () => {
    const { role: _role, ...body } = signUpBody();
    const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ path: 'role' })],
    });
  });

  it('rejects a blank name', async () => {
    const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', signUpBody({ name: '   ' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ path: 'name', code: 'too_small' })],
    });
  });

  it('rejects a short and a too long password', async () => {
    const short = await jsonRequest(
      t,
      'POST',
      '/pb/auth/sign-up/email',
      signUpBody({ password: 'curta12' }),
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: 'validation_failed',
      authCode: 'PASSWORD_TOO_SHORT',
      errors: [{ path: 'password', code: 'too_small', minimum: 8 }],
    });
    const long = await jsonRequest(
      t,
      'POST',
      '/pb/auth/sign-up/email',
      signUpBody({ password: 'x'.repeat(129) }),
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      code: 'validation_failed',
      authCode: 'PASSWORD_TOO_LONG',
      errors: [{ path: 'password', code: 'too_big', maximum: 128 }],
    });
  });

  it.each(['12345678', 'aaaaaaaa', '87654321', 'abcdefgh', 'Senha123', 'brasil123', 'qwerty123'])(
    'refuses the easily guessed password %j with 400 validation_failed and stores nothing',
    async (password) => {
      const body = signUpBody({ password });
      const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({
        code: 'validation_failed',
        authCode: 'VALIDATION_ERROR',
        errors: [{ path: 'password', code: 'invalid', message: 'too easy to guess' }],
      });
      const row = await t.db.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    },
  );

  it("accepts ordinary passwords (the demo seed's among them)", async () => {
    for (const password of ['aprenda-demo', 'girafa azul 7', 'segredo-123']) {
      const res = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', signUpBody({ password }));
      expect(res.status, password).toBe(200);
    }
  });

  it('answers a duplicate e-mail with a 409 email_taken problem', async () => {
    const body = signUpBody();
    expect((await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', body)).status).toBe(200);
    const again = await jsonRequest(t, 'POST', '/pb/auth/sign-up/email', {
      ...body,
      email: body.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toBe('application/problem+json');
    expect(await again.json()).toMatchObject({
      status: 409,
      code: 'email_taken',
      authCode: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    });
  });

  it('signs in with the password; the cookie and the bearer token both resolve the session', async () => {
    const u = await signUp(t, { role: 'teacher', name: 'Teresa' });
    const res = await jsonRequest(t, 'POST', '/pb/auth/sign-in/email', {
      email: u.email,
      password: u.password,
    });
    expect(res.status).toBe(200);
    const token = res.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const cookie = cookiesFrom(res);
    expect(cookie).toContain('session_token=');

    const viaCookie = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, { cookie });
    const s1 = (await viaCookie.json()) as { user: { id: string; role: string; name: string } };
    expect(s1.user.id).toBe(u.id);
    expect(s1.user.role).toBe('teacher');

    const viaBearer = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(((await viaBearer.json()) as { user: { id: string } }).user.id).toBe(u.id);

    // …and the app's own routes take the user from the same session.
    const mine = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, { cookie });
    expect(mine.status).toBe(200);
    const mine2 = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(mine2.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike (401 invalid_credentials)', async () => {
    const u = await signUp(t);
    for (const body of [
      { email: u.email, password: 'senha-errada-9' },
      { email: 'nobody@example.com', password: 'senha-errada-9' },
    ]) {
      const res = await jsonRequest(t, 'POST', '/pb/auth/sign-in/email', body);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'invalid_credentials',
        authCode: 'INVALID_EMAIL_OR_PASSWORD',
      });
      expect(res.headers.get('set-auth-token')).toBeNull();
    }
  });

  it('sign-out revokes the session: the same token then gets 401', async () => {
    const u = await signUp(t);
    expect((await jsonRequest(t, 'GET', '/api/classes/mine', undefined, bearer(u))).status).toBe(
      200,
    );
    const out = await jsonRequest(t, 'POST', '/pb/auth/sign-out', {}, bearer(u));
    expect(out.status).toBe(200);
    const after = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, bearer(u));
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('unauthorized');
    const viaCookie = await jsonRequest(t, 'GET', '/pb/user_api_keys', undefined, {
      cookie: u.cookie,
    });
    expect(viaCookie.status).toBe(401);
    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, bearer(u));
    expect(await session.json()).toBeNull();
  });

  it('"Sair dos outros aparelhos": every other session ends, this one stays', async () => {
    const u = await signUp(t);
    const other = await jsonRequest(t, 'POST', '/pb/auth/sign-in/email', {
      email: u.email,
      password: u.password,
    });
    const otherToken = other.headers.get('set-auth-token')!;
    const mine = (token: string) =>
      jsonRequest(t, 'GET', '/api/classes/mine', undefined, { authorization: `Bearer ${token}` });
    expect((await mine(otherToken)).status).toBe(200);
    const res = await jsonRequest(t, 'POST', '/pb/auth/revoke-other-sessions', {}, bearer(u));
    expect(res.status).toBe(200);
    expect((await mine(otherToken)).status).toBe(401);
    expect((await mine(u.token)).status).toBe(200);
  });

  it('does not let a user change their role after sign-up', async () => {
    const u = await signUp(t, { role: 'student' });
    const res = await jsonRequest(
      t,
      'POST',
      '/pb/auth/update-user',
      { role: 'teacher' },
      bearer(u),
    );
    expect(res.status).toBe(400);
    const row = await t.db.db
      .selectFrom('user')
      .select('role')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('student');
    // The name may still change.
    const ok = await jsonRequest(
      t,
      'POST',
      '/pb/auth/update-user',
      { name: '  Novo Nome  ' },
      bearer(u),
    );
    expect(ok.status).toBe(200);
    const named = async () =>
      (
        await t.db.db
          .selectFrom('user')
          .select('name')
          .where('id', '=', u.id)
          .executeTakeFirstOrThrow()
      ).name;
    expect(await named()).toBe('Novo Nome');
    // As at sign-up: never blank, never over NAME_MAX_LENGTH; nothing changes then.
    for (const name of ['', '   ', 'x'.repeat(NAME_MAX_LENGTH + 1), 42]) {
      const bad = await jsonRequest(t, 'POST', '/pb/auth/update-user', { name }, bearer(u));
      expect(bad.status, JSON.stringify(name)).toBe(400);
    }
    expect(await named()).toBe('Novo Nome');
  });

  it('rejects a cross-site sign-in (untrusted Origin)', async () => {
    const u = await signUp(t);
    const res = await jsonRequest(
      t,
      'POST',
      '/pb/auth/sign-in/email',
      { email: u.email, password: u.password },
      { origin: 'https://evil.example', cookie: u.cookie },
    );
    expect(res.status).toBe(403);
  });
});
