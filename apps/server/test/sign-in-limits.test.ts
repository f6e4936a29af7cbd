import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import { AUTH_RATE_LIMIT_DEFAULT } from '../src/env.ts';
import { createClass } from '../src/modules/classes/classes.service.ts';
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

/** What @hono/node-server passes as `c.env`: the socket's peer address is all we fake. */
const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const SCHOOL = '203.0.113.50';

function signIn(t: TestApp, email: string, password: string, address = SCHOOL) {
  return Promise.resolve(
    t.app.request(
      '/pb/auth/sign-in/email',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email, password }),
      },
      peer(address),
    ),
  );
}

async function expectLocked(res: Response, lockSeconds: number) {
  expect(res.status).toBe(429);
  expect(((await res.json()) as Problem).code).toBe('sign_in_locked');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(lockSeconds);
}

describe.each(dialects)('sign-in behind one school address (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The production defaults: per-address flood guard and 5 failures per account.
    t = await createTestApp(dialect, { AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_DEFAULT) });
  });
  afterAll(async () => t?.close());

  it('a class of 35 students signs in from one address within a minute', async () => {
    const students: SignedUp[] = [];
    for (let i = 0; i < 35; i++) students.push(await signUp(t, { name: `Aluno ${i + 1}` }));
    const started = performance.now();
    const results = await Promise.all(students.map((s) => signIn(t, s.email, s.password)));
    const seconds = (performance.now() - started) / 1000;
    expect(results.map((r) => r.status)).toEqual(students.map(() => 200));
    expect(seconds).toBeLessThan(60);
    console.warn(
      `[sign-in limits] 35 sign-ins from one address (${dialect}): ${seconds.toFixed(2)} s`,
    );
  });

  it('6 wrong passwords lock that account only — not the address, not other accounts', async () => {
    const victim = await signUp(t);
    const classmate = await signUp(t);
    for (let i = 1; i <= 5; i++) {
      const res = await signIn(t, victim.email, `errada-${i}-senha`);
      expect(res.status, `wrong password ${i}`).toBe(401);
    }
    await expectLocked(await signIn(t, victim.email, 'errada-6-senha'), 900);
    // Locked: even the right password, from any address, until the lock ends.
    await expectLocked(await signIn(t, victim.email, victim.password), 900);
    await expectLocked(
      await signIn(t, victim.email.toUpperCase(), victim.password, '198.51.100.9'),
      900,
    );
    // Others at the same school are not blocked by those failures.
    expect((await signIn(t, classmate.email, classmate.password)).status).toBe(200);
  });

  it('a correct password clears the count of earlier failures', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 4; i++)
      expect((await signIn(t, user.email, 'quase-certa-1')).status).toBe(401);
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, user.email, 'quase-certa-1')).status).toBe(401);
    await expectLocked(await signIn(t, user.email, 'quase-certa-1'), 900);
  });

  it('spelling the e-mail differently does not dodge the count; concurrent guesses cannot pass it', async () => {
    const user = await signUp(t);
    const spellings = [user.email, ` ${user.email}`, user.email.toUpperCase()];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(t, spellings[i % 3]!, `chute-${i}-errado`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 400)).toBe(true);
  });
});

describe('the account lock ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialects[0]!, {
      AUTH_ACCOUNT_MAX_FAILURES: '2',
      AUTH_ACCOUNT_LOCK_SECONDS: '1',
    });
  });
  afterAll(async () => t?.close());

  it('after AUTH_ACCOUNT_LOCK_SECONDS the right password works again', async () => {
    const user = await signUp(t);
    expect((await signIn(t, user.email, 'errada-1-senha')).status).toBe(401);
    expect((await signIn(t, user.email, 'errada-2-senha')).status).toBe(401);
    await expectLocked(await signIn(t, user.email, user.password), 1);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });
});

describe.each(dialects)('joining by class code is rate limited per user (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
  });
  afterAll(async () => t?.close());

  const join = (u: SignedUp, code: string) =>
    jsonRequest(t, 'POST', '/api/classes/join', { code }, bearer(u));

  it('10 wrong codes in 10 minutes, then 429 — even for a right code; other users unaffected', async () => {
    const guesser = await signUp(t);
    const other = await signUp(t);
    const klass = await createClass(t.ctx, teacher.id, { title: 'Biologia' });
    const wrong = [
      'ZZZZ22',
      'ZZZZ23',
      'ZZZZ24',
      'ZZZZ25',
      'ZZZZ26',
      'ZZZZ27',
      'ZZZZ28',
      'ZZZZ29',
      'ZZZZ32',
      'ZZZZ33',
    ];
    for (const code of wrong) {
      const res = await join(guesser, code);
      expect(res.status, code).toBe(404);
      expect(((await res.json()) as Problem).code).toBe('class_code_not_found');
    }
    const limited = await join(guesser, 'ZZZZ34');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as Problem).code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await join(guesser, klass.code!)).status).toBe(429);
    expect((await join(other, klass.code!)).status).toBe(200);
  });

  it('right codes (and malformed ones) do not count', async () => {
    const student = await signUp(t);
    for (let i = 0; i < 12; i++) {
      const klass = await createClass(t.ctx, teacher.id, { title: `Turma ${i}` });
      expect((await join(student, klass.code!)).status, `class ${i}`).toBe(200);
      expect((await join(student, '!')).status).toBe(400);
    }
    expect((await join(student, 'ZZZZ44')).status).toBe(404);
  });
});
