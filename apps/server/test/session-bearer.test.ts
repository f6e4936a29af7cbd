import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  TEST_SECRET,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { createApp } from '../src/app.ts';
import type { AppEnv, SessionInfo, SessionUser } from '../src/context.ts';
import { createDb } from '../src/db/client.ts';
import { sessionMiddleware } from '../src/middleware/session.ts';

/**
 * The session middleware's fast path for signed bearer tokens (middleware/session.ts) must answer
 * exactly like Better Auth: revocation, expiry and changes to the user count on the very next
 * request (the fast path reuses a resolved session only while the `sessions` data version holds,
 * decision 0018), expired sessions cleaned up, sessions due for refresh extended, bad signatures
 * refused.
 */
describe.each(dialects)('bearer sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const DAY = 86_400_000;
  const rawToken = (u: SignedUp) => decodeURIComponent(u.token).split('.')[0]!;
  const mine = (headers: Record<string, string>) =>
    jsonRequest(t, 'GET', '/api/classes/mine', undefined, headers);
  const sessionRow = async (u: SignedUp) => {
    const { rows } = await sql<{ expiresAt: string | Date }>`
      select "expiresAt" from "session" where token = ${rawToken(u)}`.execute(t.db.db);
    return rows[0] ? new Date(rows[0].expiresAt).getTime() : null;
  };
  const setExpiry = (u: SignedUp, at: number) =>
    sql`update "session" set "expiresAt" = ${new Date(at).toISOString()}
        where token = ${rawToken(u)}`.execute(t.db.db);

  it('accepts the token as handed out (signed), raw or URL-encoded', async () => {
    const u = await signUp(t);
    expect(u.token).toContain('.');
    expect((await mine(bearer(u))).status).toBe(200);
    const decoded = decodeURIComponent(u.token);
    expect((await mine({ authorization: `Bearer ${decoded}` })).status).toBe(200);
    expect((await mine({ authorization: `Bearer ${encodeURIComponent(decoded)}` })).status).toBe(
      200,
    );
    expect((await mine({ authorization: `bearer   ${decoded}  ` })).status).toBe(200);
  });

  it('refuses a forged signature (401), unless a valid session cookie comes along', async () => {
    const u = await signUp(t);
    const forged = `Bearer ${rawToken(u)}.${'A'.repeat(43)}=`;
    const res = await mine({ authorization: forged });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
    // Better Auth's bearer plugin ignores a bad bearer and falls back to the cookie: so do we.
    expect((await mine({ authorization: forged, cookie: u.cookie })).status).toBe(200);
    // Another user's signature on this token is a forgery too.
    const other = await signUp(t);
    const otherSig = decodeURIComponent(other.token).split('.')[1]!;
    expect((await mine({ authorization: `Bearer ${rawToken(u)}.${otherSig}` })).status).toBe(401);
  });

  it('an unknown token with a valid signature shape is 401', async () => {
    const res = await mine({ authorization: `Bearer nope.${'B'.repeat(43)}=` });
    expect(res.status).toBe(401);
  });

  it('a revoked session is refused on the very next request', async () => {
    const u = await signUp(t);
    expect((await mine(bearer(u))).status).toBe(200);
    await sql`delete from "session" where token = ${rawToken(u)}`.execute(t.db.db);
    expect((await mine(bearer(u))).status).toBe(401);
  });

  it('an expired session is 401 and removed (Better Auth cleans it up)', async () => {
    const u = await signUp(t);
    await setExpiry(u, Date.now() - 1000);
    expect((await mine(bearer(u))).status).toBe(401);
    expect(await sessionRow(u)).toBeNull();
  });

  it('a session older than updateAge is extended (Better Auth refresh), a fresh one is not', async () => {
    const u = await signUp(t);
    // 7-day sessions refreshed after 1 day: expiring in 5 days = 2 days old → due for refresh.
    const old = Date.now() + 5 * DAY;
    await setExpiry(u, old);
    expect((await mine(bearer(u))).status).toBe(200);
    const refreshed = await sessionRow(u);
    expect(refreshed).not.toBeNull();
    expect(refreshed!).toBeGreaterThan(old + DAY);

    // Half an hour old: left alone (no write per request).
    const fresh = Date.now() + 7 * DAY - 30 * 60_000;
    await setExpiry(u, fresh);
    expect((await mine(bearer(u))).status).toBe(200);
    expect(await sessionRow(u)).toBe(new Date(new Date(fresh).toISOString()).getTime());
  });

  it('resolves the same user and session as Better Auth, the role read from the database', async () => {
    const u = await signUp(t, { role: 'student', name: 'Ana Fast' });
    const probe = new Hono<AppEnv>();
    probe.use('/api/*', sessionMiddleware(t.ctx));
    probe.get('/api/whoami', (c) => c.json({ user: c.get('user'), session: c.get('session') }));
    const who = async (headers: Record<string, string>) =>
      (await (await probe.request('/api/whoami', { headers })).json()) as {
        user: SessionUser | null;
        session: SessionInfo | null;
      };
    const fast = await who(bearer(u));
    const viaCookie = await who({ cookie: u.cookie }); // Better Auth's getSession
    expect(fast.user).toEqual({
      id: u.id,
      name: 'Ana Fast',
      email: u.email,
      role: 'student',
      image: null,
      emailVerified: false,
    });
    expect(fast).toEqual(viaCookie);
    await sql`update "user" set role = 'teacher' where id = ${u.id}`.execute(t.db.db);
    expect((await who(bearer(u))).user?.role).toBe('teacher');
  });

  it('a session another instance signs out, or a deleted user, is refused on the next request', async () => {
    // A second app (as another server process would be) on the same database.
    const otherDb = createDb(dialect === 'sqlite' ? `file:${t.sqliteFile}` : t.env.DATABASE_URL, {
      poolSize: 2,
    });
    const other = createApp({ env: t.env, db: otherDb, secret: TEST_SECRET });
    try {
      const u = await signUp(t);
      const bystander = await signUp(t);
      const mineOn = (app: typeof t.app, headers: Record<string, string>) =>
        app.request('/api/classes/mine', { headers: { origin: ORIGIN, ...headers } });
      // Both instances have resolved (and keep) both sessions.
      for (let i = 0; i < 2; i++) {
        for (const app of [t.app, other.app]) {
          expect((await mineOn(app, bearer(u))).status).toBe(200);
          expect((await mineOn(app, bearer(bystander))).status).toBe(200);
        }
      }
      // Sign-out through the other instance: this one refuses the token at once.
      const out = await other.app.request('/pb/auth/sign-out', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...bearer(u) },
        body: '{}',
      });
      expect(out.status).toBe(200);
      expect((await mineOn(t.app, bearer(u))).status).toBe(401);
      // Someone else's sign-out changes nothing for the others.
      expect((await mineOn(t.app, bearer(bystander))).status).toBe(200);
      // A name changed behind the app's back is the name of the very next request.
      const probe = new Hono<AppEnv>();
      probe.use('/api/*', sessionMiddleware(t.ctx));
      probe.get('/api/whoami', (c) => c.json(c.get('user')));
      const whoami = async () =>
        (await (await probe.request('/api/whoami', { headers: bearer(bystander) })).json()) as {
          name: string;
        } | null;
      expect((await whoami())?.name).toBeTruthy();
      await sql`update "user" set name = 'Nome Novo' where id = ${bystander.id}`.execute(t.db.db);
      expect((await whoami())?.name).toBe('Nome Novo');
      // A deleted user (their sessions go with them) is 401 on both instances.
      await sql`delete from "user" where id = ${bystander.id}`.execute(otherDb.db);
      expect((await mineOn(t.app, bearer(bystander))).status).toBe(401);
      expect((await mineOn(other.app, bearer(bystander))).status).toBe(401);
      expect(await whoami()).toBeNull();
    } finally {
      await otherDb.close();
    }
  });
});
