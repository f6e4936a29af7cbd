import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@aprenda/shared/errors';
import { createApp } from '../src/app.ts';
import {
  memoryRateLimitStore,
  redisRateLimitStore,
  type RateLimitStore,
} from '../src/middleware/rate-limit.ts';
import { createTestApp, dialects, TEST_SECRET, type TestApp } from './helpers.ts';

const ORIGIN = 'http://localhost:3000';
const REDIS_URL = 'redis://127.0.0.1:6379';

/** What @hono/node-server passes as `c.env`: the socket's peer address is all we fake. */
const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

type Fetcher = TestApp['app'];

function signIn(app: Fetcher, address: string, headers: Record<string, string> = {}) {
  return app.request(
    '/pb/auth/sign-in/email',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    },
    peer(address),
  );
}

async function expect429(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
  const body = (await res.json()) as Problem;
  expect(body.code).toBe('rate_limited');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe.each(dialects)('auth rate limit (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      AUTH_RATE_LIMIT_MAX: '10',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => t?.close());

  it('the 11th sign-in attempt from one address → 429 rate_limited with Retry-After', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await signIn(t.app, '198.51.100.1');
      expect(res.status, `attempt ${i}`).not.toBe(429);
      expect(res.status).toBeLessThan(500);
    }
    await expect429(await signIn(t.app, '198.51.100.1'), 60);
    // Another client is not affected.
    expect((await signIn(t.app, '198.51.100.2')).status).not.toBe(429);
  });

  it('sign-up shares the limit; trailing slash or doubled slashes do not dodge it', async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 10; i++) {
      const path = ['/pb/auth/sign-up/email', '/pb/auth/sign-in/email/', '/pb//auth/sign-in/email'][
        i % 3
      ]!;
      const res = await t.app.request(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({
            email: `x${i}@example.com`,
            password: 'short',
            name: 'X',
            role: 'student',
          }),
        },
        peer(ip),
      );
      expect(res.status).not.toBe(429);
    }
    await expect429(await signIn(t.app, ip), 60);
  });

  it('other auth calls are not counted', async () => {
    const ip = '198.51.100.4';
    for (let i = 0; i < 15; i++) {
      const res = await t.app.request(
        '/pb/auth/get-session',
        { headers: { origin: ORIGIN } },
        peer(ip),
      );
      expect(res.status).not.toBe(429);
    }
    expect((await signIn(t.app, ip)).status).not.toBe(429);
  });

  it('a spoofed X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const ip = '198.51.100.5';
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t.app, ip, { 'x-forwarded-for': `10.0.0.${i}` })).status).not.toBe(429);
    }
    await expect429(await signIn(t.app, ip, { 'x-forwarded-for': '10.0.0.99' }), 60);
  });
});

describe('auth rate limit behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialects[0]!, { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t?.close());

  it('different X-Forwarded-For clients (right-most hop) have separate limits', async () => {
    const proxy = '10.1.1.1';
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, proxy, { 'x-forwarded-for': '203.0.113.7' })).status).not.toBe(
        429,
      );
    }
    await expect429(await signIn(t.app, proxy, { 'x-forwarded-for': '203.0.113.7' }), 60);
    // A client-written left-most entry does not make a new client…
    await expect429(await signIn(t.app, proxy, { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' }), 60);
    // …but a different address appended by the proxy does.
    expect((await signIn(t.app, proxy, { 'x-forwarded-for': '203.0.113.8' })).status).not.toBe(429);
  });
});

describe('rate-limit stores', () => {
  it('memory: counts per key and resets after the window', async () => {
    let now = 1_000_000;
    const store = memoryRateLimitStore(() => now);
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
    now += 400;
    expect(await store.hit('a', 1000)).toEqual({ count: 2, resetMs: 600 });
    expect((await store.hit('b', 1000)).count).toBe(1);
    now += 600;
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetMs: 1000 });
  });

  describe('redis (real server at 127.0.0.1:6379)', () => {
    const prefix = `aprenda-test:${randomUUID()}:`;
    const stores: RateLimitStore[] = [];
    const open = () => {
      const s = redisRateLimitStore(REDIS_URL, { keyPrefix: prefix });
      stores.push(s);
      return s;
    };
    afterAll(async () => {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await Promise.all(stores.map((s) => s.close()));
    });

    it('two instances share one counter with a TTL', async () => {
      const a = open();
      const b = open();
      expect((await a.hit('k', 5000)).count).toBe(1);
      expect((await b.hit('k', 5000)).count).toBe(2);
      const third = await a.hit('k', 5000);
      expect(third.count).toBe(3);
      expect(third.resetMs).toBeGreaterThan(0);
      expect(third.resetMs).toBeLessThanOrEqual(5000);
      const redis = new Redis(REDIS_URL);
      try {
        expect(await redis.get(`${prefix}k`)).toBe('3');
        expect(await redis.pttl(`${prefix}k`)).toBeGreaterThan(0);
      } finally {
        await redis.quit();
      }
    });

    it('the window expires', async () => {
      const s = open();
      expect((await s.hit('short', 150)).count).toBe(1);
      expect((await s.hit('short', 150)).count).toBe(2);
      await new Promise((r) => setTimeout(r, 250));
      expect((await s.hit('short', 150)).count).toBe(1);
    });

    it('the app limits sign-in across two instances sharing Redis', async () => {
      const t = await createTestApp(dialects[0]!, { AUTH_RATE_LIMIT_MAX: '4' });
      try {
        const one = createApp({
          env: t.env,
          db: t.db,
          secret: TEST_SECRET,
          rateLimitStore: open(),
        });
        const two = createApp({
          env: t.env,
          db: t.db,
          secret: TEST_SECRET,
          rateLimitStore: open(),
        });
        for (let i = 0; i < 4; i++) {
          const app = i % 2 ? two.app : one.app;
          expect((await signIn(app, '192.0.2.10')).status).not.toBe(429);
        }
        await expect429(await signIn(one.app, '192.0.2.10'), 60);
        await expect429(await signIn(two.app, '192.0.2.10'), 60);
      } finally {
        await t.close();
      }
    });

    it('an unreachable Redis lets requests through instead of failing sign-in', async () => {
      const t = await createTestApp(dialects[0]!, { AUTH_RATE_LIMIT_MAX: '1' });
      const down = redisRateLimitStore('redis://127.0.0.1:1', { keyPrefix: prefix });
      try {
        const { app } = createApp({
          env: t.env,
          db: t.db,
          secret: TEST_SECRET,
          rateLimitStore: down,
        });
        for (let i = 0; i < 3; i++) {
          const res = await signIn(app, '192.0.2.20');
          expect(res.status).not.toBe(429);
          expect(res.status).toBeLessThan(500);
        }
      } finally {
        await down.close();
        await t.close();
      }
    });
  });
});
