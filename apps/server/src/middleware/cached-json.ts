import type { Context } from 'hono';
import type { DbHandle } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { type CacheScope, scopeNamesFor } from '../lib/cache-scopes.ts';
import {
  type DataVersions,
  joinVersions,
  readVersionMap,
  type ResponseCache,
} from '../lib/response-cache.ts';

/**
 * Answer with `produce()`'s JSON, from the cache when the data it depends on (`scopes`, the
 * module's declarations — per-user ones for the signed-in user) has not changed since it was
 * computed. Same body and content type as `c.json`. The versions come from the request's
 * `dataVersions` when the session middleware read them already (one query for both), else from
 * one query here — either way before `produce()` runs. An answer that time alone can make wrong
 * gives `validUntil(answer)` (ms; undefined = no limit): it is not served from then on.
 */
export async function cachedJson<T>(
  c: Context,
  deps: { db: DbHandle; responseCache: ResponseCache; clock: Clock },
  key: string,
  scopes: readonly CacheScope[],
  produce: () => Promise<T>,
  validUntil?: (answer: T) => number | undefined,
): Promise<Response> {
  const cache = deps.responseCache;
  if (cache.maxBytes <= 0) return jsonBytes(c, await produce());
  const user = c.get('user') as { id: string } | null | undefined;
  if (!user && scopes.some((scope) => scope.per === 'user')) return jsonBytes(c, await produce());
  const names = scopeNamesFor(scopes, user?.id ?? '');
  const known = c.get('dataVersions') as DataVersions | null | undefined;
  const versions =
    (known && joinVersions(known, names)) ??
    joinVersions(await readVersionMap(deps.db, names), names)!;
  const nowMs = validUntil ? deps.clock.now().getTime() : undefined;
  let body = cache.get(key, versions, nowMs);
  if (body === undefined) {
    const answer = await produce();
    // Kept as UTF-8 bytes: a hit is written to the socket as is, never encoded again (for a
    // Portuguese text, encoding a two-byte JS string was ~18 % of a hit's CPU time).
    body = Buffer.from(JSON.stringify(answer), 'utf8');
    cache.set(key, versions, body, validUntil?.(answer));
  }
  return jsonResponse(c, body);
}

/**
 * `c.json(value)` written as UTF-8 bytes. As a JS string, the Node adapter measured its UTF-8
 * length for Content-Length and Node then wrote the headers and the body as one string: for a body
 * with any character beyond Latin-1 (a dash, an emoji) that string is two-byte, so the headers
 * were widened and every byte was encoded again on the slow path. Bytes go out as they are,
 * after headers written as Latin-1 (decision 0046).
 */
export function jsonBytes(c: Context, value: unknown): Response {
  return jsonResponse(c, Buffer.from(JSON.stringify(value), 'utf8'));
}

/** A 200 answer of JSON already encoded as UTF-8 bytes. */
function jsonResponse(c: Context, body: Uint8Array): Response {
  return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/json' });
}
