import { DEFAULT_API_PREFIX, DEFAULT_RECORDS_PREFIX } from '@aprenda/shared/constants';
import type { PublicConfig } from '@aprenda/shared/schemas/config';

export const DEFAULT_CONFIG: PublicConfig = {
  apiPrefix: DEFAULT_API_PREFIX,
  recordsPrefix: DEFAULT_RECORDS_PREFIX,
  github: false,
  posthog: null,
};

function isConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.apiPrefix === 'string' && typeof v.recordsPrefix === 'string';
}

/**
 * Runtime configuration from the server (`GET /api/config`), fetched once before the router renders.
 * When it cannot be read the defaults apply (API under /api, records under /pb, no GitHub, no analytics).
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  try {
    const res = await fetchImpl(`${DEFAULT_API_PREFIX}/config`, {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return DEFAULT_CONFIG;
    const body: unknown = await res.json();
    if (!isConfig(body)) return DEFAULT_CONFIG;
    const posthog =
      body.posthog && typeof body.posthog.key === 'string' && typeof body.posthog.host === 'string'
        ? { key: body.posthog.key, host: body.posthog.host }
        : null;
    return {
      apiPrefix: body.apiPrefix,
      recordsPrefix: body.recordsPrefix,
      github: body.github === true,
      posthog,
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}
