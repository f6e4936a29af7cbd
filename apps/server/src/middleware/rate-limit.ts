import type { Context, MiddlewareHandler } from 'hono';
import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';
import { problemResponse } from './errors.ts';

/** One counted hit: how many hits the key has in the current window and when the window ends. */
export interface RateLimitHit {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/** Where counters live: process memory (one instance) or Redis (shared by every instance). */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}

/** Fixed-window counters in memory. Expired windows are swept so the map cannot grow forever. */
export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000 || windows.size > 100_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetMs: w.resetAt - t };
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR, start the window on the first hit, answer [count, ms left] — atomically.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Fixed-window counters in Redis, so several server instances share one limit. */
export function redisRateLimitStore(
  url: string,
  options: { keyPrefix?: string } = {},
): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    enableOfflineQueue: true,
  });
  // Connection problems surface as failed commands (handled by the middleware), not crashes.
  redis.on('error', () => {});
  const prefix = options.keyPrefix ?? 'aprenda:rl:';
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count: Number(count), resetMs: Number(ttl) };
    },
    async close() {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

/** Memory store, or Redis when REDIS_URL is set. */
export function createRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? redisRateLimitStore(redisUrl) : memoryRateLimitStore();
}

export interface RateLimitOptions {
  store: RateLimitStore;
  /** Counter namespace, e.g. `auth`. */
  name: string;
  max: number;
  windowSeconds: number;
  /** Who is counted (usually the client IP). */
  key: (c: Context) => string;
  /** Only requests for which this answers true are counted. Default: all. */
  applies?: (c: Context) => boolean;
  logger?: Logger;
}

/**
 * Fixed-window rate limit: more than `max` requests per key in `windowSeconds` → 429 problem
 * `rate_limited` with `Retry-After` (seconds). If the store fails (Redis down) the request is let
 * through and the failure logged: an outage of the limiter must not lock everyone out of sign-in.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const windowMs = options.windowSeconds * 1000;
  return async (c, next) => {
    if (options.applies && !options.applies(c)) return next();
    let hit: RateLimitHit;
    try {
      hit = await options.store.hit(`${options.name}:${options.key(c)}`, windowMs);
    } catch (err) {
      options.logger?.({
        level: 'warn',
        msg: 'rate limit store unavailable',
        limiter: options.name,
        err: err instanceof Error ? err.message : String(err),
      });
      return next();
    }
    const remaining = Math.max(0, options.max - hit.count);
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    if (hit.count > options.max) {
      return problemResponse(c, 429, 'rate_limited', 'Too many attempts; try again later', {
        headers: {
          'retry-after': String(resetSeconds),
          'ratelimit-limit': String(options.max),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(resetSeconds),
        },
      });
    }
    await next();
    trySetHeader(c, 'ratelimit-limit', String(options.max));
    trySetHeader(c, 'ratelimit-remaining', String(remaining));
    trySetHeader(c, 'ratelimit-reset', String(resetSeconds));
  };
}

function trySetHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched Response): informational headers are optional.
  }
}
