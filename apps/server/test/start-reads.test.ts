import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, signUp, type TestApp } from './helpers.ts';
import type { RecordedStatement } from './record-sql.ts';

/**
 * Issue 16, point 5 (decision 0034): a fresh server's memory must not grow with the messages
 * table, so nothing it runs at start — migrations' checks, the cache-trigger sync, the recovery of
 * abandoned answers — nor its periodic sweep may read the table's non-streaming rows. The real
 * server process starts on a database of many complete messages and two streaming answers (one
 * abandoned long ago), with every SQL statement it executes recorded (test/record-sql.ts), and
 * each recorded statement on the large tables is planned the way a prepared statement is planned
 * before its parameters are known: SQLite's EXPLAIN QUERY PLAN with the parameters unbound (NULL),
 * PostgreSQL's EXPLAIN EXECUTE with plan_cache_mode = force_generic_plan (the server uses named
 * prepared statements, so a generic plan is what runs once PostgreSQL settles on one).
 */

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const RECORDER = fileURLToPath(new URL('./record-sql.ts', import.meta.url));
const STREAMING_INDEX = 'messages_streaming_idx';
/** The tables a history makes large; no start-up statement may read them whole. */
const LARGE_TABLES = ['messages', 'conversations'];
const CONVERSATIONS = 1000;
const MESSAGES_EACH = 10;
const LONG_AGO = '2020-01-01T00:00:00.000Z';

/** The sweep's statement: every stale streaming answer at once (not one answer by its id). */
const isSweep = (s: RecordedStatement) =>
  /^\s*update\s+"?messages"?\s+set\b/i.test(s.sql) &&
  /"updated_at" </.test(s.sql) &&
  !/"id" =/.test(s.sql) &&
  s.params.includes('provider_stream_dropped');

