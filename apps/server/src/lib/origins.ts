import type { Env } from '../env.ts';

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>;

/** Where the app lives for links and callbacks: PUBLIC_URL, else http://localhost:PORT. */
export function publicOrigin(env: OriginEnv): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The Vite dev server, which proxies the API to us (development only). */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * The origins a browser request may come from to change anything (cookie-authenticated writes,
 * sign-in): PUBLIC_URL's origin; outside production also the Vite dev server and — only when
 * PUBLIC_URL is unset — the origin the request itself was addressed to (so `npm start` opened at
 * 127.0.0.1 or a LAN address works). One list for our own origin guard and Better Auth's.
 */
export function trustedOrigins(env: OriginEnv, requestUrl?: string): string[] {
  const origins = [new URL(publicOrigin(env)).origin];
  if (env.NODE_ENV !== 'production') {
    origins.push(VITE_DEV_ORIGIN);
    if (!env.PUBLIC_URL && requestUrl) {
      try {
        origins.push(new URL(requestUrl).origin);
      } catch {
        // a request URL that does not parse adds nothing
      }
    }
  }
  return origins;
}
