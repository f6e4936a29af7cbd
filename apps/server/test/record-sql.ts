/**
 * Preload for a real server process (`node --import ./test/record-sql.ts src/server.ts`): appends
 * every SQL statement the process executes, with its parameters, to the JSON-lines file named by
 * APRENDA_SQL_RECORD — better-sqlite3 statements (run/get/all/iterate) and pg client queries alike.
 * For tests that check what a process reads (apps/server/test/start-reads.test.ts).
 */
import { appendFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const file = process.env.APRENDA_SQL_RECORD;
if (!file) throw new Error('record-sql.ts: APRENDA_SQL_RECORD is not set');

export interface RecordedStatement {
  engine: 'sqlite' | 'postgres';
  sql: string;
  params: unknown[];
}

const record = (entry: RecordedStatement) => appendFileSync(file, `${JSON.stringify(entry)}\n`);

// better-sqlite3's Statement class is only reachable through a statement.
const probe = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
  string,
  (...args: unknown[]) => unknown
>;
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
    const params = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    record({ engine: 'sqlite', sql: this.source, params });
    return original.apply(this, args);
  };
}

const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const query = clientProto.query;
clientProto.query = function (
  this: unknown,
  config: unknown,
  values?: unknown,
  ...rest: unknown[]
) {
  if (typeof config === 'string') {
    record({ engine: 'postgres', sql: config, params: Array.isArray(values) ? values : [] });
  } else if (config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    record({
      engine: 'postgres',
      sql: c.text,
      params: c.values ?? (Array.isArray(values) ? values : []),
    });
  }
  return query.call(this, config, values, ...rest);
};
