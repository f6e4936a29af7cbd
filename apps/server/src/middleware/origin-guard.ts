import type { MiddlewareHandler } from 'hono';
import { problemResponse } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginGuardOptions {
  /** The origins allowed for this request (see lib/origins.ts). */
  trusted: (requestUrl: string) => readonly string[];
}

/**
 * Cross-site request forgery guard for every state-changing request (anything but GET, HEAD and
 * OPTIONS) under the API and records prefixes:
 * - `Authorization: Bearer …` → allowed: a browser never attaches it across sites by itself (and
 *   we answer no CORS preflight), so a bearer call is not forgeable.
 * - `Origin` present → it must be one of ours; `Origin: null` (sandboxed frames, some redirects,
 *   `file:`) is refused.
 * - no `Origin`, `Sec-Fetch-Site` present → it must be `same-origin`.
 * - neither, but cookies → refused: a cookie-authenticated write must prove where it comes from.
 * - neither and no cookies → allowed (a non-browser client holding no session, e.g. a sign-in by
 *   script that then uses the bearer token).
 * Refusals are 403 `forbidden_origin`, before the body is read or anything is changed.
 */
export function originGuard(options: OriginGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const headers = c.req.raw.headers;
    const authorization = headers.get('authorization');
    if (authorization && /^bearer\s/i.test(authorization)) return next();
    const origin = headers.get('origin');
    if (origin !== null) {
      if (origin !== 'null' && options.trusted(c.req.url).includes(origin.toLowerCase())) {
        return next();
      }
      return refuse();
    }
    const site = headers.get('sec-fetch-site');
    if (site !== null) return site.toLowerCase() === 'same-origin' ? next() : refuse();
    if (headers.get('cookie')) return refuse();
    return next();

    function refuse() {
      return problemResponse(
        c,
        403,
        'forbidden_origin',
        'State-changing requests must come from the app itself',
      );
    }
  };
}
