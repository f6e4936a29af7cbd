import { networkInterfaces } from 'node:os';
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

/** Hosts that mean "every interface of this machine". */
const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

type Interfaces = ReturnType<typeof networkInterfaces>;

/** This machine's non-loopback IPv4 addresses: where other devices on its network reach it. */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const address of list ?? []) {
      if (address.family === 'IPv4' && !address.internal) found.add(address.address);
    }
  }
  return [...found];
}

/**
 * The start banner: the URLs this process really serves. The first line is always
 * `Aprenda listening on <url on this machine>` (test harnesses read the port from it); then, when
 * bound to every interface without PUBLIC_URL, each LAN address (any of them signs in: their
 * origin is trusted), or, when PUBLIC_URL names another address, that one as the one to open.
 */
export function listeningBanner(
  env: Pick<Env, 'PUBLIC_URL' | 'HOST'>,
  port: number,
  interfaces?: Interfaces,
): string[] {
  const host = env.HOST.trim();
  const wildcard = WILDCARD_HOSTS.has(host);
  const local =
    wildcard || LOOPBACK_HOSTS.has(host)
      ? `http://localhost:${port}`
      : `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  const lines = [`Aprenda listening on ${local}`];
  if (env.PUBLIC_URL) {
    const open = env.PUBLIC_URL.replace(/\/$/, '');
    if (new URL(open).origin !== new URL(local).origin) {
      lines.push(`  open it at ${open} (PUBLIC_URL: the address that signs in)`);
    }
    return lines;
  }
  if (wildcard) {
    const lan = lanAddresses(interfaces);
    for (const address of lan) lines.push(`  on your network: http://${address}:${port}`);
    if (lan.length > 0) {
      lines.push(
        `  (links in e-mails point to http://localhost:${port}; set PUBLIC_URL to the address people open)`,
      );
    }
  }
  return lines;
}
