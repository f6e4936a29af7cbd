import { type Context, Hono, type MiddlewareHandler, type Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { setHeaders, setOnNodeResponse } from './response-headers.ts';
import type { Env } from '../env.ts';
import { underPrefix } from '../lib/prefixes.ts';
import { posthogConfig } from '../modules/config/public.ts';

const GITHUB_AUTHORIZE_ORIGIN = 'https://github.com';

/** Where this deployment's pages may connect and post, besides themselves. */
function externalOrigins(env: Env) {
  const analyticsHost = env.POSTHOG_HOST ?? posthogConfig(env)?.host;
  const github = env.GITHUB_CLIENT_ID
    ? env.GITHUB_OAUTH_BASE_URL
      ? new URL(env.GITHUB_OAUTH_BASE_URL).origin
      : GITHUB_AUTHORIZE_ORIGIN
    : undefined;
  return {
    analytics: analyticsHost ? [new URL(analyticsHost).origin] : [],
    github: github ? [github] : [],
  };
}

/**
 * Security headers on every response (decisions 0043 and 0049), in two sets:
 *
 * - Pages and their files (everything outside the API and records prefixes), as Hono's
 *   secure-headers middleware writes them: a Content-Security-Policy of self only (plus the
 *   configured analytics host for connections and GitHub for the sign-in form post), `nosniff`, no
 *   framing, a strict referrer policy, same-origin opener and resource policies, the document-only
 *   headers (origin agent cluster, no DNS prefetch, …), and HSTS when served over https.
 * - API and records answers (JSON, redirects, downloads, images — never a page of ours):
 *   `apiHeaders`: a CSP that allows nothing at all (`default-src 'none'`: a JSON, SVG or
 *   HTML answer opened as a document can load and run nothing), `nosniff`, no framing, the
 *   referrer policy (it governs the next hop of a redirect), the same-origin resource policy, and
 *   HSTS over https. Headers that only a document reads are not sent on them.
 *
 * The headers never depend on the request beyond its path, so they are worked out once and then
 * set on the Node response before the route runs (response-headers.ts) — no WHATWG `Headers`
 * built, validated and sorted per request, and the route's own response stays on the Node
 * adapter's fast path. A route that sets one of these headers itself (a board image's stricter
 * `default-src 'none'; sandbox`) keeps its own value.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const everywhere = headersFor(env, true);
  // Without PUBLIC_URL the app answers at any address (lib/origins.ts): a page opened over plain
  // http at a LAN address is not a "potentially trustworthy" origin, and Chromium logs an error
  // for every Cross-Origin-Opener-Policy it has to ignore there — so it is not sent to those.
  const plainHttpLan = env.PUBLIC_URL ? everywhere : headersFor(env, false);
  const api = apiHeaders(env);
  const { API_PREFIX: apiPrefix, RECORDS_PREFIX: recordsPrefix } = env;
  const after = async (c: Context, next: Next, entries: Array<[string, string]>) => {
    await next();
    setHeaders(c, entries, true);
  };
  // Not `async`: behind the Node adapter it hands on next()'s promise as it is (decision 0046).
  return (c, next) => {
    const path = c.req.path;
    if (underPrefix(path, apiPrefix) || underPrefix(path, recordsPrefix)) {
      return setOnNodeResponse(c, api) ? next() : after(c, next, api);
    }
    const set = env.PUBLIC_URL || !untrustworthy(c.req.url) ? everywhere : plainHttpLan;
    const entries = set.entries;
    if (!entries) {
      return set.ready.then((ready) =>
        setOnNodeResponse(c, ready) ? next() : after(c, next, ready),
      );
    }
    if (setOnNodeResponse(c, entries)) return next();
    return after(c, next, entries);
  };
}

/** The CSP of every API and records answer: nothing may load, run or frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The security headers of an API or records answer (see securityHeaders). */
export function apiHeaders(env: Env): Array<[string, string]> {
  const hsts = strictTransportSecurity(env);
  const headers: Array<[string, string]> = [
    ['content-security-policy', API_CONTENT_SECURITY_POLICY],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
  if (hsts) headers.push(['strict-transport-security', hsts]);
  return headers;
}

/** http: on a host other than loopback (https and localhost are trustworthy origins). */
function untrustworthy(url: string): boolean {
  if (!url.startsWith('http:')) return false;
  // The host of `http://host[:port]/…`, without parsing the whole URL on every request.
  const end = url.indexOf('/', 7);
  const authority = (end < 0 ? url.slice(7) : url.slice(7, end)).toLowerCase();
  const hostname = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.split(':')[0]!;
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname.startsWith('127.')
  );
}

/** A header list, known once Hono's middleware has run once (at start, on an empty answer). */
interface HeaderSet {
  entries: Array<[string, string]> | undefined;
  ready: Promise<Array<[string, string]>>;
}

function headersFor(env: Env, openerPolicy: boolean): HeaderSet {
  const probe = new Hono();
  probe.use('*', secureHeaders(securityHeaderOptions(env, openerPolicy)));
  probe.get('*', (c) => c.body(null, 204));
  const set: HeaderSet = {
    entries: undefined,
    ready: Promise.resolve(probe.request('http://localhost/')).then((res) => {
      set.entries = [...res.headers.entries()];
      return set.entries;
    }),
  };
  return set;
}

/** Hono's secure-headers options for this deployment (with or without the opener policy). */
export function securityHeaderOptions(
  env: Env,
  openerPolicy: boolean,
): Parameters<typeof secureHeaders>[0] {
  const { analytics, github } = externalOrigins(env);
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...analytics],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...github],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: openerPolicy ? 'same-origin' : false,
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: strictTransportSecurity(env) ?? false,
  };
}

/** HSTS when this deployment is served over https. */
function strictTransportSecurity(env: Env): string | undefined {
  return env.PUBLIC_URL?.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : undefined;
}
