import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { bearer, createTestApp, jsonRequest, signUp } from './helpers.ts';

/**
 * The statements prepared on the connection of the pool of per-request reads (decision 0035; one
 * connection when the pool size is 1), read through that pool.
 */
async function preparedOnReadPool(
  db: DbHandle,
): Promise<Array<{ name: string; statement: string }>> {
  const row = await db.readRow(
    `select coalesce(json_agg(json_build_object('name', name, 'statement', statement)), '[]')
       from pg_prepared_statements`,
    [],
  );
  return (row?.[0] ?? []) as Array<{ name: string; statement: string }>;
}

/**
 * PG_PREPARED_STATEMENTS=false (behind a transaction-pooling proxy) must leave no named statement
 * on a connection — including the driver-level read of the response cache (`readRow`). One connection
 * per pool, so what the app prepared is what `pg_prepared_statements` shows on the two afterwards.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PG_PREPARED_STATEMENTS', () => {
  async function preparedAfterCachedRequests(flag: 'true' | 'false') {
    const t = await createTestApp('postgres', { PG_PREPARED_STATEMENTS: flag }, { poolSize: 1 });
    try {
      const user = await signUp(t, { role: 'teacher' });
      await jsonRequest(t, 'POST', '/api/classes', { title: 'Cache' }, bearer(user));
      for (let i = 0; i < 3; i++) {
        const res = await jsonRequest(t, 'GET', '/api/classes/mine', undefined, bearer(user));
        expect(res.status).toBe(200);
      }
      const conversations = await jsonRequest(
        t,
        'GET',
        '/api/conversations',
        undefined,
        bearer(user),
      );
      expect(conversations.status).toBe(200);
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(t.db.db);
      return [...rows, ...(await preparedOnReadPool(t.db))];
    } finally {
      await t.close();
    }
  }

  it('off: pg_prepared_statements stays empty after cached requests', async () => {
    expect(await preparedAfterCachedRequests('false')).toEqual([]);
  });

  it('on (the default): the same requests leave named statements, the cache read among them', async () => {
    const rows = await preparedAfterCachedRequests('true');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => /cache_versions/.test(r.statement))).toBe(true);
  });
});
