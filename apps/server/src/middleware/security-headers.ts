import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
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
 * Security headers on every response (API, SPA, errors), by Hono's secure-headers middleware:
 * a Content-Security-Policy of self only (plus the configured analytics host for connections and
 * GitHub for the sign-in form post), `nosniff`, no framing, a strict referrer policy, same-origin
 * opener and resource policies, and HSTS when the app is served over https.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const everywhere = headersFor(env, true);
  // Without PUBLIC_URL the app answers at any address (lib/origins.ts): a page opened over plain
  // http at a LAN address is not a "potentially trustworthy" origin, and Chromium logs an error
  // for every Cross-Origin-Opener-Policy it has to ignore there — so it is not sent to those.
  if (env.PUBLIC_URL) return everywhere;
  const plainHttpLan = headersFor(env, false);
  return (c, next) => (untrustworthy(c.req.url) ? plainHttpLan : everywhere)(c, next);
}

/** http: on a host other than loopback (https and localhost are trustworthy origins). */
function untrustworthy(url: string): boolean {
  if (!url.startsWith('http:')) return false;
  const { hostname } = new URL(url);
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname.startsWith('127.')
  );
}

function headersFor(env: Env, openerPolicy: boolean): MiddlewareHandler {
  const { analytics, github } = externalOrigins(env);
  return secureHeaders({
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
  });
}
