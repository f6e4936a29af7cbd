import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import { addClassMember } from '../src/modules/classes/members.service.ts';
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

/**
 * Hostile input on both engines: every route of the app (and every Better Auth endpoint) is walked
 * with NUL characters, overlong and out-of-range values and confused types in its path, query and
 * body. Nothing may answer 5xx; a NUL anywhere is a 400 with a field error; integers beyond their
 * column's range are 400; ids that cannot be ids are 404 without a query.
 */

const NUL_PATHS = ['a%00b', '%00'];
const JUNK_PATHS = [
  'x'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd',
  "1'%20OR%20'1'%3D'1",
  '%F0%9F%92%A5',
  '%ff%fe',
  '-1',
  '99999999999999999999',
  '%20',
  'a.b',
];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** Query strings that must be 400 (they carry NUL, raw or inside a cursor). */
const NUL_QUERIES = [
  'cursor=%00',
  'limit=1%00',
  'q=fotoss%00ntese',
  'since=2031-01-01%00',
  'until=%00',
  'user_id=%00&role=student',
  'email=a%00%40b.com',
  'x%00y=1',
];
/** Cursors whose decoded parts carry NUL: 400 on every list that takes a cursor. */
const NUL_CURSORS = [
  `cursor=${b64(['\u0000'])}`,
  `cursor=${b64(['\u0000', 'x'])}`,
  `cursor=${b64(['x', '\u0000'])}`,
  `cursor=${b64(['0', '\u0000', 'x'])}`,
  `cursor=${b64(['0', 'x', '\u0000'])}`,
];
/** The lists (GET routes that page with a cursor). */
const LISTS = [
  '/api/classes/mine',
  '/api/classes/teaching',
  '/api/classes/:id/members',
  '/api/classes/:id/invites',
  '/api/classes/:id/events',
  '/api/classes/:classId/conversations',
  '/api/conversations',
  '/api/conversations/:id/messages',
];
/** Query strings that must not be 5xx. */
const JUNK_QUERIES = [
  'limit=99999999999999999999',
  'limit=-1',
  'limit=1e309',
  'limit=NaN',
  'limit=0x10',
  `cursor=${b64(['99999999999999999999'])}`,
  `cursor=${b64(['-99999999999999999999'])}`,
  `cursor=${b64(['1e309'])}`,
  `cursor=${b64([1e308])}`,
  `cursor=${b64(['99999999999999999999', '99999999999999999999'])}`,
  `cursor=${b64(['1', '9999-99-99T99:99:99Z', 'x'])}`,
  `cursor=${b64(['x'.repeat(300), 'y'])}`,
  `cursor=${b64({ a: 1 })}`,
  'cursor=%ff%fe',
  `cursor=${'A'.repeat(499)}`,
  'since=9999-99-99&until=0000-00-00',
  'since=-1&until=99999999999999999999',
  'q=' + encodeURIComponent('!@#$%^&*()_+{}|:"<>?~`-=[]\\;\',./ & | ! <-> :* \\'),
  'q=' + 'palavra%20'.repeat(40),
  'user_id=' + 'x'.repeat(5000),
  'role=admin&user_id=x',
];

const FIELDS = [
  'title',
  'name',
  'description',
  'code',
  'class_id',
  'role',
  'email',
  'expires_at',
  'max_uses',
  'token',
  'starts_at',
  'ends_at',
  'all_day',
  'location',
  'text',
  'action',
  'model',
  'mode',
  'pinned',
  'user_id',
  'api_key',
  'context',
  'password',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'provider',
  'image',
  'join_by_code',
  'id',
  'messages',
  'sessionToken',
  'q',
];

const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

