import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '@aprenda/shared/errors';
import type { Message } from '@aprenda/shared/schemas/conversations';
import { createApp } from '../src/app.ts';
import { databaseFault } from '../src/db/faults.ts';
import type { Logger } from '../src/lib/logger.ts';
import { failAbandonedAnswers } from '../src/modules/conversations/answer-sweep.service.ts';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  type SignedUp,
  TEST_SECRET,
  type TestApp,
} from './helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An app on the test database whose log lines are collected. */
function withLog(t: TestApp) {
  const lines: string[] = [];
  const logger: Logger = (entry) => void lines.push(JSON.stringify(entry));
  const { app, ctx } = createApp({ env: t.env, db: t.db, secret: TEST_SECRET, logger });
  return { app, ctx, lines };
}

function post(app: TestApp['app'], who: SignedUp, path: string, body: unknown) {
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      headers: { ...bearer(who), origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('SQLite: a full disk and a locked file', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('SQLITE_FULL: 507 storage_full, the real error in the log, and writes work again once there is room', async () => {
    t = await createTestApp('sqlite');
    const teacher = await signUp(t, { role: 'teacher' });
    const { app, lines } = withLog(t);
    // Only a few more pages may be written: the database is "full" (as on a full disk).
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 2}`).execute(t.db.db);

    let full: Response | undefined;
    for (let i = 0; i < 200 && !full; i++) {
      const res = await post(app, teacher, '/api/classes', {
        title: `Turma ${i}`,
        description: 'x'.repeat(1900),
      });
      if (res.status !== 201) full = res;
    }
    expect(full?.status).toBe(507);
    expect(((await full!.json()) as Problem).code).toBe('storage_full');
    expect(full!.headers.get('retry-after')).toBeTruthy();
    const log = lines.join('\n');
    expect(log).toContain('SQLITE_FULL');
    expect(log).not.toContain('cannot rollback');
    // Nothing half-written: every class that exists has its owner as a teacher member.
    const orphans = await sql<{ n: number }>`
      select count(*) as n from classes c
       where not exists (select 1 from class_members m where m.class_id = c.id and m.role = 'teacher')`.execute(
      t.db.db,
    );
    expect(Number(orphans.rows[0]!.n)).toBe(0);

    // Room again (an operator freed disk space): no restart needed.
    await sql.raw('pragma max_page_count = 1073741823').execute(t.db.db);
    const again = await post(app, teacher, '/api/classes', { title: 'Depois do disco cheio' });
    expect(again.status).toBe(201);
  });

  it('a write lock held by another process: 503 database_unavailable after DB_BUSY_TIMEOUT_MS; reads go on', async () => {
    t = await createTestApp('sqlite', { DB_BUSY_TIMEOUT_MS: '300' });
    const teacher = await signUp(t, { role: 'teacher' });
    expect((await post(t.app, teacher, '/api/classes', { title: 'Antes' })).status).toBe(201);
    const other = new SQLite(t.sqliteFile!);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const res = await post(t.app, teacher, '/api/classes', { title: 'Bloqueada' });
      expect(res.status).toBe(503);
      expect(((await res.json()) as Problem).code).toBe('database_unavailable');
      expect(Date.now() - started).toBeLessThan(3000);
      const read = await jsonRequest(t, 'GET', '/api/classes/teaching', undefined, bearer(teacher));
      expect(read.status).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await post(t.app, teacher, '/api/classes', { title: 'Depois' })).status).toBe(201);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL faults', () => {
  let t: TestApp;
  let admin: pg.Client;
  let schema: string;
  const appName = `aprenda-fault-${process.pid}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
  });
  afterEach(async () => t?.close());

  async function open(env: Record<string, string> = {}) {
    t = await createTestApp('postgres', env);
    const url = new URL(t.env.DATABASE_URL);
    schema = /search_path=(\S+)/.exec(url.searchParams.get('options') ?? '')![1]!;
    return t;
  }

  it('backends terminated five times under concurrent reads and writes: no crash, no hang, 503 at worst, normal within 2 s', async () => {
    await open();
    // This app's own connections carry a unique application_name.
    const url = new URL(t.env.DATABASE_URL);
    url.searchParams.set('application_name', appName);
    const { createDb } = await import('../src/db/client.ts');
    const db = createDb(url.toString(), { poolSize: 6 });
    const { app } = createApp({ env: t.env, db, secret: TEST_SECRET });
    const teacher = await signUp(t, { role: 'teacher' });
    try {
      const statuses = new Map<number, number>();
      const codes = new Set<string>();
      let running = true;
      const worker = async (i: number) => {
        while (running) {
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), 15_000);
          try {
            const res =
              i % 2 === 0
                ? await app.request('/api/classes/teaching?limit=5', {
                    headers: bearer(teacher),
                    signal: controller.signal,
                  })
                : await app.request('/api/conversations', {
                    method: 'POST',
                    headers: {
                      ...bearer(teacher),
                      origin: ORIGIN,
                      'content-type': 'application/json',
                    },
                    body: JSON.stringify({ title: `c${i}` }),
                    signal: controller.signal,
                  });
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500) codes.add(((await res.json()) as Problem).code);
            else await res.arrayBuffer();
          } finally {
            clearTimeout(timer);
          }
        }
      };
      const workers = Array.from({ length: 6 }, (_, i) => worker(i));
      for (let round = 0; round < 5; round++) {
        await sleep(250);
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where application_name = $1`,
          [appName],
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
      }
      await sleep(200);
      running = false;
      await Promise.all(workers);
      // Only successes and retryable 503s — never a 500.
      expect([...statuses.keys()].every((s) => s === 200 || s === 201 || s === 503)).toBe(true);
      expect([...codes]).toEqual(codes.size ? ['database_unavailable'] : []);
      expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(10);

      // Normal again within 2 s.
      const deadline = Date.now() + 2000;
      let ok = 0;
      while (Date.now() < deadline && ok < 5) {
        const res = await app.request('/api/classes/teaching', { headers: bearer(teacher) });
        ok = res.status === 200 ? ok + 1 : 0;
      }
      expect(ok).toBe(5);
    } finally {
      await db.close();
    }
  });

  it('a lock held on classes: class writes get 503 after DB_LOCK_TIMEOUT_MS; conversations keep answering', async () => {
    await open({ DB_LOCK_TIMEOUT_MS: '400' });
    const teacher = await signUp(t, { role: 'teacher' });
    await admin.query(`set search_path = "${schema}"`);
    await admin.query('begin');
    await admin.query('lock table classes in exclusive mode');
    try {
      const started = Date.now();
      const [write, ...lists] = await Promise.all([
        post(t.app, teacher, '/api/classes', { title: 'Espera' }),
        ...Array.from({ length: 5 }, () =>
          jsonRequest(t, 'GET', '/api/conversations', undefined, bearer(teacher)),
        ),
      ]);
      expect(write!.status).toBe(503);
      expect(((await write!.json()) as Problem).code).toBe('database_unavailable');
      expect(write!.headers.get('retry-after')).toBe('2');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(lists.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      // Reads of the locked table itself go on too (EXCLUSIVE blocks writers only; note that a
      // new conversation is a writer of it: its foreign key takes a share lock on classes).
      const read = await jsonRequest(t, 'GET', '/api/classes/teaching', undefined, bearer(teacher));
      expect(read.status).toBe(200);
    } finally {
      await admin.query('rollback');
      await admin.query('reset search_path');
    }
    expect((await post(t.app, teacher, '/api/classes', { title: 'Depois' })).status).toBe(201);
  });

  it('a statement over DB_STATEMENT_TIMEOUT_MS is cancelled and answered 503', async () => {
    await open({ DB_STATEMENT_TIMEOUT_MS: '300' });
    const started = Date.now();
    const err = await sql`select pg_sleep(2)`.execute(t.db.db).then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseFault(err)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe.each(dialects)('answers cut by a crash (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_API_KEY: 'sk-school-0000',
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model',
      AI_FIRST_TOKEN_TIMEOUT_MS: '1000',
      ANSWER_STALE_MARGIN_MS: '600',
    });
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await t.close();
    await llm.close();
  });

  async function answerRow(conversationId: string) {
    return t.db.db
      .selectFrom('messages')
      .select(['id', 'text', 'status', 'error_code', 'updated_at'])
      .where('conversation_id', '=', conversationId)
      .where('role', '=', 'assistant')
      .executeTakeFirst();
  }

  it('the first words are stored at once and then every second, while the answer streams', async () => {
    const u = await signUp(t);
    const conv = (await (await post(t.app, u, '/api/conversations', { title: 'x' })).json()) as {
      id: string;
    };
    llm.script({ kind: 'answer', chunks: ['Primeiro, ', 'depois, ', 'enfim.'], delayMs: 1500 });
    const res = await post(t.app, u, `/api/conversations/${conv.id}/chat`, {
      action: 'send',
      text: 'Oi',
    });
    const reader = res.body!.getReader();
    await reader.read();
    await sleep(400);
    // Killed now, the first words would survive.
    expect(await answerRow(conv.id)).toMatchObject({ text: 'Primeiro, ', status: 'streaming' });
    await sleep(1600);
    expect((await answerRow(conv.id))?.text).toBe('Primeiro, depois, ');
    while (!(await reader.read()).done);
    expect(await answerRow(conv.id)).toMatchObject({
      text: 'Primeiro, depois, enfim.',
      status: 'complete',
    });
  });

  it('a live answer waiting for a slow provider is touched, so the sweep leaves it alone', async () => {
    const u = await signUp(t);
    const conv = (await (await post(t.app, u, '/api/conversations', { title: 'y' })).json()) as {
      id: string;
    };
    llm.script({ kind: 'answer', chunks: ['Chegou.'], firstTokenDelayMs: 900 });
    const res = await post(t.app, u, `/api/conversations/${conv.id}/chat`, {
      action: 'send',
      text: 'Oi',
    });
    const reader = res.body!.getReader();
    const first = (await answerRow(conv.id))!.updated_at;
    await sleep(700);
    // Stale threshold: 1000 + 600 ms — but as the heartbeat runs, a sweep with a short one
    // (what a crashed process would look like after 500 ms) still finds it fresh.
    expect((await answerRow(conv.id))!.updated_at > first).toBe(true);
    expect(await failAbandonedAnswers(t.ctx, 500)).toBe(0);
    while (!(await reader.read()).done);
    expect((await answerRow(conv.id))?.status).toBe('complete');
  });

  it('the sweep fails a stream nobody writes any more, keeps its text, and Retry answers again', async () => {
    const u = await signUp(t);
    const conv = (await (await post(t.app, u, '/api/conversations', { title: 'z' })).json()) as {
      id: string;
    };
    // What a process killed mid-answer leaves: a streaming row with its partial text.
    llm.script({ kind: 'answer', chunks: ['Parte que ficou.'] });
    await (
      await post(t.app, u, `/api/conversations/${conv.id}/chat`, { action: 'send', text: 'Oi' })
    ).text();
    const row = (await answerRow(conv.id))!;
    const old = new Date(Date.now() - 5_000).toISOString();
    await t.db.db
      .updateTable('messages')
      .set({ status: 'streaming', text: 'Parte que', updated_at: old })
      .where('id', '=', row.id)
      .execute();
    // Two instances sweeping at once fail it once.
    const counts = await Promise.all([
      failAbandonedAnswers(t.ctx, 1600),
      failAbandonedAnswers(t.ctx, 1600),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await answerRow(conv.id)).toMatchObject({
      text: 'Parte que',
      status: 'failed',
      error_code: 'provider_stream_dropped',
    });
    llm.script({ kind: 'answer', chunks: ['De novo.'] });
    const retry = await post(t.app, u, `/api/conversations/${conv.id}/chat`, {
      action: 'regenerate',
    });
    expect(retry.status).toBe(200);
    await retry.text();
    const list = (await (
      await jsonRequest(t, 'GET', `/api/conversations/${conv.id}/messages`, undefined, bearer(u))
    ).json()) as { items: Message[] };
    expect(list.items.at(-1)).toMatchObject({ text: 'De novo.', status: 'complete' });
  });
});
