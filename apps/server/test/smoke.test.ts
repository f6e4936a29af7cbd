import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from './helpers.ts';

describe.each(dialects)('smoke (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('signs up with a role and gets a bearer token', async () => {
    const res = await t.app.request('/pb/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'ana@example.com', password: 'senha-segura-1', name: 'Ana', role: 'teacher' }),
    });
    const body = (await res.json()) as { user: { id: string; role: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.user.id).toBeTruthy();
    expect(body.user.role).toBe('teacher');
    expect(res.headers.get('set-auth-token')).toBeTruthy();
  });
});
