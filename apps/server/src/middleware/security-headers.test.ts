import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  securityHeaderOptions,
  securityHeaders,
} from './security-headers.ts';

/**
 * The security headers are worked out once and set on the Node response before the route runs;
 * through `app.request` (no Node response) they are added after it. Either way: pages get the same
 * headers as Hono's middleware writes, API and records answers the short set that allows nothing
 * (decision 0049), and a header the route sets itself is the route's.
 */
describe('security headers', () => {
  const env = parseEnv({ PUBLIC_URL: 'https://aprenda.example' });
  const app = new Hono();
  app.use('*', securityHeaders(env));
  app.get('/page', (c) => c.html('<p>page</p>'));
  app.get('/api/json', (c) => c.json({ ok: true }));
  app.get('/pb/auth/ok', (c) => c.json({ ok: true }));
  app.get('/apis', (c) => c.html('<p>not the API</p>'));
  app.get('/api/image', (c) =>
    c.body('png', 200, {
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
    }),
  );
  app.get('/api/boom', () => {
    throw new Error('boom');
  });
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

  /** Every response: through the real Node adapter and through app.request. */
  const both = async (path: string) => [await fetch(`${origin}${path}`), await app.request(path)];

  it('pages, their files and their errors carry every header Hono writes for a page', async () => {
    const expected = await honoHeaders();
    expect(expected.get('content-security-policy')).toContain("default-src 'self'");
    expect(expected.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(expected.get('cross-origin-opener-policy')).toBe('same-origin');
    for (const path of ['/page', '/boom', '/nowhere', '/apis']) {
      for (const res of await both(path)) {
        for (const [name, value] of expected) expect(res.headers.get(name), name).toBe(value);
      }
    }
  });

  it('API and records answers, errors and 404s too, carry the short set that allows nothing', async () => {
    for (const path of ['/api/json', '/pb/auth/ok', '/api/boom', '/api/nowhere', '/api', '/pb']) {
      for (const res of await both(path)) {
        const headers = new Map(res.headers.entries());
        expect(headers.get('content-security-policy'), path).toBe(API_CONTENT_SECURITY_POLICY);
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('x-frame-options')).toBe('DENY');
        expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(headers.get('strict-transport-security')).toBe(
          'max-age=31536000; includeSubDomains',
        );
        // What only a document reads is not sent on an answer that is never one of our pages.
        for (const name of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ]) {
          expect(headers.has(name), `${path} ${name}`).toBe(false);
        }
      }
    }
    const json = await fetch(`${origin}/api/json`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual({ ok: true });
  });

  it('a route that sets one itself keeps its own (a board image stays sandboxed)', async () => {
    for (const res of await both('/api/image')) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toBe('png');
    }
  });

  it('without https, no HSTS on either set', async () => {
    const plain = new Hono();
    plain.use('*', securityHeaders(parseEnv({ PUBLIC_URL: 'http://localhost:3000' })));
    plain.get('*', (c) => c.text('ok'));
    for (const path of ['/', '/api/x']) {
      const res = await plain.request(path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});
