import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorCode } from '@aprenda/shared/errors';
import type { Limiter } from '../lib/rate-limits.ts';
import { problemResponse } from './errors.ts';

/** After the request: whether its event keeps counting. */
export type Settle = 'keep' | 'refund' | 'reset';

export interface RateLimitOptions {
  limiter: Limiter;
  /** Who is counted (an address, a user id, an account); null → not counted. */
  key: (c: Context) => string | null | Promise<string | null>;
  /** Only requests for which this answers true are counted. Default: all. */
  applies?: (c: Context) => boolean;
  /** The problem code of the 429 (default `rate_limited`). */
  code?: ErrorCode;
  /** Decide from the response status whether the event counts (default: it always does). */
  settle?: (status: number) => Settle;
}

/**
 * Rate limit: each counted request consumes one event *before* it runs (so concurrent requests
 * cannot slip past the limit); beyond the limit → 429 problem with `Retry-After` (seconds) and
 * RateLimit headers. `settle` may give the event back once the outcome is known.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { limiter } = options;
  return async (c, next) => {
    if (options.applies && !options.applies(c)) return next();
    const key = await options.key(c);
    if (key === null) return next();
    const decision = await limiter.consume(key);
    if (!decision.allowed) {
      return problemResponse(
        c,
        429,
        options.code ?? 'rate_limited',
        'Too many attempts; try again later',
        {
          headers: {
            'retry-after': String(decision.resetSeconds),
            'ratelimit-limit': String(limiter.points),
            'ratelimit-remaining': '0',
            'ratelimit-reset': String(decision.resetSeconds),
          },
        },
      );
    }
    await next();
    const settle = options.settle?.(c.res.status) ?? 'keep';
    if (settle === 'refund') await limiter.refund(key);
    else if (settle === 'reset') await limiter.reset(key);
    trySetHeader(c, 'ratelimit-limit', String(limiter.points));
    trySetHeader(c, 'ratelimit-remaining', String(decision.remaining));
    trySetHeader(c, 'ratelimit-reset', String(decision.resetSeconds));
  };
}

function trySetHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a fetched Response): informational headers are optional.
  }
}
