import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { securityHeaderOptions, securityHeaders } from './security-headers.ts';

/**
 * The security headers are worked out once and set on the Node response before the route runs;
 * through `app.request` (no Node response) they are added after it. Either way: the same headers
 * as Hono's middleware writes, and a header the route sets itself is the route's.
 */
describe('security headers', () => {
  const env = parseEnv({ PUBLIC_URL: 'https://aprenda.example' });
  const app = new Hono();
  app.use('*', securityHeaders(env));
  app.get('/json', (c) => c.json({ ok: true }));
  app.get('/image', (c) =>
    c.body('png', 200, {
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
    }),
  );
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_err, c) => c.json({ error: true }, 500));

  /** What Hono's own middleware writes with the same options: the headers to expect. */
  async function honoHeaders(): Promise<Map<string, string>> {
    const reference = new Hono();
    reference.use('*', secureHeaders(securityHeaderOptions(env, true)));
    reference.get('*', (c) => c.body(null, 204));
    return new Map((await reference.request('/')).headers.entries());
  }

  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(s as Server),
      ) as Server;
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('every response carries them, through the Node adapter and through app.request, errors too', async () => {
    const expected = await honoHeaders();
    expect(expected.get('content-security-policy')).toContain("default-src 'self'");
    expect(expected.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    for (const path of ['/json', '/boom', '/nowhere']) {
      for (const res of [await fetch(`${origin}${path}`), await app.request(path)]) {
        for (const [name, value] of expected) expect(res.headers.get(name), name).toBe(value);
      }
    }
    const json = await fetch(`${origin}/json`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual({ ok: true });
  });

  it('a route that sets one itself keeps its own (a board image stays sandboxed)', async () => {
    for (const res of [await fetch(`${origin}/image`), await app.request('/image')]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toBe('png');
    }
  });
});
