import { sql } from 'kysely';

/**
 * Values written so that SQLite prepares a statement once (decision 0026; shared by every module
 * since the exercises' hot paths use them too).
 */

/**
 * A LIMIT as a literal, never a bound parameter: SQLite (3.54) reads a parameter's LIMIT value
 * when it prepares the statement and marks the statement to be prepared again whenever that
 * parameter is bound anew — which better-sqlite3 does on every run, so each run of a statement
 * with `limit ?` parsed and planned it again (the queue's statements: ~70 % of their time).
 * A few distinct limits make a few distinct statements; PostgreSQL plans them knowing the limit.
 */
export function lit(n: number) {
  return sql.lit(Math.max(0, Math.trunc(n)));
}

/**
 * A value compared with an indexed column, as `cast(? as text)` rather than a bare parameter:
 * SQLite (3.54) marks a statement to be prepared again whenever such a parameter is bound when
 * its planner looked at the value — an equality weighed against an ORDER BY or LIMIT, or any
 * comparison once ANALYZE has left sqlite_stat4 samples — and better-sqlite3 binds on every run:
 * the queue's statements were parsed and planned on every request. The cast is the same
 * comparison and the same index range on both engines.
 */
export function txt(value: string) {
  return sql<string>`cast(${value} as text)`;
}

/** A number compared with an indexed column, as `cast(? as double precision)` (as `txt`). */
export function real(value: number) {
  return sql<number>`cast(${value} as double precision)`;
}