/** Bodies with a NUL: must be 400 with a field error naming the place. */
const NUL_BODIES: Array<[unknown, string]> = [
  [every('a\u0000b'), 'title'],
  [{ title: 'ok', description: 'linha\u0000' }, 'description'],
  [{ context: { nested: ['ok', 'x\u0000'] } }, 'context.nested.1'],
  [{ ['chave\u0000']: 'x' }, 'chave\\0'],
];
/** Bodies that must not be 5xx. */
const JUNK_BODIES: unknown[] = [
  every(1e308),
  every(-1),
  every(2 ** 63),
  every(Number.MAX_SAFE_INTEGER),
  every(null),
  every({}),
  every([]),
  every(true),
  every('x'.repeat(20_000)),
  every("\u202e\ud83d\udca5<script>alert(1)</script>'; drop table users; --"),
  every('\ud800'), // a lone surrogate
  { ...every('2031-02-30T25:61:00Z'), max_uses: 0, all_day: 'yes' },
  JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`),
];

describe.each(dialects)('hostile input on every route (%s)', (dialect) => {
  let t: TestApp;
  let owner: SignedUp;
  let student: SignedUp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUp(t, { role: 'teacher', name: 'Dona' });
    student = await signUp(t, { name: 'Aluno' });
    const h = bearer(owner);
    const klass = (await (
      await jsonRequest(t, 'POST', '/api/classes', { title: 'Turma' }, h)
    ).json()) as {
      id: string;
    };
    await addClassMember(t.ctx, klass.id, student.id, 'student');
    const event = (await (
      await jsonRequest(
        t,
        'POST',
        `/api/classes/${klass.id}/events`,
        {
          title: 'Prova',
          starts_at: '2031-05-01T12:00:00Z',
        },
        h,
      )
    ).json()) as { id: string };
    const invite = (await (
      await jsonRequest(t, 'POST', '/api/classes/invites', { class_id: klass.id }, h)
    ).json()) as { id: string; token: string };
    const conv = (await (
      await jsonRequest(t, 'POST', '/api/conversations', { title: 'C' }, h)
    ).json()) as {
      id: string;
    };
    Object.assign(ids, {
      id: klass.id,
      classId: klass.id,
      eventId: event.id,
      inviteId: invite.id,
      token: invite.token,
      userId: student.id,
      provider: 'openai',
      file: 'feed.ics',
    });
    ids.conversationId = conv.id;
  });
  afterAll(async () => t?.close());

  /** Every route: app routes with their params, and Better Auth's endpoints. */
  function routes(): Array<{ method: string; template: string; params: string[] }> {
    const out = new Map<string, { method: string; template: string; params: string[] }>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || r.path.includes('*')) continue;
      const params = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      out.set(`${r.method} ${r.path}`, { method: r.method, template: r.path, params });
    }
    const api = t.ctx.auth.api as unknown as Record<
      string,
      { path?: string; options?: { method?: string | string[] } }
    >;
    for (const endpoint of Object.values(api)) {
      if (!endpoint?.path || endpoint.path.includes(':')) continue;
      const methods = [endpoint.options?.method ?? 'GET']
        .flat()
        .filter((m) => m === 'GET' || m === 'POST');
      for (const method of methods) {
        out.set(`${method} /pb/auth${endpoint.path}`, {
          method,
          template: `/pb/auth${endpoint.path}`,
          params: [],
        });
      }
    }
    return [...out.values()];
  }

  /**
   * The route's path with real ids (so input reaches as deep as it can), but a well-formed id of
   * nothing for DELETE — the walk must not delete what the other walks need.
   */
  function fill(template: string, override?: [string, string], method = 'GET'): string {
    return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      if (override && override[0] === name) return override[1];
      if (method === 'DELETE' && name !== 'provider') return '01900000-0000-7000-8000-000000000000';
      // conversation routes call their id `:id` too
      if (name === 'id' && template.startsWith('/api/conversations')) return ids.conversationId!;
      return encodeURIComponent(ids[name] ?? 'x');
    });
  }

  /**
   * Better Auth's endpoints are walked with a session of their own (sign-out, revoke-sessions and
   * delete-user may end it): signed in again whenever it no longer works.
   */
  let authWalker: { email: string; password: string; token: string } | undefined;
  async function authWalkerToken(): Promise<string> {
    if (authWalker) {
      const res = await t.app.request('/api/classes/mine', {
        headers: { authorization: `Bearer ${authWalker.token}` },
      });
      if (res.status === 200) return authWalker.token;
      const again = await jsonRequest(t, 'POST', '/pb/auth/sign-in/email', {
        email: authWalker.email,
        password: authWalker.password,
      });
      const token = again.headers.get('set-auth-token');
      if (again.status === 200 && token) return (authWalker.token = token);
    }
    const user = await signUp(t);
    authWalker = { email: user.email, password: user.password, token: user.token };
    return user.token;
  }

  async function send(method: string, path: string, body?: unknown, raw?: string) {
    const token = path.startsWith('/pb/auth/') ? await authWalkerToken() : owner.token;
    const headers: Record<string, string> = { ...bearer({ token }), origin: ORIGIN };
    const hasBody =
      method !== 'GET' && method !== 'HEAD' && (body !== undefined || raw !== undefined);
    if (hasBody) headers['content-type'] = 'application/json';
    const res = await t.app.request(path, {
      method,
      headers,
      ...(hasBody ? { body: raw ?? JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, text };
  }

  function expectNo5xx(r: { status: number; text: string }, what: string) {
    expect(r.status, `${what} → ${r.status} ${r.text.slice(0, 200)}`).toBeLessThan(500);
  }

  function expectNul400(r: { status: number; text: string }, what: string, path?: string) {
    expect(r.status, `${what} → ${r.status} ${r.text.slice(0, 200)}`).toBe(400);
    const problem = JSON.parse(r.text) as Problem;
    expect(problem.code, what).toBe('validation_failed');
    expect(problem.errors?.length, what).toBeGreaterThan(0);
    if (path)
      expect(
        problem.errors?.map((e) => e.path),
        what,
      ).toContain(path);
  }

  it('paths: NUL is 400, junk ids are 4xx (never 5xx)', async () => {
    let walked = 0;
    for (const route of routes()) {
      for (const param of route.params) {
        for (const value of NUL_PATHS) {
          const path = fill(route.template, [param, value]);
          expectNul400(await send(route.method, path), `${route.method} ${path}`, 'path');
          walked++;
        }
        for (const value of JUNK_PATHS) {
          const path = fill(route.template, [param, value]);
          const r = await send(route.method, path, route.method === 'GET' ? undefined : {});
          expectNo5xx(r, `${route.method} ${route.template} with ${param}=${value.slice(0, 40)}`);
          walked++;
        }
      }
    }
    expect(walked).toBeGreaterThan(200);
  });

  it('ids that cannot be ids are 404 without reaching the database', async () => {
    // Answered by the id check in front of the handler ("No such resource"), not by a lookup.
    for (const [method, path] of [
      ['GET', `/api/classes/${'x'.repeat(300)}`],
      ['GET', '/api/classes/a.b'],
      ['GET', "/api/classes/1'%20OR%20'1'%3D'1"],
      ['DELETE', `/api/classes/${ids.classId}/members/%F0%9F%92%A5`],
      ['GET', '/api/conversations/..%2F..%2Fetc'],
      ['GET', '/api/classes/invites/%20'],
    ] as const) {
      const r = await send(method, path);
      expect(r.status, path).toBe(404);
      const problem = JSON.parse(r.text) as Problem;
      expect(problem.code).toBe('not_found');
      expect(problem.detail, path).toBe('No such resource');
    }
  });

  it('queries: NUL is 400; out-of-range numbers and forged cursors never 5xx', async () => {
    for (const route of routes()) {
      const base = fill(route.template, undefined, route.method);
      for (const q of NUL_QUERIES) {
        expectNul400(await send(route.method, `${base}?${q}`), `${route.method} ${base}?${q}`);
      }
      for (const q of JUNK_QUERIES) {
        expectNo5xx(
          await send(route.method, `${base}?${q}`),
          `${route.method} ${route.template}?${q.slice(0, 80)}`,
        );
      }
    }
    for (const list of LISTS) {
      const base = fill(list);
      for (const q of NUL_CURSORS) {
        const r = await send('GET', `${base}?${q}`);
        expect(r.status, `${base}?${q} → ${r.text.slice(0, 200)}`).toBe(400);
        expect((JSON.parse(r.text) as Problem).errors?.[0]?.path).toBe('cursor');
      }
    }
  });

  it('an integer cursor outside its column (messages seq) is 400, a sane one pages', async () => {
    const base = `/api/conversations/${ids.conversationId}/messages`;
    for (const seq of ['99999999999999999999', '2147483648', '-1', '1.5', '1e3', 'x', '']) {
      const r = await send('GET', `${base}?cursor=${b64([seq])}`);
      expect(r.status, seq).toBe(400);
      expect((JSON.parse(r.text) as Problem).errors?.[0]?.path).toBe('cursor');
    }
    expect((await send('GET', `${base}?cursor=${b64(['2147483647'])}`)).status).toBe(200);
    for (const limit of ['0', '-1', '101', '99999999999999999999', '1e309', 'abc']) {
      expect((await send('GET', `/api/classes/mine?limit=${limit}`)).status, limit).toBe(400);
    }
  });

  it('bodies: NUL is 400 naming the field; junk types and sizes never 5xx', async () => {
    for (const route of routes()) {
      if (route.method === 'GET') continue;
      const path = fill(route.template, undefined, route.method);
      for (const [body, field] of NUL_BODIES) {
        expectNul400(
          await send(route.method, path, body),
          `${route.method} ${path} ${field}`,
          field,
        );
      }
      for (const body of JUNK_BODIES) {
        const r = await send(route.method, path, body);
        expectNo5xx(
          r,
          `${route.method} ${route.template} body ${JSON.stringify(body).slice(0, 80)}`,
        );
      }
      // A body that is JSON but not an object is refused as such.
      for (const body of [[], [1, 2, 3], 'texto', '\u0000', 0, null]) {
        const r = await send(route.method, path, body);
        expect(
          r.status,
          `${route.template} ${JSON.stringify(body)} → ${r.text.slice(0, 100)}`,
        ).toBe(400);
        expect((JSON.parse(r.text) as Problem).errors?.[0]?.path).toBe('body');
      }
      // Raw text that claims to be JSON but is not, or is not UTF-8.
      expectNo5xx(
        await send(route.method, path, undefined, '{"title": "a'),
        `${route.template} broken json`,
      );
      expectNo5xx(
        await send(route.method, path, undefined, '\u00ff\u00fe{'),
        `${route.template} not json`,
      );
    }
  });

  it('the data is intact and the server still answers normally afterwards', async () => {
    const h = bearer(owner);
    expect((await jsonRequest(t, 'GET', `/api/classes/${ids.classId}`, undefined, h)).status).toBe(
      200,
    );
    const conv = await jsonRequest(
      t,
      'GET',
      `/api/conversations/${ids.conversationId}`,
      undefined,
      h,
    );
    expect(conv.status).toBe(200);
    const created = await jsonRequest(t, 'POST', '/api/classes', { title: 'Depois' }, h);
    expect(created.status).toBe(201);
  });
});
