import type { Context } from 'hono';

/** The part of @hono/node-server's bindings we read (tests pass a fake `{ incoming: { socket } }`). */
export interface SocketBindings {
  incoming?: { socket?: { remoteAddress?: string | undefined } | undefined } | undefined;
}

/**
 * The client's IP address, for rate limiting and logs.
 *
 * - By default the TCP peer address (`incoming.socket.remoteAddress` from @hono/node-server's
 *   bindings); `'unknown'` when there is no socket (in-process `app.request()` without an env).
 *   `X-Forwarded-For` is ignored: any client can send it.
 * - With `trustProxy` (TRUST_PROXY=true, only behind exactly one reverse proxy that appends the
 *   peer address to `X-Forwarded-For`): the RIGHT-MOST entry of `X-Forwarded-For`, i.e. the address
 *   our proxy saw. Entries to its left were written by the client and are never used.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    if (forwarded) {
      const hops = forwarded
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean);
      const last = hops.at(-1);
      if (last && last.length <= 100) return normalizeIp(last);
    }
  }
  const bindings = c.env as SocketBindings | undefined;
  const address = bindings?.incoming?.socket?.remoteAddress;
  return address ? normalizeIp(address) : 'unknown';
}

/** `::ffff:1.2.3.4` (IPv4-mapped IPv6, as Node reports IPv4 peers on dual-stack sockets) → `1.2.3.4`. */
function normalizeIp(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}
