import { DEFAULT_API_PREFIX, DEFAULT_RECORDS_PREFIX } from '@aprenda/shared/constants';
import type { PublicConfig } from '@aprenda/shared/schemas/config';

export const DEFAULT_CONFIG: PublicConfig = {
  apiPrefix: DEFAULT_API_PREFIX,
  recordsPrefix: DEFAULT_RECORDS_PREFIX,
  github: false,
  posthog: null,
};

/** Id of the JSON data block the server writes into index.html (apps/server/src/middleware/spa.ts). */
export const CONFIG_ELEMENT_ID = 'aprenda-config';

/** A PublicConfig from untrusted JSON, or null when it is not one. */
function toConfig(value: unknown): PublicConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.apiPrefix !== 'string' || typeof v.recordsPrefix !== 'string') return null;
  const ph = v.posthog as Record<string, unknown> | null | undefined;
  const posthog =
    ph && typeof ph === 'object' && typeof ph.key === 'string' && typeof ph.host === 'string'
      ? { key: ph.key, host: ph.host }
      : null;
  return {
    apiPrefix: v.apiPrefix,
    recordsPrefix: v.recordsPrefix,
    github: v.github === true,
    posthog,
  };
}

/**
 * The runtime configuration the server wrote into the served index.html
 * (`<script id="aprenda-config" type="application/json">`), or null when the page has none (the
 * Vite dev server serves index.html as it is) or it cannot be read.
 */
export function readInlineConfig(doc: Document = document): PublicConfig | null {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    return toConfig(JSON.parse(element.textContent ?? ''));
  } catch {
    return null;
  }
}

/**
 * Runtime configuration from the server (`GET /api/config`). main.tsx asks for it only when the
 * page does not carry it (readInlineConfig). When it cannot be read the defaults apply (API under
 * /api, records under /pb, no GitHub, no analytics).
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  try {
    const res = await fetchImpl(`${DEFAULT_API_PREFIX}/config`, {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return DEFAULT_CONFIG;
    return toConfig(await res.json()) ?? DEFAULT_CONFIG;
  } catch {
    return DEFAULT_CONFIG;
  }
}
