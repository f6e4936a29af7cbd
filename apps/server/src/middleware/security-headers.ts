import { type Context, Hono, type MiddlewareHandler, type Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { setHeaders, setOnNodeResponse } from './response-headers.ts';
import type { Env } from '../env.ts';
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
 * Security headers on every response (API, SPA, errors), as Hono's secure-headers middleware
 * writes them: a Content-Security-Policy of self only (plus the configured analytics host for
 * connections and GitHub for the sign-in form post), `nosniff`, no framing, a strict referrer
 * policy, same-origin opener and resource policies, and HSTS when the app is served over https.
 *
 * The headers never depend on the request, so they are worked out once, by running Hono's
 * middleware on an empty response, and then set on the Node response before the route runs
 * (response-headers.ts) — no WHATWG `Headers` built, validated and sorted per request, and the
 * route's own response stays on the Node adapter's fast path. A route that sets one of these
 * headers itself (a board image's stricter `default-src 'none'; sandbox`) keeps its own value.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const everywhere = headersFor(env, true);
  // Without PUBLIC_URL the app answers at any address (lib/origins.ts): a page opened over plain
  // http at a LAN address is not a "potentially trustworthy" origin, and Chromium logs an error
  // for every Cross-Origin-Opener-Policy it has to ignore there — so it is not sent to those.
  const plainHttpLan = env.PUBLIC_URL ? everywhere : headersFor(env, false);
  const after = async (c: Context, next: Next, entries: Array<[string, string]>) => {
    await next();
    setHeaders(c, entries, true);
  };
  // Not `async`: behind the Node adapter it hands on next()'s promise as it is (decision 0046).
  return (c, next) => {
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
    strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:')
      ? 'max-age=31536000; includeSubDomains'
      : false,
  };
}
