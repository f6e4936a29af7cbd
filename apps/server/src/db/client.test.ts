import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb, PG_POOL_WARM_CONNECTIONS } from './client.ts';
import { pinParameters } from './sqlite-parameters.ts';
import { isConnectionFault } from './faults.ts';

describe('SQLite statement cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-client-'));
  const handle = createDb(`file:${join(dir, 'c.db')}`);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers correctly across schema changes and repeated texts', async () => {
    await sql`create table t (id integer primary key, v text)`.execute(handle.db);
    for (let i = 0; i < 5; i++) await sql`insert into t (v) values (${`v${i}`})`.execute(handle.db);
    const q = () => sql<{ n: number }>`select count(*) as n from t where v like ${'v%'}`;
    expect((await q().execute(handle.db)).rows[0]!.n).toBe(5);
    // A schema change after the statement was cached: better-sqlite3 re-compiles it.
    await sql`alter table t add column w text`.execute(handle.db);
    await sql`insert into t (v, w) values (${'v9'}, ${'x'})`.execute(handle.db);
    expect((await q().execute(handle.db)).rows[0]!.n).toBe(6);
    const star = await sql<Record<string, unknown>>`select * from t where id = ${6}`.execute(
      handle.db,
    );
    expect(star.rows[0]).toEqual({ id: 6, v: 'v9', w: 'x' });
  });

  it('compiles a repeated text once, also after streaming it', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    try {
      const db = handle.db as unknown as Kysely<{ t: { id: number } }>;
      const query = db.selectFrom('t').select('id').where('id', '>', 0).orderBy('id');
      const streamed: number[] = [];
      for await (const row of query.stream()) streamed.push(row.id);
      for (let i = 0; i < 10; i++) expect(await query.execute()).toHaveLength(6);
      expect(streamed).toEqual([1, 2, 3, 4, 5, 6]);
      const text = query.compile().sql;
      // Prepared once, with its parameters pinned (decision 0037).
      expect(prepare.mock.calls.filter(([s]) => s === pinParameters(text))).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL named statements', () => {
  it('prepares DML once per connection and leaves DDL unnamed', async () => {
    const handle = createDb(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    try {
      await handle.db.connection().execute(async (conn) => {
        await sql`create temporary table named_t (id int)`.execute(conn);
        for (let i = 0; i < 3; i++) await sql`insert into named_t values (${i})`.execute(conn);
        const r = await sql<{
          n: string;
        }>`select count(*) as n from named_t where id >= ${0}`.execute(conn);
        expect(Number(r.rows[0]!.n)).toBe(3);
        const prepared = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where name like 'k%'`.execute(conn);
        const texts = prepared.rows.map((p) => p.statement);
        expect(texts.some((t) => t.startsWith('insert into named_t'))).toBe(true);
        expect(texts.some((t) => t.startsWith('select count(*)'))).toBe(true);
        expect(texts.some((t) => /create temporary table/i.test(t))).toBe(false);
      });
    } finally {
      await handle.close();
    }
  });

  it('the per-request reads have their own pool: a crowd of them never holds up a write (decision 0035)', async () => {
    const handle = createDb(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    try {
      // The only read connection is busy for 1.5 s (as under a crowd of readers)…
      const started = Date.now();
      const slowRead = handle.readRow('select 1 from pg_sleep(1.5)', []);
      await new Promise((r) => setTimeout(r, 100));
      // …while a write on the main pool runs at once.
      const one = await sql<{ one: number }>`select ${1}::int as one`.execute(handle.db);
      expect(one.rows[0]!.one).toBe(1);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await slowRead).toEqual([1]);
      // And a transaction on the main pool does not lend its connection to a read.
      await handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        expect(await handle.readRow('select $1::int', [7])).toEqual([7]);
      });
    } finally {
      await handle.close();
    }
  });

  it('each pool keeps its warm connections open when idle, and closes the others (decision 0040)', async () => {
    const app = `aprenda_pool_${process.pid}_${Date.now()}`;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('application_name', app);
    const handle = createDb(url.toString(), { poolSize: 8, poolIdleMs: 300 });
    const probe = createDb(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    const open = async () => {
      const r = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity where application_name = ${app}`.execute(
        probe.db,
      );
      return Number(r.rows[0]!.n);
    };
    try {
      // A burst that needs all 8 connections of the main pool at once.
      await Promise.all(
        Array.from({ length: 8 }, () => sql`select pg_sleep(0.2)`.execute(handle.db)),
      );
      expect(await open()).toBe(8);
      // Idle for longer than poolIdleMs: the 4 warm ones stay, ready with their statements.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await open()).toBe(PG_POOL_WARM_CONNECTIONS);
    } finally {
      await handle.close();
      await probe.close();
    }
  });

  it('can be turned off', async () => {
    const handle = createDb(process.env.TEST_DATABASE_URL!, {
      poolSize: 1,
      preparedStatements: false,
    });
    try {
      await handle.db.connection().execute(async (conn) => {
        await sql`select ${1}::int as one`.execute(conn);
        const prepared = await sql<{ n: string }>`
          select count(*) as n from pg_prepared_statements`.execute(conn);
        expect(Number(prepared.rows[0]!.n)).toBe(0);
      });
    } finally {
      await handle.close();
    }
  });
});

describe('readRow (the driver-level read of the response cache)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aprenda-client-row-'));
  const handle = createDb(`file:${join(dir, 'r.db')}`);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads committed rows as arrays, and never what an open transaction has not committed', async () => {
    await sql`create table v (k text primary key, n integer not null)`.execute(handle.db);
    await sql`insert into v (k, n) values ('a', 1)`.execute(handle.db);
    const read = () => handle.readRow('select (select n from v where k = ?) as n, ?', ['a', 'x']);
    expect(await read()).toEqual([1, 'x']);
    expect(await handle.readRow('select n from v where k = ?', ['none'])).toBeUndefined();

    // A Kysely transaction on the (single) SQLite connection writes, then rolls back; a read
    // started meanwhile waits for it instead of reading the uncommitted 2.
    let duringTransaction: Promise<unknown[] | undefined> | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update v set n = 2 where k = 'a'`.execute(trx);
        duringTransaction = read();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await duringTransaction).toEqual([1, 'x']);
    expect(await read()).toEqual([1, 'x']);
  });
});

/**
 * A TCP proxy in front of PostgreSQL that can stop passing the server's bytes on (a server that
 * froze or was unplugged without closing the connection).
 */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    freeze: (on: boolean) => {
      frozen = on;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pools under faults', () => {
  it('a server that stops answering: queries fail with "Query read timeout" on both pools, and the next ones get new connections', async () => {
    const proxy = await freezableProxy(new URL(process.env.TEST_DATABASE_URL!));
    const handle = createDb(proxy.url, { poolSize: 1, readTimeoutMs: 400 });
    try {
      const pid = async () => (await handle.readRow('select pg_backend_pid()', []))![0];
      const before = await pid();
      expect(await handle.prepare('select $1::int as n').first([5])).toEqual({ n: 5 });
      await sql`select 1`.execute(handle.db); // the main pool's connection is open too
      proxy.freeze(true);
      const started = Date.now();
      const [read, write] = await Promise.allSettled([
        handle.readRow('select $1::int', [1]),
        sql`select ${2}::int as n`.execute(handle.db),
      ]);
      const waited = Date.now() - started;
      for (const outcome of [read, write]) {
        expect(outcome.status).toBe('rejected');
        const err = (outcome as PromiseRejectedResult).reason as Error;
        expect(err.message).toMatch(/^Query read timeout/);
        expect(isConnectionFault(err)).toBe(true);
      }
      // Within the read timeout and two watchdog rounds (80 ms each here), not pg's 15 s.
      expect(waited).toBeGreaterThanOrEqual(400);
      expect(waited).toBeLessThan(2_000);
      proxy.freeze(false);
      // The cut connections are not handed out again: fresh backends answer.
      const after = await pid();
      expect(after).not.toBe(before);
      const r = await sql<{ n: number }>`select ${3}::int as n`.execute(handle.db);
      expect(r.rows[0]!.n).toBe(3);
    } finally {
      await handle.close();
      await proxy.close();
    }
  });

  it('a failed statement keeps its connection (same backend) and the caller’s stack; a backend terminated under a statement is replaced', async () => {
    const handle = createDb(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    const probe = createDb(process.env.TEST_DATABASE_URL!, { poolSize: 1 });
    try {
      const pid = async () => (await handle.readRow('select pg_backend_pid()', []))![0];
      const first = await pid();
      const failed = await handle.readRow('select 1 / $1::int', [0]).catch((e: Error) => e);
      expect((failed as { code?: string }).code).toBe('22012');
      // The error points back at the code that ran the query, not only at the socket.
      expect((failed as Error).stack).toMatch(/client\.test\.ts/);
      expect(isConnectionFault(failed)).toBe(false);
      expect(await pid()).toBe(first);
      // Terminated while it runs a statement: that statement fails as a connection fault.
      const running = handle.readRow('select pg_sleep(5)', []).catch((e: Error) => e);
      await new Promise((r) => setTimeout(r, 200));
      await probe.readRow('select pg_terminate_backend($1::int)', [first]);
      expect(isConnectionFault(await running)).toBe(true);
      const next = await pid();
      expect(next).not.toBe(first);
      expect(await handle.readRow('select $1::int', [9])).toEqual([9]);
    } finally {
      await handle.close();
      await probe.close();
    }
  });
});
