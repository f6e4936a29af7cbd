import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { InvitePreview } from '@aprenda/shared/schemas/classes';
import { createApp } from '../src/app.ts';
import type { Logger } from '../src/lib/logger.ts';
import { classAccess } from '../src/modules/classes/access.service.ts';
import { createClass } from '../src/modules/classes/classes.service.ts';
import { createInvite } from '../src/modules/classes/invites.service.ts';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts';
import {
  bearer,
  cookiesFrom,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  TEST_SECRET,
  type SignedUp,
  type TestApp,
} from './helpers.ts';

/** The path and query of a link in a mail, to follow it through app.request. */
const local = (link: string) => {
  const u = new URL(link);
  expect(u.origin).toBe(ORIGIN);
  return `${u.pathname}${u.search}`;
};

describe.each(dialects)('e-mail verification and password reset (%s)', (dialect) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  const log: string[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Aprenda <no-reply@escola.test>',
    });
    t.ctx.logger = (entry) => void log.push(JSON.stringify(entry));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const verified = async (id: string) =>
    Boolean(
      (
        await t.db.db
          .selectFrom('user')
          .select('emailVerified')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.emailVerified,
    );
  const signIn = (email: string, password: string) =>
    jsonRequest(t, 'POST', '/pb/auth/sign-in/email', { email, password });

  it('sign-up sends a verification mail; its link verifies the e-mail, signs in and lands on the web page', async () => {
    const user = await signUp(t, { name: 'Ana Souza' });
    const mail = await smtp.waitFor(user.email);
    expect(mail.from).toContain('no-reply@escola.test');
    expect(mail.subject).toBe('Aprenda: confirme seu e-mail');
    expect(mail.text).toContain('Olá, Ana Souza!');
    expect(mail.links).toHaveLength(1);
    expect(mail.html).toContain('Confirmar meu e-mail');
    expect(await verified(user.id)).toBe(false);

    const res = await t.app.request(local(mail.links[0]!));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/verificar-email');
    expect(cookiesFrom(res)).toContain('session_token');
    expect(await verified(user.id)).toBe(true);
    // The session reflects it on the very next request (the session cache is invalidated).
    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, bearer(user));
    expect(
      ((await session.json()) as { user: { emailVerified: boolean } }).user.emailVerified,
    ).toBe(true);
    // A used or forged link says so on the same page.
    const again = await t.app.request(
      local(mail.links[0]!).replace(/token=[^&]+/, 'token=forjado'),
    );
    expect(again.headers.get('location')).toMatch(/^\/auth\/verificar-email\?error=INVALID_TOKEN/);
    // The token never reaches the request log (it travels in the query string).
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    expect(log.join('\n')).not.toContain(token);
  });

  it('the verification mail can be sent again', async () => {
    const user = await signUp(t);
    await smtp.waitFor(user.email, 1);
    const res = await jsonRequest(
      t,
      'POST',
      '/pb/auth/send-verification-email',
      { email: user.email },
      bearer(user),
    );
    expect(res.status).toBe(200);
    const second = await smtp.waitFor(user.email, 2);
    expect(second.subject).toBe('Aprenda: confirme seu e-mail');
  });

  it('"Esqueci minha senha": the mail links to the web form; the new password works, the old one and every session do not', async () => {
    const user = await signUp(t);
    const other = await signIn(user.email, user.password);
    const otherToken = other.headers.get('set-auth-token')!;
    const asked = await jsonRequest(t, 'POST', '/pb/auth/request-password-reset', {
      email: user.email.toUpperCase(),
    });
    expect(asked.status).toBe(200);
    const neutral = await asked.json();
    const mail = await smtp.waitFor(user.email, 2); // after the verification mail
    expect(mail.subject).toBe('Aprenda: troque sua senha');
    const link = new URL(mail.links[0]!);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/auth/redefinir-senha`);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(16);

    const tooShort = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token,
      newPassword: 'curta',
    });
    expect(tooShort.status).toBe(400);
    // An easily guessed password is refused, and the link still works.
    const guessable = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token,
      newPassword: '12345678',
    });
    expect(guessable.status).toBe(400);
    expect(await guessable.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'password', message: 'too easy to guess' }],
    });
    const done = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token,
      newPassword: 'senha-nova-segura-2',
    });
    expect(done.status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'senha-nova-segura-2')).status).toBe(200);
    // Every earlier session is signed out.
    for (const stale of [user.token, otherToken]) {
      const res = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
        authorization: `Bearer ${stale}`,
      });
      expect(res.status).toBe(401);
    }
    // The link works once.
    const reused = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token,
      newPassword: 'outra-senha-33',
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as Problem).code).toBe('invalid_token');

    // An unknown e-mail gets the very same answer, and no mail goes anywhere.
    const before = smtp.mails.length;
    const unknown = await jsonRequest(t, 'POST', '/pb/auth/request-password-reset', {
      email: 'ninguem-aqui@example.com',
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(neutral);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('a password reset ends the lock that wrong passwords put on the account', async () => {
    const user = await signUp(t);
    for (let i = 1; i <= 5; i++) {
      expect((await signIn(user.email, `errada-${i}-senha`)).status, `wrong ${i}`).toBe(401);
    }
    const locked = await signIn(user.email, 'errada-6-senha');
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as Problem).code).toBe('sign_in_locked');

    await smtp.waitFor(user.email, 1); // the verification mail of the sign-up
    const asked = await jsonRequest(t, 'POST', '/pb/auth/request-password-reset', {
      email: user.email,
    });
    expect(asked.status).toBe(200);
    const mail = await smtp.waitFor(user.email, 2);
    expect(mail.subject).toBe('Aprenda: troque sua senha');
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    const done = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token,
      newPassword: 'senha-nova-segura-3',
    });
    expect(done.status).toBe(200);
    // The new password signs in at once, not 15 minutes later.
    expect((await signIn(user.email, 'senha-nova-segura-3')).status).toBe(200);
  });

  it('a forged or expired reset token is 400 invalid_token', async () => {
    const res = await jsonRequest(t, 'POST', '/pb/auth/reset-password', {
      token: 'nao-existe-0123456789',
      newPassword: 'senha-nova-segura-2',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).code).toBe('invalid_token');
  });

  it('"Alterar senha" needs the current password and signs the other sessions out', async () => {
    const user = await signUp(t);
    const other = (await signIn(user.email, user.password)).headers.get('set-auth-token')!;
    const wrong = await jsonRequest(
      t,
      'POST',
      '/pb/auth/change-password',
      {
        currentPassword: 'nao-e-esta-1',
        newPassword: 'nova-senha-forte-9',
        revokeOtherSessions: true,
      },
      bearer(user),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Problem).code).toBe('wrong_password');
    const guessable = await jsonRequest(
      t,
      'POST',
      '/pb/auth/change-password',
      { currentPassword: user.password, newPassword: 'qwerty123', revokeOtherSessions: true },
      bearer(user),
    );
    expect(guessable.status).toBe(400);
    expect(await guessable.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: 'password', message: 'too easy to guess' }],
    });
    const ok = await jsonRequest(
      t,
      'POST',
      '/pb/auth/change-password',
      {
        currentPassword: user.password,
        newPassword: 'nova-senha-forte-9',
        revokeOtherSessions: true,
      },
      bearer(user),
    );
    expect(ok.status).toBe(200);
    const fresh = ok.headers.get('set-auth-token');
    expect(fresh).toBeTruthy();
    const withOther = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
      authorization: `Bearer ${other}`,
    });
    expect(withOther.status).toBe(401);
    const withFresh = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, {
      authorization: `Bearer ${fresh}`,
    });
    expect(withFresh.status).toBe(200);
    expect((await signIn(user.email, 'nova-senha-forte-9')).status).toBe(200);
  });

  it('an invite locked to an e-mail is accepted only once that e-mail is verified', async () => {
    const teacher = await signUp(t, { role: 'teacher' });
    const student: SignedUp = await signUp(t);
    const klass = await createClass(t.ctx, teacher.id, { title: 'Física' });
    const invite = await createInvite(t.ctx, await classAccess(t.ctx, klass.id, teacher.id), {
      role: 'student',
      email: student.email,
    });
    const preview = await jsonRequest(
      t,
      'GET',
      `/api/classes/invites/${invite.token}`,
      undefined,
      bearer(student),
    );
    expect(await preview.json()).toMatchObject({
      email_locked: true,
      email_matches: true,
      email_verified: false,
    } satisfies Partial<InvitePreview>);
    const refused = await jsonRequest(
      t,
      'POST',
      '/api/classes/invites/accept',
      { token: invite.token },
      bearer(student),
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Problem).code).toBe('email_not_verified');
    const uses = await t.db.db
      .selectFrom('class_invites')
      .select('uses')
      .where('id', '=', invite.id)
      .executeTakeFirst();
    expect(Number(uses?.uses)).toBe(0);

    const mail = await smtp.waitFor(student.email);
    expect((await t.app.request(local(mail.links[0]!))).status).toBe(302);
    const accepted = await jsonRequest(
      t,
      'POST',
      '/api/classes/invites/accept',
      { token: invite.token },
      bearer(student),
    );
    expect(accepted.status).toBe(200);
  });

  it('at most 5 reset or verification mails per address an hour', async () => {
    const email = `muitos-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect(
        (await jsonRequest(t, 'POST', '/pb/auth/request-password-reset', { email })).status,
      ).toBe(200);
    }
    const limited = await jsonRequest(t, 'POST', '/pb/auth/request-password-reset', { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('without SMTP_URL outside production', () => {
  it('the mail is written to the server log with its link', async () => {
    const t = await createTestApp('sqlite', { SMTP_URL: '' });
    try {
      const lines: string[] = [];
      const logger: Logger = (entry) => void lines.push(JSON.stringify(entry));
      const { app } = createApp({ env: t.env, db: t.db, secret: TEST_SECRET, logger });
      const res = await app.request('/pb/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          email: 'dev@example.com',
          password: 'senha-segura-1',
          name: 'Dev',
          role: 'student',
        }),
      });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      const mail = lines.map((l) => JSON.parse(l) as Record<string, string>).find((e) => e.subject);
      expect(mail).toMatchObject({
        to: 'dev@example.com',
        subject: 'Aprenda: confirme seu e-mail',
      });
      expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/pb\/auth\/verify-email\?token=/);
    } finally {
      await t.close();
    }
  });
});
