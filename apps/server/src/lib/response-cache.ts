import type { Context } from 'hono';
import { sql } from 'kysely';
import type { DbHandle } from '../db/client.ts';

/**
 * A per-process cache of JSON answers that is never stale (decision 0018).
 *
 * Every entry remembers the data versions it was computed at; every request first reads the
 * current versions (ONE indexed query on `cache_versions`, which triggers bump in the same
 * transaction as any write that could change the answer — migration 0008) and only a matching
 * entry is served. So a write by this process, another instance or a hand-written SQL statement
 * is seen by the very next request; what the cache saves is the expensive query, not the check.
 *
 * Versions are read BEFORE the answer is computed: an answer computed while a write commits is
 * filed under the older versions and simply recomputed next time; it can never be filed under the
 * newer ones.
 *
 * Bounded by bytes (least recently used out first); an answer larger than 1/16 of the budget is
 * not kept.
 */
export interface ResponseCache {
  /** Byte budget; 0 = off. */
  readonly maxBytes: number;
  get(key: string, versions: string): string | undefined;
  set(key: string, versions: string, body: string): void;
  /** Entries and bytes held (for tests and benchmarks). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

interface Entry {
  versions: string;
  body: string;
  bytes: number;
}

export function createResponseCache(maxBytes: number): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    maxBytes,
    get(key, versions) {
      const entry = entries.get(key);
      if (!entry || entry.versions !== versions) {
        misses++;
        return undefined;
      }
      hits++;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key, versions, body) {
      const old = entries.get(key);
      if (old) drop(key, old);
      // UTF-16 length × 2 + key: a cheap upper bound of what the entry holds.
      const size = body.length * 2 + key.length * 2 + 64;
      if (maxBytes <= 0 || size > maxBytes / 16) return;
      entries.set(key, { versions, body, bytes: size });
      bytes += size;
      for (const [k, e] of entries) {
        if (bytes <= maxBytes) break;
        drop(k, e);
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

/** The current versions of some scopes, as one comparable string (a missing scope is 0). */
export async function readVersions(db: DbHandle, scopes: readonly string[]): Promise<string> {
  const { rows } = await sql<{ scope: string; version: number | string }>`
    select scope, version from cache_versions where scope in (${sql.join(scopes)})`.execute(db.db);
  return scopes.map((scope) => String(rows.find((r) => r.scope === scope)?.version ?? 0)).join('.');
}

/**
 * Answer with `produce()`'s JSON, from the cache when the data it depends on (`scopes`) has not
 * changed since it was computed. Same body and content type as `c.json`.
 */
export async function cachedJson(
  c: Context,
  deps: { db: DbHandle; responseCache: ResponseCache },
  key: string,
  scopes: readonly string[],
  produce: () => Promise<unknown>,
): Promise<Response> {
  const cache = deps.responseCache;
  if (cache.maxBytes <= 0) return c.json(await produce());
  const versions = await readVersions(deps.db, scopes);
  let body = cache.get(key, versions);
  if (body === undefined) {
    body = JSON.stringify(await produce());
    cache.set(key, versions, body);
  }
  return c.body(body, 200, { 'content-type': 'application/json' });
}
