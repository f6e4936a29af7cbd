import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { tokenPathRedactor } from '../src/lib/log-redaction.ts';
import type { Logger } from '../src/lib/logger.ts';
import {
  bearer,
  createTestApp,
  dialects,
  ORIGIN,
  signUp,
  TEST_SECRET,
  type TestApp,
} from './helpers.ts';

/** No credential in logs: paths that carry a token are written redacted. */
describe.each(dialects)('request log redaction (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  let app: TestApp['app'];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const logger: Logger = (entry) => lines.push(JSON.stringify(entry));
    app = createApp({ env: t.env, db: t.db, secret: TEST_SECRET, logger }).app;
  });
  afterAll(async () => t?.close());

  it('after fetching a feed and previewing an invite, the log holds neither token', async () => {
    const teacher = await signUp(t, { role: 'teacher' });
    const student = await signUp(t);
    const call = (method: string, path: string, body?: unknown, who = teacher) =>
      app.request(path, {
        method,
        headers: { ...bearer(who), origin: ORIGIN, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const feed = (await (await call('GET', '/api/calendar/feed')).json()) as { url: string };
    const feedPath = new URL(feed.url).pathname;
    const feedToken = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await app.request(feedPath)).status).toBe(200);
    // …also with a doubled slash or another case, which some calendar apps produce.
    await app.request(feedPath.replace('/calendar/', '/calendar//'));

    const klass = (await (await call('POST', '/api/classes', { title: 'Química' })).json()) as {
      id: string;
    };
    const invite = (await (
      await call('POST', '/api/classes/invites', { class_id: klass.id })
    ).json()) as { token: string; id: string };
    expect(
      (await call('GET', `/api/classes/invites/${invite.token}`, undefined, student)).status,
    ).toBe(200);
    // The invite page of the web app (the link people click) and a reset-password link.
    await app.request(`/convite/${invite.token}`);
    await app.request(`/pb/auth/reset-password/${invite.token}xyz?callbackURL=%2Fauth`);

    const log = lines.join('\n');
    expect(feedToken.length).toBeGreaterThan(20);
    expect(log).not.toContain(feedToken);
    expect(log).not.toContain(invite.token);
    // What is logged instead says which route it was.
    expect(log).toContain('"path":"/api/calendar/….ics"');
    expect(log).toContain('"path":"/api/classes/invites/…"');
    expect(log).toContain('"path":"/convite/…"');
    expect(log).toContain('"path":"/pb/auth/reset-password/…"');
    // Paths without credentials are logged as they are.
    expect(log).toContain('"path":"/api/calendar/feed"');
    expect(log).toContain('"path":"/api/classes/invites"');
    expect(log).toContain('"path":"/api/classes"');
  });

  it('the redactor keeps ordinary paths and ids', () => {
    const redact = tokenPathRedactor({ API_PREFIX: '/api', RECORDS_PREFIX: '/pb' });
    expect(redact('/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redact('/api/calendar/feed/reset')).toBe('/api/calendar/feed/reset');
    expect(redact('/api/calendar/abcDEF_123-xyz.ics')).toBe('/api/calendar/….ics');
    expect(redact('/api/classes/invites/accept')).toBe('/api/classes/invites/accept');
    expect(redact('/api/classes/invites/tok')).toBe('/api/classes/invites/…');
    expect(redact('/API/Classes/Invites/tok')).toBe('/API/Classes/Invites/…');
    expect(redact('/convite/tok/extra')).toBe('/convite/…');
    expect(redact('/api/classes/0190-abc/members')).toBe('/api/classes/0190-abc/members');
    expect(redact('/pb/auth/reset-password')).toBe('/pb/auth/reset-password');
  });
});
