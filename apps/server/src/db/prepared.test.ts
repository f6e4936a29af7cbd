import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb } from './client.ts';
import { preparedQuery } from './prepared.ts';

/** The rows of `v` with k between two arguments, n above a constant compiled into the query. */
const between = preparedQuery<{ low: string; high: string }, { k: string; n: number }>((db, arg) =>
  sql<{ k: string; n: number }>`select k, n from v
      where k >= ${arg('low')} and n > ${0} and k <= ${arg('high')} order by k`.compile(db),
);

describe('preparedQuery (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-prepared-'));
  const handle = createDb(`file:${join(dir, 'p.db')}`);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prepares once per handle, binds the arguments by name, keeps compiled constants', async () => {
    await sql`create table v (k text primary key, n integer not null)`.execute(handle.db);
    await sql`insert into v (k, n) values ('a', 1), ('b', 0), ('c', 3), ('d', 4)`.execute(
      handle.db,
    );
    const prepare = vi.spyOn(handle, 'prepare');
    expect(await between.all(handle.db, { low: 'a', high: 'c' })).toEqual([
      { k: 'a', n: 1 },
      { k: 'c', n: 3 },
    ]);
    expect(await between.all(handle.db, { high: 'd', low: 'c' })).toEqual([
      { k: 'c', n: 3 },
      { k: 'd', n: 4 },
    ]);
    expect(prepare).toHaveBeenCalledTimes(1);
    prepare.mockRestore();
  });

  it('in a transaction reads its writes; outside, never what an open transaction has not committed', async () => {
    let duringTransaction: Promise<unknown> | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update v set n = 9 where k = 'a'`.execute(trx);
        expect(await between.all(trx, { low: 'a', high: 'a' })).toEqual([{ k: 'a', n: 9 }]);
        duringTransaction = between.all(handle.db, { low: 'a', high: 'a' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await duringTransaction).toEqual([{ k: 'a', n: 1 }]);
  });

  it('first: the first row or undefined, from the same kept statement, in a transaction too', async () => {
    const prepare = vi.spyOn(handle, 'prepare');
    expect(await between.first(handle.db, { low: 'b', high: 'd' })).toEqual({ k: 'c', n: 3 });
    expect(await between.first(handle.db, { low: 'x', high: 'z' })).toBeUndefined();
    expect(await between.all(handle.db, { low: 'c', high: 'c' })).toEqual([{ k: 'c', n: 3 }]);
    expect(prepare).not.toHaveBeenCalled(); // kept since the first test
    prepare.mockRestore();
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update v set n = 7 where k = 'c'`.execute(trx);
        expect(await between.first(trx, { low: 'b', high: 'd' })).toEqual({ k: 'c', n: 7 });
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await between.first(handle.db, { low: 'b', high: 'd' })).toEqual({ k: 'c', n: 3 });
  });

  it('follows a schema change after it was prepared', async () => {
    expect(await between.all(handle.db, { low: 'a', high: 'b' })).toEqual([{ k: 'a', n: 1 }]);
    await sql`alter table v add column w text`.execute(handle.db);
    await sql`update v set n = 2 where k = 'b'`.execute(handle.db);
    expect(await between.all(handle.db, { low: 'a', high: 'b' })).toEqual([
      { k: 'a', n: 1 },
      { k: 'b', n: 2 },
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('preparedQuery (PostgreSQL)', () => {
  it('runs as one named statement on the connection, with the arguments bound', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const schema = `prepared_${Date.now().toString(36)}`;
    const admin = createDb(base, { poolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const handle = createDb(url.toString(), { poolSize: 1 });
    try {
      await sql`create table v (k text primary key, n integer not null)`.execute(handle.db);
      await sql`insert into v (k, n) values ('a', 1), ('b', 0), ('c', 3)`.execute(handle.db);
      for (let i = 0; i < 3; i++) {
        expect(await between.all(handle.db, { low: 'a', high: 'c' })).toEqual([
          { k: 'a', n: 1 },
          { k: 'c', n: 3 },
        ]);
      }
      expect(await between.first(handle.db, { low: 'b', high: 'c' })).toEqual({ k: 'c', n: 3 });
      expect(await between.first(handle.db, { low: 'x', high: 'z' })).toBeUndefined();
      // Kept statements run on the pool of per-request reads (decision 0035): look there.
      const [listed] = (await handle.readRow(
        `select coalesce(json_agg(statement), '[]') from pg_prepared_statements
          where statement like '%from v%' and statement not like '%pg_prepared_statements%'`,
        [],
      ))!;
      const rows = (listed as string[]).map((statement) => ({ statement }));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toMatch(/k >= \$1 and n > \$2 and k <= \$3/);
    } finally {
      await handle.close();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    }
  });
});
