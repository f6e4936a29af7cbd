import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import {
  bearer,
  createTestApp,
  dialects,
  ORIGIN,
  signUp,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { WRITE_METHODS } from '../src/app.ts';

const EVIL = 'https://evil.example';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Better Auth's state-changing endpoints (mounted under /pb/auth). */
const AUTH_POSTS = [
  '/sign-out',
  '/sign-up/email',
  '/sign-in/email',
  '/sign-in/social',
  '/update-user',
  '/change-password',
  '/change-email',
  '/delete-user',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/update-session',
  '/unlink-account',
];

/**
 * Cross-site request forgery: a write authenticated by the session cookie must come from the app
 * itself (Origin, else Sec-Fetch-Site); bearer calls are not affected; JSON routes take only JSON.
 */
describe.each(dialects)('cross-site requests and content types (%s)', (dialect) => {
  let t: TestApp;
  let teacher: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher', name: 'Professora' });
  });
  afterAll(async () => t?.close());

  /** Every state-changing route of the app (params filled with a plausible id). */
  function unsafeRoutes(): Array<{ method: string; path: string }> {
    const routes = new Map<string, { method: string; path: string }>();
    for (const r of t.app.routes) {
      if (!UNSAFE.has(r.method) || r.path.includes('*')) continue;
      const path = r.path.replace(/:[A-Za-z]+/g, '01900000-0000-7000-8000-000000000000');
      routes.set(`${r.method} ${path}`, { method: r.method, path });
    }
    for (const p of AUTH_POSTS)
      routes.set(`POST /pb/auth${p}`, { method: 'POST', path: `/pb/auth${p}` });
    return [...routes.values()];
  }

  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown = {},
  ): Promise<Response> {
    return Promise.resolve(
      t.app.request(path, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
  }

  async function expectRefused(res: Response, what: string) {
    expect(res.status, what).toBe(403);
    const problem = (await res.json()) as Problem;
    expect(problem.code, what).toBe('forbidden_origin');
  }

  it('every state-changing route refuses a cookie request from a foreign origin, null or none', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const cookie = teacher.cookie;
    for (const { method, path } of routes) {
      const what = `${method} ${path}`;
      await expectRefused(await send(method, path, { cookie, origin: EVIL }), `${what} (foreign)`);
      await expectRefused(await send(method, path, { cookie, origin: 'null' }), `${what} (null)`);
      await expectRefused(
        await send(method, path, { cookie, 'sec-fetch-site': 'cross-site' }),
        `${what} (Sec-Fetch-Site)`,
      );
      await expectRefused(
        await send(method, path, { cookie, 'sec-fetch-site': 'same-site' }),
        `${what} (sibling site)`,
      );
      await expectRefused(await send(method, path, { cookie }), `${what} (no origin at all)`);
    }
    // The session survived all of that (sign-out and revoke were refused too).
    const me = await t.app.request('/api/classes/mine', { headers: { cookie: teacher.cookie } });
    expect(me.status).toBe(200);
  });

  it('the origin guard covers every method a route answers besides GET, HEAD and OPTIONS', async () => {
    // The guard is registered for WRITE_METHODS only (reads skip it); a route answering any other
    // method would slip past it.
    const allowed = new Set(['GET', 'HEAD', 'OPTIONS', 'ALL', ...WRITE_METHODS]);
    const outside = t.app.routes.filter((r) => !allowed.has(r.method));
    expect(outside.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Any other method with a cookie from a foreign origin reaches no handler and changes nothing.
    for (const method of ['PROPPATCH', 'MERGE']) {
      const res = await send(method, '/api/classes/mine', { cookie: teacher.cookie, origin: EVIL });
      expect([404, 405], method).toContain(res.status);
    }
  });

  it('a foreign origin cannot sign in or sign up either (login CSRF), even without cookies', async () => {
    const res = await send(
      'POST',
      '/pb/auth/sign-in/email',
      { origin: EVIL },
      {
        email: teacher.email,
        password: teacher.password,
      },
    );
    await expectRefused(res, 'sign-in');
    expect(res.headers.get('set-cookie')).toBeNull();
    await expectRefused(
      await send(
        'POST',
        '/pb/auth/sign-up/email',
        { origin: EVIL },
        {
          email: 'forjado@example.com',
          password: 'senha-segura-1',
          name: 'Forjado',
          role: 'student',
        },
      ),
      'sign-up',
    );
    const created = await t.db.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'forjado@example.com')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('refused writes change nothing; the same writes from the app origin (or Sec-Fetch-Site same-origin) work', async () => {
    const cookie = teacher.cookie;
    const foreign = { cookie, origin: EVIL };
    const own = { cookie, origin: ORIGIN };
    const sameOrigin = { cookie, 'sec-fetch-site': 'same-origin' };
    const db = t.db.db;
    const count = async (table: 'classes' | 'conversations' | 'user_actions' | 'user_api_keys') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // classes
    await expectRefused(await send('POST', '/api/classes', foreign, { title: 'Forjada' }), 'class');
    expect(await count('classes')).toBe(0);
    const created = await send('POST', '/api/classes', own, { title: 'Verdadeira' });
    expect(created.status).toBe(201);
    const klass = (await created.json()) as { id: string };
    expect((await send('POST', '/api/classes', sameOrigin, { title: 'Outra' })).status).toBe(201);

    // members (query, no body)
    const student = await signUp(t);
    const addPath = `/api/classes/${klass.id}/members?user_id=${student.id}`;
    await expectRefused(
      await t.app.request(addPath, { method: 'POST', headers: foreign }),
      'member',
    );
    const members = () =>
      db.selectFrom('class_members').select('user_id').where('class_id', '=', klass.id).execute();
    expect((await members()).map((m) => m.user_id)).toEqual([teacher.id]);
    expect((await t.app.request(addPath, { method: 'POST', headers: own })).status).toBe(201);

    // the class itself
    await expectRefused(await send('DELETE', `/api/classes/${klass.id}`, foreign), 'delete class');
    expect(
      (await send('PUT', `/api/classes/${klass.id}`, own, { title: 'Renomeada' })).status,
    ).toBe(200);

    // conversations
    await expectRefused(await send('POST', '/api/conversations', foreign, { title: 'x' }), 'conv');
    expect(await count('conversations')).toBe(0);
    const conv = await send('POST', '/api/conversations', own, { title: 'Minha' });
    expect(conv.status).toBe(201);
    const convId = ((await conv.json()) as { id: string }).id;
    await expectRefused(
      await send('PATCH', `/api/conversations/${convId}`, foreign, { title: 'Roubada' }),
      'rename',
    );
    await expectRefused(
      await send('DELETE', `/api/conversations/${convId}`, foreign),
      'delete conv',
    );
    const title = await db
      .selectFrom('conversations')
      .select('title')
      .where('id', '=', convId)
      .executeTakeFirst();
    expect(title?.title).toBe('Minha');

    // records service
    const actionsBefore = await count('user_actions');
    await expectRefused(
      await send('POST', '/pb/user_actions', foreign, { action: 'forjada' }),
      'user_actions',
    );
    expect(await count('user_actions')).toBe(actionsBefore);
    await expectRefused(
      await send('PUT', '/pb/user_api_keys/openai', foreign, { api_key: 'sk-forjada-0123456789' }),
      'api key',
    );
    expect(await count('user_api_keys')).toBe(0);
    expect(
      (await send('PUT', '/pb/user_api_keys/openai', own, { api_key: 'sk-verdadeira-0123456789' }))
        .status,
    ).toBe(200);

    // calendar feed
    const feed = async () =>
      (await (await t.app.request('/api/calendar/feed', { headers: { cookie } })).json()) as {
        url: string;
      };
    const url = (await feed()).url;
    await expectRefused(await send('POST', '/api/calendar/feed/reset', foreign), 'feed reset');
    expect((await feed()).url).toBe(url);

    // Better Auth: profile and sign-out
    await expectRefused(
      await send('POST', '/pb/auth/update-user', foreign, { name: 'Roubado' }),
      'update-user',
    );
    const name = await db
      .selectFrom('user')
      .select('name')
      .where('id', '=', teacher.id)
      .executeTakeFirst();
    expect(name?.name).toBe('Professora');
    await expectRefused(await send('POST', '/pb/auth/sign-out', foreign), 'sign-out');
    expect((await t.app.request('/api/classes/mine', { headers: { cookie } })).status).toBe(200);
    expect(
      (await send('POST', '/pb/auth/update-user', own, { name: 'Professora Ana' })).status,
    ).toBe(200);
  });

  it('bearer calls are unaffected by Origin (a browser never sends the header across sites)', async () => {
    const res = await send(
      'POST',
      '/api/conversations',
      { ...bearer(teacher), origin: EVIL },
      { title: 'Via app' },
    );
    expect(res.status).toBe(201);
    const noOrigin = await send('POST', '/api/conversations', bearer(teacher), {
      title: 'Via script',
    });
    expect(noOrigin.status).toBe(201);
  });

  it('a client without cookies or Origin (a script) may still sign in and then use the bearer', async () => {
    const res = await send(
      'POST',
      '/pb/auth/sign-in/email',
      {},
      {
        email: teacher.email,
        password: teacher.password,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
  });

  it('JSON routes answer 415 to text/plain, form and untyped bodies, and nothing is created', async () => {
    const before = await t.db.db.selectFrom('classes').select('id').execute();
    const cases: Array<[string, string | undefined, string]> = [
      ['/api/classes', 'text/plain', JSON.stringify({ title: 'Texto' })],
      ['/api/classes', 'application/x-www-form-urlencoded', 'title=Formul%C3%A1rio'],
      [
        '/api/classes',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nM\r\n--x--',
      ],
      ['/api/classes', undefined, JSON.stringify({ title: 'Sem tipo' })],
      ['/pb/user_actions', 'application/x-www-form-urlencoded', 'action=x'],
      [
        '/pb/auth/sign-in/email',
        'application/x-www-form-urlencoded',
        `email=${encodeURIComponent(teacher.email)}&password=x`,
      ],
    ];
    for (const [path, type, body] of cases) {
      const headers: Record<string, string> = { ...bearer(teacher), origin: ORIGIN };
      if (type) headers['content-type'] = type;
      const res = await t.app.request(path, { method: 'POST', headers, body });
      expect(res.status, `${path} as ${type}`).toBe(415);
      expect(((await res.json()) as Problem).code).toBe('unsupported_media_type');
    }
    expect(await t.db.db.selectFrom('classes').select('id').execute()).toEqual(before);
    // A body-less POST (query parameters only) needs no content type.
    const created = await send(
      'POST',
      '/api/classes',
      { ...bearer(teacher), origin: ORIGIN },
      { title: 'JSON' },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const reset = await t.app.request(`/api/classes/${id}/code/reset`, {
      method: 'POST',
      headers: bearer(teacher),
    });
    expect(reset.status).toBe(200);
  });
});
