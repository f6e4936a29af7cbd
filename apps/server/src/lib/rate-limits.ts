import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from './logger.ts';

/**
 * Rate-limit counters (rate-limiter-flexible) behind a small interface: in memory, or in Redis
 * shared by every instance. The HTTP middleware that uses them is middleware/rate-limit.ts.
 */

/** One limit: at most `points` events per key in `durationSeconds`. */
export interface LimitOptions {
  /** Counter namespace, e.g. `auth-ip`, `sign-in-account`, `chat`. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once beyond the limit, refuse the key for this long (default: until the window ends). */
  blockSeconds?: number;
}

/** What one counted event got. */
export interface LimitDecision {
  allowed: boolean;
  /** Events left in the window (0 when refused). */
  remaining: number;
  /** Seconds until the key is allowed again (refused) or the window resets (allowed); ≥ 1. */
  resetSeconds: number;
}

export interface Limiter {
  readonly points: number;
  /** Count one event for `key`. Never throws: a failing shared store falls back to memory. */
  consume(key: string): Promise<LimitDecision>;
  /** Give one event back (it turned out not to count, e.g. a correct join code). */
  refund(key: string): Promise<void>;
  /** Forget the key (e.g. consecutive sign-in failures after a correct password). */
  reset(key: string): Promise<void>;
}

/** Where counters live: process memory (one instance) or Redis (shared by every instance). */
export interface RateLimitStore {
  limiter(options: LimitOptions): Limiter;
  close(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** rate-limiter-flexible behind our small interface. */
function wrap(
  inner: RateLimiterAbstract,
  points: number,
  onError: (err: unknown) => void,
): Limiter {
  return {
    points,
    async consume(key) {
      try {
        const res = await inner.consume(key);
        return {
          allowed: true,
          remaining: res.remainingPoints,
          resetSeconds: seconds(res.msBeforeNext),
        };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, remaining: 0, resetSeconds: seconds(rejection.msBeforeNext) };
        }
        // Only reachable when even the insurance limiter failed: never lock everyone out.
        onError(rejection);
        return { allowed: true, remaining: points, resetSeconds: 1 };
      }
    },
    async refund(key) {
      await inner.reward(key, 1).catch(onError);
    },
    async reset(key) {
      await inner.delete(key).catch(onError);
    },
  };
}

function memoryLimiter(options: LimitOptions, keyPrefix: string): RateLimiterMemory {
  return new RateLimiterMemory({
    keyPrefix,
    points: options.points,
    duration: options.durationSeconds,
    ...(options.blockSeconds ? { blockDuration: options.blockSeconds } : {}),
  });
}

/** Counters in this process's memory: right for one server process. */
export function memoryRateLimitStore(logger?: Logger): RateLimitStore {
  const made = new Map<string, Limiter>();
  return {
    limiter(options) {
      const id = JSON.stringify(options);
      let limiter = made.get(id);
      if (!limiter) {
        limiter = wrap(memoryLimiter(options, options.name), options.points, (err) =>
          logFailure(logger, options.name, err),
        );
        made.set(id, limiter);
      }
      return limiter;
    },
    async close() {
      made.clear();
    },
  };
}

/**
 * Counters in Redis, so several server instances share one limit. If Redis is unreachable or slow,
 * each limiter falls back to the same limit counted in this process's memory (rate-limiter-flexible's
 * insurance limiter): limits stay on — per instance — and nobody is locked out by the outage.
 */
export function redisRateLimitStore(
  url: string,
  options: { keyPrefix?: string; logger?: Logger } = {},
): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    enableOfflineQueue: true,
  });
  // Connection problems surface as failed commands (answered by the insurance limiter).
  redis.on('error', () => {});
  const prefix = options.keyPrefix ?? 'aprenda:rl:';
  const made = new Map<string, Limiter>();
  return {
    limiter(limit) {
      const id = JSON.stringify(limit);
      let limiter = made.get(id);
      if (!limiter) {
        const inner = new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}${limit.name}`,
          points: limit.points,
          duration: limit.durationSeconds,
          ...(limit.blockSeconds ? { blockDuration: limit.blockSeconds } : {}),
          insuranceLimiter: memoryLimiter(limit, `insurance:${limit.name}`),
        });
        limiter = wrap(inner, limit.points, (err) => logFailure(options.logger, limit.name, err));
        made.set(id, limiter);
      }
      return limiter;
    },
    async close() {
      made.clear();
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

function logFailure(logger: Logger | undefined, limiter: string, err: unknown): void {
  logger?.({
    level: 'warn',
    msg: 'rate limit store unavailable',
    limiter,
    err: err instanceof Error ? err.message : String(err),
  });
}

/** Memory store, or Redis when REDIS_URL is set. */
export function createRateLimitStore(
  redisUrl: string | undefined,
  logger?: Logger,
): RateLimitStore {
  return redisUrl ? redisRateLimitStore(redisUrl, { logger }) : memoryRateLimitStore(logger);
}
