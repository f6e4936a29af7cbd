import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { CONFIG_ELEMENT_ID, DEFAULT_CONFIG, loadConfig, readInlineConfig } from './config';

/** A page as the server serves it: the config JSON, every `<` written as \u003c (spa.ts). */
function servedPage(config: unknown, type = 'application/json'): Document {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><script id="${CONFIG_ELEMENT_ID}" type="${type}">${json}</script><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;
  return new DOMParser().parseFromString(html, 'text/html');
}

const SERVED: PublicConfig = {
  apiPrefix: '/v1',
  recordsPrefix: '/records',
  github: true,
  posthog: { key: 'phc_</script><script>alert(1)</script>', host: 'https://eu.posthog.example' },
};

describe('readInlineConfig', () => {
  it('reads the config the server wrote into the page, escaped `<` included', () => {
    const doc = servedPage(SERVED);
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(readInlineConfig(doc)).toEqual(SERVED);
  });

  it('is null when the page has no data block (the Vite dev server)', () => {
    const doc = new DOMParser().parseFromString(
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
      'text/html',
    );
    expect(readInlineConfig(doc)).toBeNull();
  });

  it('is null for a block that is not JSON, not a config, or not a JSON data block', () => {
    const broken = servedPage(SERVED);
    broken.getElementById(CONFIG_ELEMENT_ID)!.textContent = '{"apiPrefix": "/api", ';
    expect(readInlineConfig(broken)).toBeNull();
    expect(readInlineConfig(servedPage({ apiPrefix: '/api' }))).toBeNull();
    expect(readInlineConfig(servedPage(SERVED, 'text/javascript'))).toBeNull();
  });

  it('keeps only what a PublicConfig has: a malformed posthog is off, github only when true', () => {
    const doc = servedPage({
      apiPrefix: '/api',
      recordsPrefix: '/pb',
      github: 'yes',
      posthog: { key: 42, host: 'https://x.example' },
      extra: 'ignored',
    });
    expect(readInlineConfig(doc)).toEqual({ ...DEFAULT_CONFIG });
  });
});

describe('loadConfig (no data block: GET /api/config)', () => {
  let server: Server;
  let origin = '';
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  // The page's fetch resolves /api/config against its origin; here, the test server's.
  const pageFetch: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);

  it('asks the server and reads its answer', async () => {
    answer = { status: 200, body: JSON.stringify(SERVED) };
    expect(await loadConfig(pageFetch)).toEqual(SERVED);
    expect(asked.at(-1)).toBe('/api/config');
  });

  it('falls back to the defaults on an error answer or a body that is not a config', async () => {
    answer = { status: 500, body: '{}' };
    expect(await loadConfig(pageFetch)).toEqual(DEFAULT_CONFIG);
    answer = { status: 200, body: '{"apiPrefix": 1}' };
    expect(await loadConfig(pageFetch)).toEqual(DEFAULT_CONFIG);
  });
});
