import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dialects,
  jsonRequest,
  mergeCookies,
  ORIGIN,
  signUp,
  type TestApp,
} from './helpers.ts';
import { type FakeGithub, type FakeGithubUser, startFakeGithub } from './fake-github.ts';

let ghSeq = 1000;
function githubUser(
  email: string,
  verified = true,
  over: Partial<FakeGithubUser> = {},
): FakeGithubUser {
  ghSeq += 1;
  return {
    id: ghSeq,
    login: `octo${ghSeq}`,
    name: `Octo ${ghSeq}`,
    email: null,
    emails: [{ email, primary: true, verified }],
    ...over,
  };
}

/**
 * The browser's path through GitHub sign-in, over real HTTP to the stand-in: start at
 * POST /pb/auth/sign-in/social, follow the authorize redirect, come back to the callback.
 * Returns where the browser lands and its cookie jar.
 */
async function githubSignIn(t: TestApp, jar = '') {
  const start = await jsonRequest(
    t,
    'POST',
    '/pb/auth/sign-in/social',
    { provider: 'github', callbackURL: '/dashboard' },
    jar ? { cookie: jar } : {},
  );
  expect(start.status).toBe(200);
  const { url, redirect } = (await start.json()) as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  jar = mergeCookies(jar, start);

  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.origin).toBe(ORIGIN);
  expect(back.pathname).toBe('/pb/auth/callback/github');

  const callback = await t.app.request(back.pathname + back.search, { headers: { cookie: jar } });
  expect(callback.status).toBe(302);
  jar = mergeCookies(jar, callback);
  return { landing: new URL(callback.headers.get('location')!, ORIGIN), jar, callback };
}

describe.each(dialects)('GitHub sign-in (%s)', (dialect) => {
  let t: TestApp;
  let gh: FakeGithub;
  beforeAll(async () => {
    gh = await startFakeGithub();
    t = await createTestApp(dialect, {
      GITHUB_CLIENT_ID: gh.clientId,
      GITHUB_CLIENT_SECRET: gh.clientSecret,
      GITHUB_OAUTH_BASE_URL: gh.url,
      GITHUB_API_BASE_URL: gh.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await gh?.close();
  });

  it('redirects to GitHub, comes back, and signs a new user in as a student', async () => {
    const user = githubUser('nova@example.com');
    gh.setUser(user);
    const { landing, jar } = await githubSignIn(t);
    expect(landing.pathname).toBe('/dashboard');
    expect(jar).toContain('session_token=');
    expect(gh.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/login/oauth/authorize',
        '/login/oauth/access_token',
        '/user',
        '/user/emails',
      ]),
    );

    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, { cookie: jar });
    const body = (await session.json()) as {
      user: { id: string; email: string; name: string; role: string };
    };
    expect(body.user.email).toBe('nova@example.com');
    expect(body.user.name).toBe(user.name);
    expect(body.user.role).toBe('student');

    const account = await t.db.db
      .selectFrom('account' as never)
      .select(['providerId', 'accountId', 'userId'] as never[])
      .where('userId' as never, '=', body.user.id as never)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ providerId: 'github', accountId: String(user.id) });

    // The same GitHub identity signs in again into the same user.
    const again = await githubSignIn(t);
    const s2 = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, {
      cookie: again.jar,
    });
    expect(((await s2.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
  });

  it('never links or signs into an existing password account on a matching verified e-mail (CVE-2026-53516)', async () => {
    const alice = await signUp(t, { email: 'alice@x.example', role: 'teacher', name: 'Alice' });
    gh.setUser(githubUser('alice@x.example', true, { name: 'Mallory' }));

    const { landing, jar } = await githubSignIn(t);
    expect(landing.origin).toBe(ORIGIN);
    expect(landing.pathname).toBe('/auth');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect(jar).not.toContain('session_token=');

    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, { cookie: jar });
    expect(await session.json()).toBeNull();

    const accounts = await t.db.db
      .selectFrom('account' as never)
      .select(['providerId'] as never[])
      .where('userId' as never, '=', alice.id as never)
      .execute();
    expect(accounts).toEqual([{ providerId: 'credential' }]);
    const sessions = await t.db.db
      .selectFrom('session' as never)
      .select(['id'] as never[])
      .where('userId' as never, '=', alice.id as never)
      .execute();
    expect(sessions).toHaveLength(1); // only the one from her own sign-up
    const row = await t.db.db
      .selectFrom('user')
      .select(['name', 'role'])
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Alice', role: 'teacher' });

    // Alice's password still works and is still hers.
    const signIn = await jsonRequest(t, 'POST', '/pb/auth/sign-in/email', {
      email: alice.email,
      password: alice.password,
    });
    expect(signIn.status).toBe(200);
  });

  it('does not link even when the victim is signed in and GitHub says the e-mail is verified', async () => {
    const bob = await signUp(t, { email: 'bob@x.example' });
    gh.setUser(githubUser('bob@x.example', true));
    const { landing, jar } = await githubSignIn(t, bob.cookie);
    expect(landing.pathname).toBe('/auth');
    const session = await jsonRequest(t, 'GET', '/pb/auth/get-session', undefined, { cookie: jar });
    // Still Bob's own password session, and no GitHub account attached to him.
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(bob.id);
    const accounts = await t.db.db
      .selectFrom('account' as never)
      .select(['providerId'] as never[])
      .where('userId' as never, '=', bob.id as never)
      .execute();
    expect(accounts).toEqual([{ providerId: 'credential' }]);
  });

  it('a tampered state is refused', async () => {
    gh.setUser(githubUser('eve@example.com'));
    const start = await jsonRequest(t, 'POST', '/pb/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/dashboard',
    });
    const jar = mergeCookies('', start);
    const { url } = (await start.json()) as { url: string };
    const authorize = await fetch(url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    back.searchParams.set('state', 'forged-state');
    const callback = await t.app.request(back.pathname + back.search, { headers: { cookie: jar } });
    expect(callback.status).toBe(302);
    expect(mergeCookies(jar, callback)).not.toContain('session_token=');
    const users = await t.db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'eve@example.com')
      .execute();
    expect(users).toHaveLength(0);
  });

  it('rejects a callbackURL on another origin', async () => {
    const res = await jsonRequest(t, 'POST', '/pb/auth/sign-in/social', {
      provider: 'github',
      callbackURL: 'https://evil.example/steal',
    });
    expect(res.status).toBe(403);
  });
});

describe.each(dialects)('GitHub sign-in disabled (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('is not offered when GITHUB_CLIENT_ID/SECRET are unset', async () => {
    const res = await jsonRequest(t, 'POST', '/pb/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/dashboard',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
