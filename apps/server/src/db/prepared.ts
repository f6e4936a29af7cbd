import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { type DbHandle, handleOf, type PreparedStatement, type ReadLane } from './client.ts';
import type { Db, Executor } from './types.ts';

/**
 * A hot SELECT built with Kysely ONCE per database handle and kept prepared by reference
 * (decision 0032). Per request, running it only maps the arguments to the statement's
 * parameters: no query building, no compiling, no SQL text looked up in a statement cache
 * (`db/client.ts` keys Kysely's statements by their text — a fresh string to hash on every run) —
 * on SQLite a kept better-sqlite3 statement, on PostgreSQL a named statement named once.
 *
 * `build(db, arg)` builds the query with `arg(name)` in place of each value that changes from one
 * run to the next, and compiles it (`qb.compile()`, or ``sql`…`.compile(db)``); every other value is
 * bound as compiled. A query whose SQL text depends on its input (an optional condition, a
 * LIMIT written as a literal) is one prepared query per shape: keep them in a small map by a
 * number, as `classes.queries.ts` does.
 *
 * Given a transaction (or any executor that is not a handle's `db`), it builds and runs the
 * query through Kysely as usual, inside that transaction.
 */
export interface PreparedQuery<A extends Record<string, unknown>, R> {
  /** The rows for `args` on `executor` (a handle's `db`: the prepared statement). */
  all(executor: Executor, args: A, lane?: ReadLane): Promise<R[]>;
  /** The first row for `args`, or undefined (a one-row lookup: SQLite stops after it). */
  first(executor: Executor, args: A, lane?: ReadLane): Promise<R | undefined>;
}

/**
 * A placeholder value that stands for argument `name` while the query is compiled (a random
 * prefix per process, so that no real value is taken for one).
 */
const MARKER = `aprenda-arg:${randomUUID()}:`;
const marker = (name: string) => `${MARKER}${name}`;

/** Where each parameter of the compiled query comes from: an argument, or the compiled value. */
type Slot = { arg: string } | { value: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

export function preparedQuery<A extends Record<string, unknown>, R>(
  build: (db: Db, arg: <K extends keyof A & string>(name: K) => A[K]) => CompiledQuery<R>,
): PreparedQuery<A, R> {
  const compile = (db: Db): Compiled => {
    const query = build(db, (name) => marker(name) as never);
    const slots = query.parameters.map((value): Slot => {
      return typeof value === 'string' && value.startsWith(MARKER)
        ? { arg: value.slice(MARKER.length) }
        : { value };
    });
    return { sql: query.sql, slots };
  };
  const bind = (slots: Slot[], args: A): unknown[] => {
    const params = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      params[i] = 'arg' in slot ? args[slot.arg] : slot.value;
    }
    return params;
  };
  const kept = new WeakMap<DbHandle, { slots: Slot[]; statement: PreparedStatement }>();
  /** The kept statement of this handle, or null: run through Kysely (a transaction, say). */
  const keptFor = (executor: Executor) => {
    const handle = handleOf(executor);
    if (!handle) return null;
    let entry = kept.get(handle);
    if (!entry) {
      const { sql, slots } = compile(handle.db);
      entry = { slots, statement: handle.prepare(sql) };
      kept.set(handle, entry);
    }
    return entry;
  };
  const viaKysely = async (executor: Executor, args: A) => {
    const { sql, slots } = compile(executor as Db);
    const { rows } = await executor.executeQuery<R>(CompiledQuery.raw(sql, bind(slots, args)));
    return rows;
  };
  return {
    // Not `async`: the kept statement's promise is handed on as it is (an async function that
    // returns a promise settles two microtask turns later; decision 0048).
    all(executor, args, lane) {
      const entry = keptFor(executor);
      if (!entry) return viaKysely(executor, args);
      return entry.statement.all(bind(entry.slots, args), lane) as Promise<R[]>;
    },
    first(executor, args, lane) {
      const entry = keptFor(executor);
      if (!entry) return viaKysely(executor, args).then((rows) => rows[0]);
      return entry.statement.first(bind(entry.slots, args), lane) as Promise<R | undefined>;
    },
  };
}
