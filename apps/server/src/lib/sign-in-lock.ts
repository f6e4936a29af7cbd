import { createHash } from 'node:crypto';
import type { Env } from '../env.ts';
import type { Limiter, RateLimitStore } from './rate-limits.ts';

/**
 * Wrong passwords per account (app.ts): after AUTH_ACCOUNT_MAX_FAILURES the account, whatever the
 * address, is locked for AUTH_ACCOUNT_LOCK_SECONDS. A correct password clears the count, and so
 * does a password reset (auth.ts): whoever opened the mailed link owns the account.
 */
export function signInAccountLimiter(env: Env, store: RateLimitStore): Limiter {
  return store.limiter({
    name: 'sign-in-account',
    points: env.AUTH_ACCOUNT_MAX_FAILURES,
    durationSeconds: env.AUTH_ACCOUNT_LOCK_SECONDS,
    blockSeconds: env.AUTH_ACCOUNT_LOCK_SECONDS,
  });
}

/** The limiter's key of an account: a hash of its normalised e-mail (no address in the store). */
export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}
