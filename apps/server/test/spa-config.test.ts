import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { createTestApp, dialects, type TestApp } from './helpers.ts';

/**
 * Decision 0033: the index.html the server serves carries the runtime configuration as a JSON data
 * block (`<script id="aprenda-config" type="application/json">`), the same JSON as
 * GET /api/config, so the web renders without asking for it. Over real HTTP (node-server).
 */

/** Like the web build's index.html: a module script and modulepreloads in the head. */
const BUILT_INDEX = `<!doctype html>
<html class="dark" lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Aprenda</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A value that would end the data block and run a script if it were written unescaped. */
const HOSTILE_KEY = 'phc_</script><script>alert(1)</script><!--<SCRIPT>';

const OPEN = '<script id="aprenda-config" type="application/json">';

function listen(app: TestApp['app']): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    }) as Server;
  });
}

/**
 * The data block's text as an HTML parser sees it: script data runs to the first `</script`
 * (in any case) followed by whitespace, `/` or `>` — unless the text contains `<!--`, which an
 * escaped text cannot (it has no `<` at all, checked below).
 */
function dataBlock(html: string): string {
  const start = html.indexOf(OPEN);
  expect(start, 'the data block is in the page').toBeGreaterThanOrEqual(0);
  expect(html.indexOf(OPEN, start + 1), 'only one data block').toBe(-1);
  const rest = html.slice(start + OPEN.length);
  const end = rest.search(/<\/script[\s/>]/i);
  expect(end).toBeGreaterThanOrEqual(0);
  return rest.slice(0, end);
}

describe.each(dialects)('the served index.html carries the runtime config (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  let http: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'aprenda-web-config-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), BUILT_INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("entry");');
    t = await createTestApp(dialect, {
      WEB_DIST: dist,
      POSTHOG_KEY: HOSTILE_KEY,
      POSTHOG_HOST: 'https://eu.posthog.example',
    });
    http = await listen(t.app);
  });
  afterAll(async () => {
    await http?.close();
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function apiConfig(): Promise<PublicConfig> {
    const res = await fetch(`${http.url}/api/config`);
    expect(res.status).toBe(200);
    return (await res.json()) as PublicConfig;
  }

  it.each(['/', '/index.html', '/dashboard/student', '/auth?next=%2Fdashboard'])(
    '%s: the same JSON as GET /api/config, in the head, before the module script',
    async (path) => {
      const res = await fetch(`${http.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const config = await apiConfig();
      expect(config.posthog?.key).toBe(HOSTILE_KEY);
      expect(JSON.parse(dataBlock(html))).toEqual(config);
      // Everything else is the built file, unchanged — but for the note that nobody is signed in
      // (no session cookie came with the request; decision 0039).
      expect(
        html
          .replace(/<script id="aprenda-config"[^]*?<\/script>/, '')
          .replace('<meta name="aprenda-session" content="none">', ''),
      ).toBe(BUILT_INDEX);
      expect(html).toContain('<meta name="aprenda-session" content="none">');
      expect(html.indexOf(OPEN)).toBeLessThan(html.indexOf('</head>'));
    },
  );

  it('a value with </script> or <!-- cannot end the block: no `<` in it, and no new script', async () => {
    const html = await (await fetch(`${http.url}/`)).text();
    const text = dataBlock(html);
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    // The page holds exactly the build's script plus the data block — the key's <script> is
    // nowhere outside the block's text.
    expect(html.match(/<script[\s>]/gi)).toHaveLength(2);
    expect(html.match(/<\/script[\s/>]/gi)).toHaveLength(2);
  });

  it('brotli and gzip answers decode to the same page; ETag revalidation answers 304', async () => {
    const plain = await (
      await fetch(`${http.url}/`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    // fetch decodes the body; the raw bytes are checked in the next test.
    const br = await fetch(`${http.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(await br.text()).toBe(plain);
    const gz = await fetch(`${http.url}/`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(plain);

    const etag = gz.headers.get('etag');
    expect(etag).toMatch(/^W\/".+-gzip"$/);
    const again = await fetch(`${http.url}/`, {
      headers: { 'accept-encoding': 'gzip, br;q=0', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${http.url}/dashboard`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('the compressed bytes on the wire are brotli and gzip of the page', async () => {
    const { request } = await import('node:http');
    const raw = (encoding: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const req = request(`${http.url}/`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        });
        req.on('error', reject);
        req.end();
      });
    const plain = await raw('identity');
    expect(plain.toString()).toContain(OPEN);
    expect(brotliDecompressSync(await raw('br')).equals(plain)).toBe(true);
    expect(gunzipSync(await raw('gzip')).equals(plain)).toBe(true);
  });

  it('a new build of index.html is served (with the config) without a restart', async () => {
    const before = await (await fetch(`${http.url}/`)).text();
    const rebuilt = BUILT_INDEX.replace('index-abc.js', 'index-xyz.js');
    writeFileSync(join(dist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const after = await (await fetch(`${http.url}/`)).text();
    expect(after).not.toBe(before);
    expect(after).toContain('/assets/index-xyz.js');
    expect(JSON.parse(dataBlock(after))).toEqual(await apiConfig());
  });

  it('the route preloads of the build are linked in the head of the page their route renders', async () => {
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/', files: ['assets/home-a.js'] },
          { path: '/dashboard', files: ['assets/layout-c.js', 'assets/today-f.js'] },
          { path: '/dashboard/student', files: ['assets/layout-c.js', 'assets/student-b.js'] },
          {
            path: '/dashboard/student/:classId',
            files: ['assets/layout-c.js', 'assets/class-d.js'],
          },
          { path: '/bad', files: ['assets/x.js"><script>alert(1)</script>', '../secret.js'] },
          { path: '*', files: ['assets/not-found-e.js'] },
        ],
      }),
    );
    const links = async (path: string) => {
      const html = await (await fetch(`${http.url}${path}`)).text();
      expect(JSON.parse(dataBlock(html))).toEqual(await apiConfig());
      const head = html.slice(0, html.indexOf('</head>'));
      return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)]
        .map((m) => m[1])
        .filter(
          (href) => href !== '/assets/framework-xyz.js' && href !== '/assets/framework-def.js',
        );
    };
    expect(await links('/')).toEqual(['/assets/home-a.js']);
    expect(await links('/index.html')).toEqual(['/assets/home-a.js']);
    expect(await links('/dashboard')).toEqual(['/assets/layout-c.js', '/assets/today-f.js']);
    expect(await links('/dashboard/')).toEqual(['/assets/layout-c.js', '/assets/today-f.js']);
    expect(await links('/dashboard/student')).toEqual([
      '/assets/layout-c.js',
      '/assets/student-b.js',
    ]);
    expect(await links('/dashboard/student/c1?tab=x')).toEqual([
      '/assets/layout-c.js',
      '/assets/class-d.js',
    ]);
    expect(await links('/no/such/page')).toEqual(['/assets/not-found-e.js']);
    // Only the build's asset names are ever written.
    const bad = await (await fetch(`${http.url}/bad`)).text();
    expect(bad).not.toContain('x.js"');
    expect(bad).not.toContain('secret.js');
    expect(bad.match(/<script[\s>]/gi)).toHaveLength(2);
  });

  it('a route-preloads file that is not JSON leaves the page without route preloads', async () => {
    writeFileSync(join(dist, 'route-preloads.json'), '{ not json');
    const later = new Date(Date.now() + 10_000);
    utimesSync(join(dist, 'route-preloads.json'), later, later);
    const html = await (await fetch(`${http.url}/dashboard/student`)).text();
    expect(html).not.toContain('student-b.js');
    expect(JSON.parse(dataBlock(html))).toEqual(await apiConfig());
  });

  it('with a session cookie, the page preloads the session check the web starts with', async () => {
    const preload =
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/pb/auth/get-session">';
    const page = async (cookie?: string) => {
      const res = await fetch(`${http.url}/dashboard`, { headers: cookie ? { cookie } : {} });
      const html = await res.text();
      expect(JSON.parse(dataBlock(html))).toEqual(await apiConfig());
      return { html, etag: res.headers.get('etag') };
    };
    const signedOut = await page();
    expect(signedOut.html).not.toContain('get-session');
    // Without the cookie nobody is signed in: the page says so, and the web asks nothing.
    const signedOutMeta = '<meta name="aprenda-session" content="none">';
    expect(signedOut.html).toContain(signedOutMeta);
    expect(signedOut.html.indexOf(signedOutMeta)).toBeLessThan(signedOut.html.indexOf('</head>'));
    const otherCookies = (await page('theme=dark; other_session_token=x')).html;
    expect(otherCookies).not.toContain('get-session');
    expect(otherCookies).toContain(signedOutMeta);
    for (const cookie of [
      'better-auth.session_token=abc.def',
      'theme=dark; __Secure-better-auth.session_token=abc.def',
    ]) {
      const signedIn = await page(cookie);
      expect(signedIn.html).toContain(preload);
      expect(signedIn.html).not.toContain('aprenda-session');
      expect(signedIn.html.indexOf(preload)).toBeLessThan(signedIn.html.indexOf('</head>'));
      expect(signedIn.etag).not.toBe(signedOut.etag);
    }
    // The session check itself answers that path (signed out: null).
    const check = await fetch(`${http.url}/pb/auth/get-session`);
    expect(check.status).toBe(200);
  });

  it('assets are served as before (no config in them)', async () => {
    const res = await fetch(`${http.url}/assets/index-abc.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log("entry");');
  });
});
