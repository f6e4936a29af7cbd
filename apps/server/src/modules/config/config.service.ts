import type { PublicConfig } from '@aprenda/shared/schemas/config';
import type { Env } from '../../env.ts';

/** PostHog's cloud host when a key is set without POSTHOG_HOST. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

/** Analytics settings, or null when POSTHOG_KEY is unset (analytics off). */
export function posthogConfig(env: Env): { key: string; host: string } | null {
  if (!env.POSTHOG_KEY) return null;
  return {
    key: env.POSTHOG_KEY,
    host: (env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST).replace(/\/+$/, ''),
  };
}

/** What the web needs at runtime (one build serves every deployment). Public: no secrets. */
export function publicConfig(env: Env): PublicConfig {
  return {
    apiPrefix: env.API_PREFIX,
    recordsPrefix: env.RECORDS_PREFIX,
    github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
    posthog: posthogConfig(env),
  };
}
