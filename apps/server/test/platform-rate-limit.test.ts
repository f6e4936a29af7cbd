import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@aprenda/shared/errors';
import { createApp } from '../src/app.ts';
import {
  memoryRateLimitStore,
  redisRateLimitStore,
  type RateLimitStore,
} from '../src/lib/rate-limits.ts';
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
      // A different account each time: this is the per-address limit, not the per-account one.
      body: JSON.stringify({
        email: `nobody-${randomUUID()}@example.com`,
        password: 'wrong-password-1',
      }),
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
  it('memory: counts per key, refuses beyond the limit, refunds and resets', async () => {
    const store = memoryRateLimitStore();
    const limiter = store.limiter({ name: 'unit', points: 2, durationSeconds: 60 });
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await limiter.consume('a');
    expect(refused.allowed).toBe(false);
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.consume('b')).allowed).toBe(true);
    // The same limit asked for again is the same counter.
    expect(
      (await store.limiter({ name: 'unit', points: 2, durationSeconds: 60 }).consume('a')).allowed,
    ).toBe(false);
    await limiter.reset('a');
    expect((await limiter.consume('a')).allowed).toBe(true);
    await limiter.refund('a');
    expect(await limiter.consume('a')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('memory: the window expires', async () => {
    const limiter = memoryRateLimitStore().limiter({
      name: 'short',
      points: 1,
      durationSeconds: 1,
    });
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.consume('k')).allowed).toBe(true);
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
      const limit = { name: 'shared', points: 3, durationSeconds: 5 };
      const a = open().limiter(limit);
      const b = open().limiter(limit);
      expect(await a.consume('k')).toMatchObject({ allowed: true, remaining: 2 });
      expect(await b.consume('k')).toMatchObject({ allowed: true, remaining: 1 });
      expect(await a.consume('k')).toMatchObject({ allowed: true, remaining: 0 });
      const refused = await b.consume('k');
      expect(refused.allowed).toBe(false);
      expect(refused.resetSeconds).toBeLessThanOrEqual(5);
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}shared*`);
        expect(keys).toHaveLength(1);
        expect(Number(await redis.get(keys[0]!))).toBe(4);
        expect(await redis.pttl(keys[0]!)).toBeGreaterThan(0);
      } finally {
        await redis.quit();
      }
    });

    it('the window expires', async () => {
      const limiter = open().limiter({ name: 'short', points: 1, durationSeconds: 1 });
      expect((await limiter.consume('k')).allowed).toBe(true);
      expect((await limiter.consume('k')).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limiter.consume('k')).allowed).toBe(true);
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

    it('an unreachable Redis keeps the limit per instance (memory) instead of failing sign-in or lifting the limit', async () => {
      const t = await createTestApp(dialects[0]!, { AUTH_RATE_LIMIT_MAX: '2' });
      const down = redisRateLimitStore('redis://127.0.0.1:1', { keyPrefix: prefix });
      try {
        const { app } = createApp({
          env: t.env,
          db: t.db,
          secret: TEST_SECRET,
          rateLimitStore: down,
        });
        for (let i = 0; i < 2; i++) {
          const res = await signIn(app, '192.0.2.20');
          expect(res.status).not.toBe(429);
          expect(res.status).toBeLessThan(500);
        }
        await expect429(await signIn(app, '192.0.2.20'), 60);
      } finally {
        await down.close();
        await t.close();
      }
    });
  });
});
