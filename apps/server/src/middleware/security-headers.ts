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
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: env.PUBLIC_URL?.startsWith('https:')
      ? 'max-age=31536000; includeSubDomains'
      : false,
  });
}
