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

/**
 * One step from a set of values to another: the `take` column of the `table` rows whose `match`
 * column holds one of the values (optionally only rows whose `when.column` equals `when.equals`).
 * An index on `table (match)` keeps the trigger a seek.
 */
export interface CacheHop {
  readonly table: string;
  readonly match: string;
  readonly take: string;
  readonly when?: CacheCondition;
}

/** A column of a row that must hold a given text value. */
export interface CacheCondition {
  readonly column: string;
  readonly equals: string;
}

/**
 * Where a per-user scope finds the users whose answers a written row changes:
 * - a column of the row (`'user_id'`);
 * - a column of the parent row it references (`{ via: parent table, key: this row's column
 *   holding the parent's id, column: the parent's user column }`; the parent's `id` is its key);
 * - a fan-out (`{ from: a column of the row, through: [hops…] }`): e.g. every member of the
 *   written row's class is `{ from: 'class_id', through: [{ table: 'class_members',
 *   match: 'class_id', take: 'user_id' }] }`.
 */
export type CacheUsers =
  | string
  | { readonly via: string; readonly key: string; readonly column: string }
  | { readonly from: string; readonly through: readonly CacheHop[] };

export interface CacheBump {
  /** The table whose writes bump the scope. */
  readonly table: string;
  readonly on: readonly CacheWrite[];
  /**
   * Only updates of these columns count (all updates when absent). PostgreSQL cannot combine a
   * column list with the transition tables of a per-user scope: there, every update counts.
   */
  readonly columns?: readonly string[];
  /** Per-user scopes: whose versions a written row bumps (see CacheUsers). */
  readonly user?: CacheUsers;
  /**
   * Per-user scopes: only written rows with this value count (an update counts when the row had
   * it before or has it after).
   */
  readonly when?: CacheCondition;
}

export interface CacheScope {
  /** The version's name: `[a-z_]+`. A per-user scope's rows are `<name>:<user id>`. */
  readonly name: string;
  /** One version for everyone, or one per user (created by the first bump). */
  readonly per: 'everyone' | 'user';
  readonly bumpedBy: readonly CacheBump[];
}

/** A bump's users as a fan-out: the row's column, then the hops (empty for a plain column). */
export function userPath(users: CacheUsers): { from: string; through: readonly CacheHop[] } {
  if (typeof users === 'string') return { from: users, through: [] };
  if ('via' in users) {
    return { from: users.key, through: [{ table: users.via, match: 'id', take: users.column }] };
  }
  return users;
}

/**
 * The name a bump's triggers carry: `<scope>_<table>`, and `_2`, `_3`… for a scope's second,
 * third… bump on the same table.
 */
export function bumpName(scope: CacheScope, bump: CacheBump): string {
  const index = scope.bumpedBy.filter((b) => b.table === bump.table).indexOf(bump);
  return `${scope.name}_${bump.table}${index > 0 ? `_${index + 1}` : ''}`;
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
    if (bump.user) {
      const path = userPath(bump.user);
      names.push(path.from);
      for (const hop of path.through) {
        names.push(hop.table, hop.match, hop.take);
        if (hop.when) names.push(hop.when.column);
      }
    }
    if (bump.when) names.push(bump.when.column);
    for (const name of names) if (!IDENTIFIER.test(name)) bad(`${name} is not a plain identifier`);
    if (bump.on.length === 0) bad(`${bump.table}: no write named`);
    if (scope.per === 'user' && !bump.user) bad(`${bump.table}: a per-user scope needs user`);
    if (scope.per === 'everyone' && bump.user) bad(`${bump.table}: user on a global scope`);
    if (scope.per === 'everyone' && bump.when) bad(`${bump.table}: when on a global scope`);
  }
  return scope;
}

/** The version rows a user's answers under `scopes` depend on, in order. */
export function scopeNamesFor(scopes: readonly CacheScope[], userId: string): string[] {
  return scopes.map((scope) => (scope.per === 'user' ? `${scope.name}:${userId}` : scope.name));
}
