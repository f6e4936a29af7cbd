import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '@aprenda/shared/constants';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@aprenda/shared/errors';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { createApp } from '../src/app.ts';
import { createDb } from '../src/db/client.ts';
import { API_CONTENT_SECURITY_POLICY } from '../src/middleware/security-headers.ts';
import { parseEnv } from '../src/env.ts';
import type { Logger } from '../src/lib/logger.ts';
import { createTestApp, dialects, TEST_SECRET, type TestApp } from './helpers.ts';

const ORIGIN = 'http://localhost:3000';
const INDEX_HTML =
  '<!doctype html><html><head><title>Aprenda test</title></head><body></body></html>';
/**
 * What the server serves for it, asked without a session cookie: the public config written into
 * the head (decision 0033) and the note that nobody is signed in (decision 0039).
 */
const SERVED_INDEX = INDEX_HTML.replace(
  '</head>',
  `<script id="aprenda-config" type="application/json">${JSON.stringify({
    apiPrefix: '/api',
    recordsPrefix: '/pb',
    github: false,
    posthog: { key: 'phc_test_key', host: 'https://eu.posthog.example' },
  })}</script><meta name="aprenda-session" content="none"></head>`,
);
const ASSET_JS = 'console.log("app-abc123");';
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `palavra-${i}`))};\n`;

function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), ASSET_JS);
  writeFileSync(join(dir, 'assets', 'vendor-def456.js'), BIG_JS);
  // The web build writes .br and .gz copies of its text files (apps/web/vite.config.ts).
  writeFileSync(join(dir, 'assets', 'vendor-def456.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(dir, 'assets', 'vendor-def456.js.gz'), gzipSync(BIG_JS));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** A JSON body of exactly `bytes` bytes: {"a":"xxxx…"}. */
function jsonOfSize(bytes: number): string {
  return JSON.stringify({ a: 'x'.repeat(bytes - 8) });
}

/** A body the client streams in chunks, with no Content-Length (chunked). */
function streamed(text: string, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

async function expectProblem(res: Response, status: number, code: string): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
  const body = JSON.parse(text) as Problem;
  expect(body).toMatchObject({ type: 'about:blank', status, code });
  expect(typeof body.title).toBe('string');
  expect(typeof body.instance).toBe('string');
  expect(body.requestId).toBe(res.headers.get('x-request-id'));
  return body;
}

describe.each(dialects)('platform over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp(dialect, {
      WEB_DIST: webDist,
      POSTHOG_KEY: 'phc_test_key',
      POSTHOG_HOST: 'https://eu.posthog.example',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const post = (
    path: string,
    body: string | Uint8Array | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  describe('body limit', () => {
    const paths = ['/api/classes', '/pb/user_actions', '/pb/auth/sign-up/email'];

    it.each(paths)('%s: 1 MB + 1 with Content-Length → 413 payload_too_large', async (path) => {
      const body = jsonOfSize(MAX_JSON_BODY_BYTES + 1);
      expect(Buffer.byteLength(body)).toBe(MAX_JSON_BODY_BYTES + 1);
      const res = await post(path, body, { 'content-length': String(MAX_JSON_BODY_BYTES + 1) });
      await expectProblem(res, 413, 'payload_too_large');
    });

    it.each(paths)('%s: 1 MB + 1 streamed without Content-Length → 413', async (path) => {
      const res = await post(path, streamed(jsonOfSize(MAX_JSON_BODY_BYTES + 1)));
      await expectProblem(res, 413, 'payload_too_large');
    });

    it.each(paths)('%s: 1 MB + 1 under a lying small Content-Length → 413', async (path) => {
      const res = await post(path, jsonOfSize(MAX_JSON_BODY_BYTES + 1), { 'content-length': '20' });
      await expectProblem(res, 413, 'payload_too_large');
    });

    it('exactly 1 MB passes the guard and reaches the route', async () => {
      // Sign-up with a padded body of exactly the limit: the route answers (not 413/400 invalid_json).
      const base = {
        email: 'limit@example.com',
        password: 'senha-segura-1',
        name: 'Lia',
        role: 'student',
      };
      const pad = MAX_JSON_BODY_BYTES - Buffer.byteLength(JSON.stringify({ ...base, pad: '' }));
      const body = JSON.stringify({ ...base, pad: 'x'.repeat(pad) });
      expect(Buffer.byteLength(body)).toBe(MAX_JSON_BODY_BYTES);
      const res = await post('/pb/auth/sign-up/email', body);
      expect(res.status).not.toBe(413);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe('malformed JSON', () => {
    it.each([
      '/api/classes',
      '/pb/user_actions',
      '/pb/auth/sign-in/email',
      '/pb/auth/sign-up/email',
    ])('%s → 400 invalid_json', async (path) => {
      const res = await post(path, '{"email": "a@b.c", ');
      await expectProblem(res, 400, 'invalid_json');
    });

    it('invalid UTF-8 in a JSON body → 400 invalid_json', async () => {
      const res = await post('/pb/auth/sign-in/email', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
      await expectProblem(res, 400, 'invalid_json');
    });
  });

  describe('unknown API paths', () => {
    it.each([
      ['GET', '/api/x'],
      ['GET', '/api'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/pb/x'],
      ['DELETE', '/pb/whatever'],
      ['GET', '/api/health/extra'],
    ])('%s %s → 404 problem not_found', async (method, path) => {
      const res = await t.app.request(path, { method, headers: { origin: ORIGIN } });
      await expectProblem(res, 404, 'not_found');
    });
  });

  describe('SPA', () => {
    it('/ serves index.html with no-cache', async () => {
      const res = await t.app.request('/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SERVED_INDEX);
    });

    it.each(['/dashboard/chat', '/about', '/some/deep/unknown/path', '/profile?tab=keys'])(
      'history fallback: %s → index.html',
      async (path) => {
        const res = await t.app.request(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toBe(SERVED_INDEX);
      },
    );

    it('hashed assets are served as-is and cached immutably', async () => {
      const res = await t.app.request('/assets/app-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe(ASSET_JS);
    });

    it('other existing files are served with their type', async () => {
      const res = await t.app.request('/favicon.svg');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).not.toContain('immutable');
    });

    it('a missing hashed asset is 404, not index.html', async () => {
      const res = await t.app.request('/assets/app-gone999.js');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<html');
    });

    it('HEAD answers headers without a body; ETag revalidation answers 304', async () => {
      const head = await t.app.request('/assets/app-abc123.js', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(ASSET_JS)));
      expect(await head.text()).toBe('');
      const etag = head.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await t.app.request('/assets/app-abc123.js', {
        headers: { 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
    });

    it('text assets are sent with brotli or gzip when accepted, identical once decoded', async () => {
      const path = '/assets/vendor-def456.js';
      const br = await t.app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.status).toBe(200);
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toBe('accept-encoding');
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(brBytes.byteLength).toBeLessThan(Buffer.byteLength(BIG_JS) / 2);
      expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
      expect(brotliDecompressSync(brBytes).toString()).toBe(BIG_JS);

      const gz = await t.app.request(path, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_JS);
      expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));

      const plain = await t.app.request(path);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(BIG_JS);
    });

    it.each([
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/..%5c..%5cetc%5cpasswd',
    ])('never serves files outside the build: %s', async (path) => {
      const res = await t.app.request(path);
      const text = await res.text();
      expect(text).not.toContain('root:');
      expect([200, 400, 404]).toContain(res.status);
      if (res.status === 200) expect(text).toBe(SERVED_INDEX);
    });

    it('a malformed percent-encoding is 400, not a crash', async () => {
      const res = await t.app.request('/%E0%A4%A');
      expect(res.status).toBe(400);
    });
  });

  describe('security headers', () => {
    it.each(['/', '/assets/app-abc123.js', '/turmas'])(
      '%s (a page or its file) carries the page CSP and the other security headers',
      async (path) => {
        const res = await t.app.request(path, { headers: { origin: ORIGIN } });
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toMatch(/connect-src 'self' https:\/\/eu\.posthog\.example(;|$)/);
        expect(csp).not.toMatch(/script-src[^;]*posthog/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      },
    );

    it.each(['/api/health', '/api/nope', '/pb/auth/get-session'])(
      '%s (an API or records answer) carries the CSP that allows nothing (decision 0049)',
      async (path) => {
        const res = await t.app.request(path, { headers: { origin: ORIGIN } });
        expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
      },
    );

    it('on a 413 problem too', async () => {
      const res = await post('/api/classes', streamed(jsonOfSize(MAX_JSON_BODY_BYTES + 1)));
      expect(res.status).toBe(413);
      expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('request id', () => {
    it('is generated when absent and echoed in the problem', async () => {
      const res = await t.app.request('/api/nope');
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const body = (await res.json()) as Problem;
      expect(body.requestId).toBe(id);
    });

    it('is echoed when the client sends a safe one, replaced when unsafe', async () => {
      const ok = await t.app.request('/api/health', {
        headers: { 'x-request-id': 'abc-123.X_y:z' },
      });
      expect(ok.headers.get('x-request-id')).toBe('abc-123.X_y:z');
      const bad = await t.app.request('/api/health', {
        headers: { 'x-request-id': 'evil"\\injection <script>' },
      });
      expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('health and config', () => {
    it('GET /api/health → 200 { status: ok, db: ok }', async () => {
      const res = await t.app.request('/api/health');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
    });

    it('GET /api/config → the public config (PostHog on, GitHub off)', async () => {
      const res = await t.app.request('/api/config');
      expect(res.status).toBe(200);
      const body = (await res.json()) as PublicConfig;
      expect(body).toEqual({
        apiPrefix: '/api',
        recordsPrefix: '/pb',
        github: false,
        posthog: { key: 'phc_test_key', host: 'https://eu.posthog.example' },
      } satisfies PublicConfig);
    });
  });
});

describe('platform with a separate app instance', () => {
  const dialect = dialects[0]!;

  it('health answers 503 unavailable when the database is gone', async () => {
    const t = await createTestApp(dialect);
    try {
      const built = createApp({ env: t.env, db: t.db, secret: TEST_SECRET });
      expect((await built.app.request('/api/health')).status).toBe(200);
      await t.db.close();
      const res = await built.app.request('/api/health');
      await expectProblem(res, 503, 'unavailable');
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('config with GitHub on and no analytics; CSP without analytics, form-action with GitHub', async () => {
    const t = await createTestApp(dialect, {
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_OAUTH_BASE_URL: 'http://127.0.0.1:4999',
      API_PREFIX: '/v1',
    });
    try {
      const res = await t.app.request('/v1/config');
      expect(await res.json()).toEqual({
        apiPrefix: '/v1',
        recordsPrefix: '/pb',
        github: true,
        posthog: null,
      });
      // Under the configured API prefix the answer carries the CSP that allows nothing; the page's
      // own CSP lets the sign-in form post to GitHub.
      expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      const page = await t.app.request('/');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("form-action 'self' http://127.0.0.1:4999;");
      expect(csp).not.toContain('gh-secret');
      await expectProblem(await t.app.request('/v1/whatever'), 404, 'not_found');
    } finally {
      await t.close();
    }
  });

  it('a missing web build answers a 503 page that says to run npm run build', async () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      DATABASE_URL: ':memory:',
      WEB_DIST: '/nonexistent/aprenda-dist',
    });
    const db = createDb(':memory:');
    try {
      const { app } = createApp({ env, db, secret: TEST_SECRET });
      for (const path of ['/', '/dashboard']) {
        const res = await app.request(path);
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('npm run build');
      }
      // The API still answers.
      expect((await app.request('/api/health')).status).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('logs one JSON line per request without query string, headers or body', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger: Logger = (entry) => lines.push(entry);
    const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: ':memory:' });
    const db = createDb(':memory:');
    try {
      const { app } = createApp({ env, db, secret: TEST_SECRET, logger });
      const res = await app.request('/api/health?token=supersecret-query', {
        headers: { authorization: 'Bearer supersecret-bearer', 'x-request-id': 'req-42' },
      });
      expect(res.status).toBe(200);
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        level: 'info',
        method: 'GET',
        path: '/api/health',
        status: 200,
        requestId: 'req-42',
      });
      expect(typeof requests[0]!.ms).toBe('number');
      const all = JSON.stringify(lines);
      expect(all).not.toContain('supersecret');
    } finally {
      await db.close();
    }
  });
});
