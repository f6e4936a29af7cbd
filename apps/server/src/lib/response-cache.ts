import type { DbHandle, ReadLane } from '../db/client.ts';

/**
 * A per-process cache of JSON answers that is never stale (decision 0018).
 *
 * Every entry remembers the data versions it was computed at; every request first reads the
 * current versions (ONE indexed query on `cache_versions`, which triggers bump in the same
 * transaction as any write that could change the answer — generated from the modules' cache
 * scopes, lib/cache-scopes.ts and db/cache-triggers.ts, decision 0022) and only a matching
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
  /** The entry filed under `versions`, unless it expired at or before `nowMs`. */
  get(key: string, versions: string, nowMs?: number): Uint8Array | undefined;
  /** `expiresAt` (ms): an answer that time alone makes wrong (e.g. "the next event") ends then. */
  set(key: string, versions: string, body: Uint8Array, expiresAt?: number): void;
  /** Entries and bytes held (for tests and benchmarks). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

interface Entry {
  versions: string;
  body: Uint8Array;
  bytes: number;
  expiresAt: number | undefined;
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
    get(key, versions, nowMs) {
      const entry = entries.get(key);
      const expired =
        entry?.expiresAt !== undefined && nowMs !== undefined && nowMs >= entry.expiresAt;
      if (!entry || entry.versions !== versions || expired) {
        misses++;
        return undefined;
      }
      hits++;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key, versions, body, expiresAt) {
      const old = entries.get(key);
      if (old) drop(key, old);
      // Body bytes + key (UTF-16) + bookkeeping: what the entry holds, roughly.
      const size = body.byteLength + key.length * 2 + 128;
      if (maxBytes <= 0 || size > maxBytes / 16) return;
      entries.set(key, { versions, body, bytes: size, expiresAt });
      bytes += size;
      for (const [k, e] of entries) {
        if (bytes <= maxBytes) break;
        drop(k, e);
      }
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

/** Data versions by scope row name (a row that does not exist is version 0). */
export type DataVersions = ReadonlyMap<string, string>;

/**
 * The current versions of some scope rows, in one read (a scalar subquery per row: cheaper than
 * `IN (…)` on SQLite, and the same snapshot for all of them).
 */
export async function readVersionMap(
  db: DbHandle,
  names: readonly string[],
  lane?: ReadLane,
): Promise<DataVersions> {
  const row = await db.readRow(versionsQuery(names.length, db.dialect), names, lane);
  const versions = new Map<string, string>();
  names.forEach((name, i) => versions.set(name, String(row?.[i] ?? 0)));
  return versions;
}

const versionsQueries = new Map<string, string>();
function versionsQuery(count: number, dialect: DbHandle['dialect']): string {
  const key = `${dialect}${count}`;
  let text = versionsQueries.get(key);
  if (!text) {
    const columns = Array.from({ length: count }, (_, i) => {
      const param = dialect === 'postgres' ? `$${i + 1}` : '?';
      return `(select version from cache_versions where scope = ${param}) as v${i}`;
    });
    versionsQueries.set(key, (text = `select ${columns.join(', ')}`));
  }
  return text;
}

/** The versions of `names` from `known` as one string; undefined when one of them is not there. */
export function joinVersions(known: DataVersions, names: readonly string[]): string | undefined {
  let joined = '';
  for (const name of names) {
    const version = known.get(name);
    if (version === undefined) return undefined;
    joined += joined ? `.${version}` : version;
  }
  return joined;
}