/** Start the real server with the recorder, let the periodic sweep run twice, stop it. */
async function recordStart(databaseUrl: string, dir: string): Promise<RecordedStatement[]> {
  const file = join(dir, `statements-${Date.now()}.jsonl`);
  const child: ChildProcess = spawn(process.execPath, ['--import', RECORDER, SERVER], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      APP_SECRET: 'start-reads-secret-start-reads-secret-0123456789',
      ANSWER_SWEEP_INTERVAL_MS: '100',
      APRENDA_SQL_RECORD: file,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const read = (): RecordedStatement[] => {
    try {
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as RecordedStatement);
    } catch {
      return [];
    }
  };
  try {
    const deadline = Date.now() + 20_000;
    // Listening, and the sweep has run at start and at least twice more on its timer.
    while (!/Aprenda listening/.test(out) || read().filter(isSweep).length < 3) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      if (Date.now() > deadline) throw new Error(`server did not start and sweep:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return read();
}

interface Scan {
  table: string;
  how: string;
}

/** The large tables a plan reads whole (a scan with no index condition, bar the partial index). */
type Explain = (s: RecordedStatement) => Promise<{ plan: string; fullScans: Scan[] }>;

function sqliteExplain(file: string): { explain: Explain; close: () => void } {
  const db = new SQLite(file, { readonly: true });
  return {
    close: () => db.close(),
    async explain(s) {
      const stmt = db.prepare(`explain query plan ${s.sql}`);
      const rows = stmt.all(...s.params.map(() => null)) as Array<{ detail: string }>;
      const fullScans: Scan[] = [];
      for (const { detail } of rows) {
        const m = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(detail);
        if (!m || !LARGE_TABLES.includes(m[1]!)) continue;
        if (m[2]!.includes(`INDEX ${STREAMING_INDEX}`)) continue;
        fullScans.push({ table: m[1]!, how: detail });
      }
      return { plan: rows.map((r) => r.detail).join('\n'), fullScans };
    },
  };
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

async function postgresExplain(
  url: string,
): Promise<{ explain: Explain; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set plan_cache_mode = force_generic_plan');
  let n = 0;
  return {
    close: () => client.end(),
    async explain(s) {
      const name = `start_reads_${++n}`;
      await client.query(`prepare ${name} as ${s.sql}`);
      const args = s.params.map((v) => (v === null ? 'NULL' : client.escapeLiteral(String(v))));
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(
        `explain (format json) execute ${name}${args.length ? `(${args.join(', ')})` : ''}`,
      );
      await client.query(`deallocate ${name}`);
      const root = rows[0]!['QUERY PLAN'][0]!.Plan;
      const fullScans: Scan[] = [];
      const lines: string[] = [];
      const walk = (node: PgPlanNode, depth: number) => {
        const table = node['Relation Name'];
        lines.push(
          `${'  '.repeat(depth)}${node['Node Type']}${table ? ` on ${table}` : ''}` +
            `${node['Index Name'] ? ` using ${node['Index Name']}` : ''}` +
            `${node['Index Cond'] ? ` (${node['Index Cond']})` : ''}`,
        );
        if (table && LARGE_TABLES.includes(table)) {
          const type = node['Node Type'];
          if (type === 'Seq Scan') fullScans.push({ table, how: type });
          else if (
            (type === 'Index Scan' || type === 'Index Only Scan') &&
            !node['Index Cond'] &&
            node['Index Name'] !== STREAMING_INDEX
          ) {
            fullScans.push({ table, how: `${type} using ${node['Index Name']}` });
          }
        }
        for (const child of node.Plans ?? []) walk(child, depth + 1);
      };
      walk(root, 0);
      return { plan: lines.join('\n'), fullScans };
    },
  };
}

/** Statements worth planning: DML or queries naming a large table. */
const onLargeTables = (s: RecordedStatement) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(s.sql) &&
  LARGE_TABLES.some((t) => new RegExp(`\\b${t}\\b`, 'i').test(s.sql));

describe.each(dialects)('start-up and sweep read only streaming rows (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let recorded: RecordedStatement[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aprenda-start-reads-'));
    t = await createTestApp(dialect);
    const user = await signUp(t);
    const at = '2026-01-01T00:00:00.000Z';
    const now = new Date().toISOString();
    // Many complete messages: CONVERSATIONS × MESSAGES_EACH.
    if (dialect === 'sqlite') {
      await sql`insert into conversations
          (id, user_id, title, mode, pinned, created_at, updated_at, last_message_at, activity_at)
        with recursive c(i) as (select 0 union all select i + 1 from c where i < ${CONVERSATIONS - 1})
        select printf('c-%05d', i), ${user.id}, 'Conversa ' || i, 'socratic', 0, ${at}, ${at}, ${at}, ${at}
          from c`.execute(t.db.db);
      await sql`insert into messages
          (id, conversation_id, seq, role, text, status, created_at, updated_at)
        with recursive c(i) as (select 0 union all select i + 1 from c where i < ${CONVERSATIONS - 1}),
                       k(j) as (select 0 union all select j + 1 from k where j < ${MESSAGES_EACH - 1})
        select printf('m-%05d-%02d', i, j), printf('c-%05d', i), j + 1,
               case j % 2 when 0 then 'user' else 'assistant' end,
               'Como funciona a fotossíntese? parte ' || j, 'complete', ${at}, ${at}
          from c, k`.execute(t.db.db);
    } else {
      await sql`insert into conversations
          (id, user_id, title, mode, pinned, created_at, updated_at, last_message_at, activity_at)
        select 'c-' || lpad(i::text, 5, '0'), ${user.id}, 'Conversa ' || i, 'socratic', 0,
               ${at}, ${at}, ${at}, ${at}
          from generate_series(0, ${CONVERSATIONS - 1}) as i`.execute(t.db.db);
      await sql`insert into messages
          (id, conversation_id, seq, role, text, status, created_at, updated_at)
        select 'm-' || lpad(i::text, 5, '0') || '-' || lpad(j::text, 2, '0'),
               'c-' || lpad(i::text, 5, '0'), j + 1,
               case j % 2 when 0 then 'user' else 'assistant' end,
               'Como funciona a fotossíntese? parte ' || j, 'complete', ${at}, ${at}
          from generate_series(0, ${CONVERSATIONS - 1}) as i,
               generate_series(0, ${MESSAGES_EACH - 1}) as j`.execute(t.db.db);
    }
    // Two answers still `streaming`: one abandoned long ago (the sweep fails it), one live.
    for (const [id, conversation, updated] of [
      ['m-abandoned', 'c-00000', LONG_AGO],
      ['m-live', 'c-00001', now],
    ] as const) {
      await t.db.db
        .insertInto('messages')
        .values({
          id,
          conversation_id: conversation,
          seq: MESSAGES_EACH + 1,
          role: 'assistant',
          text: 'resposta pela metade',
          status: 'streaming',
          error_code: null,
          model: null,
          created_at: updated,
          updated_at: updated,
        })
        .execute();
    }
    await sql`analyze`.execute(t.db.db);
    recorded = await recordStart(t.env.DATABASE_URL, dir);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withExplain = async <T>(run: (explain: Explain) => Promise<T>): Promise<T> => {
    if (dialect === 'sqlite') {
      const e = sqliteExplain(t.sqliteFile!);
      try {
        return await run(e.explain);
      } finally {
        e.close();
      }
    }
    const e = await postgresExplain(t.env.DATABASE_URL);
    try {
      return await run(e.explain);
    } finally {
      await e.close();
    }
  };

  it('the recovery at start and the periodic sweep run through the partial index', async () => {
    // The sweep ran: the abandoned answer failed with its text, the live one untouched.
    const rows = await t.db.db
      .selectFrom('messages')
      .select(['id', 'status', 'error_code', 'text'])
      .where('id', 'in', ['m-abandoned', 'm-live'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: 'm-abandoned',
        status: 'failed',
        error_code: 'provider_stream_dropped',
        text: 'resposta pela metade',
      },
      { id: 'm-live', status: 'streaming', error_code: null, text: 'resposta pela metade' },
    ]);
    const sweeps = recorded.filter(isSweep);
    expect(sweeps.length).toBeGreaterThanOrEqual(3); // at start, then on the timer
    // The status is in the SQL text, so the plan never depends on a bound value.
    for (const s of sweeps) expect(s.sql).toMatch(/"status" = 'streaming'/);
    await withExplain(async (explain) => {
      for (const s of new Map(sweeps.map((x) => [x.sql, x])).values()) {
        const { plan, fullScans } = await explain(s);
        expect(plan, s.sql).toContain(STREAMING_INDEX);
        expect(fullScans, plan).toEqual([]);
      }
    });
  });

  it('nothing the server runs at start reads the large tables whole', async () => {
    const statements = [...new Map(recorded.filter(onLargeTables).map((s) => [s.sql, s])).values()];
    expect(statements.length).toBeGreaterThan(0);
    const scans = await withExplain(async (explain) => {
      const found: Array<{ sql: string; plan: string }> = [];
      for (const s of statements) {
        const { plan, fullScans } = await explain(s);
        if (fullScans.length > 0) found.push({ sql: s.sql, plan });
      }
      return found;
    });
    expect(scans).toEqual([]);
  });

  it('the same check catches the scan of the state the issue describes (no partial index)', async () => {
    const sweep = recorded.find(isSweep)!;
    await sql`drop index ${sql.id(STREAMING_INDEX)}`.execute(t.db.db);
    try {
      const { plan, fullScans } = await withExplain((explain) => explain(sweep));
      expect(plan).not.toContain(STREAMING_INDEX);
      expect(
        fullScans.map((s) => s.table),
        plan,
      ).toEqual(['messages']);
    } finally {
      await sql`create index ${sql.id(STREAMING_INDEX)} on messages (updated_at)
                  where status = 'streaming'`.execute(t.db.db);
    }
  });
});
