/**
 * What a cached answer depends on, declared once per module (decision 0022).
 *
 * A cache scope names a data version — one row of `cache_versions` — and the writes that bump it.
 * From these declarations alone:
 * - db/cache-triggers.ts generates the triggers of both engines (and keeps them in step with the
 *   declarations at every migrate), so the version is bumped in the same transaction as any write
 *   that could change the answer — by this process, another instance or hand-written SQL;
 * - the session middleware reads every scope a signed-in user's answers can depend on, in the same
 *   query as the session (lib/response-cache.ts `scopeNamesFor`);
 * - a route answers through `cachedJson(c, ctx, key, [scopes…], produce)`.
 * So a new cached list is a declaration (in the module's `<area>.cache.ts`, listed in
 * src/cache-scopes.ts) — no trigger, middleware or string literal to write by hand.
 */

export type CacheWrite = 'insert' | 'update' | 'delete';

export interface CacheBump {
  /** The table whose writes bump the scope. */
  readonly table: string;
  readonly on: readonly CacheWrite[];
  /**
   * Only updates of these columns count (all updates when absent). PostgreSQL cannot combine a
   * column list with the transition tables of a per-user scope: there, every update counts.
   */
  readonly columns?: readonly string[];
  /**
   * Per-user scopes: where the written row's user id is — a column of the row, or a column of
   * the parent row it references (`{ via: parent table, key: this row's column holding the
   * parent's id, column: the parent's user column }`). The parent's `id` is its key.
   */
  readonly user?: string | { readonly via: string; readonly key: string; readonly column: string };
}

export interface CacheScope {
  /** The version's name: `[a-z_]+`. A per-user scope's rows are `<name>:<user id>`. */
  readonly name: string;
  /** One version for everyone, or one per user (created by the first bump). */
  readonly per: 'everyone' | 'user';
  readonly bumpedBy: readonly CacheBump[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Check a declaration (names become SQL identifiers and literals) and return it as is. */
export function defineCacheScope<const S extends CacheScope>(scope: S): S {
  const bad = (what: string) => {
    throw new Error(`cache scope ${JSON.stringify(scope.name)}: ${what}`);
  };
  if (!IDENTIFIER.test(scope.name)) bad('name must match [a-z_][a-z0-9_]*');
  if (scope.bumpedBy.length === 0) bad('nothing bumps it');
  for (const bump of scope.bumpedBy) {
    const names = [bump.table, ...(bump.columns ?? [])];
    if (typeof bump.user === 'string') names.push(bump.user);
    else if (bump.user) names.push(bump.user.via, bump.user.key, bump.user.column);
    for (const name of names) if (!IDENTIFIER.test(name)) bad(`${name} is not a plain identifier`);
    if (bump.on.length === 0) bad(`${bump.table}: no write named`);
    if (scope.per === 'user' && !bump.user) bad(`${bump.table}: a per-user scope needs user`);
    if (scope.per === 'everyone' && bump.user) bad(`${bump.table}: user on a global scope`);
  }
  return scope;
}

/** The version rows a user's answers under `scopes` depend on, in order. */
export function scopeNamesFor(scopes: readonly CacheScope[], userId: string): string[] {
  return scopes.map((scope) => (scope.per === 'user' ? `${scope.name}:${userId}` : scope.name));
}
