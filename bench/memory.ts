/**
 * Memory benchmark: `npm run bench:memory` (issue 16, point 5; decision 0034).
 *
 * A ~1 GB database of one student's conversations (bench/seed-conversations.ts at
 * BENCH_MEMORY_CONVERSATIONS × 20 messages, 110,000 by default: 2.2 million messages). SQLite always
 * — the seeded file is cached in bench/.cache/ and copied for each run — and PostgreSQL when
 * BENCH_DATABASE_URL=postgres://… is set: seeded once into a template database
 * `aprenda_bench_memory_<key>` (kept for the next runs; the key covers the seed, the migrations
 * and the seeders), each run on a fresh copy of it (CREATE DATABASE … TEMPLATE). BENCH_ENGINES=
 * sqlite|postgres runs one engine; BENCH_SEED_ONLY=1 only seeds (or finds) the data sets.
 *
 * For each engine the real server (bench/lib.ts's startServer) starts on the copy, with the local
 * fake model of the conversations benchmark (apps/server/test/fake-llm.ts) as its provider, and the
 * benchmark reads its memory from /proc: VmRSS (and its anonymous and file-backed parts) right
 * after it printed "listening"; the highest VmRSS sampled every 20 ms while BENCH_STREAMS (200)
 * concurrent chat streams (50 chunks 40 ms apart each) run, and VmHWM; VmRSS once they have all
 * ended. Every stream must end with its full text. Prints one table per engine.
 * BENCH_WITHOUT_STREAMING_INDEX=1 drops the partial index `messages_streaming_idx` on the run's copy
 * first: the state before migration 0010, with today's code.
 *
 * Self-contained on purpose (it uses only what bench/lib.ts, chat-stream.ts, seed-lib.ts and
 * seed-conversations.ts have had since before migration 0010): the "before" figures come from the
 * same file run in the tree of the commit before that migration.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startFakeLlm, type FakeLlm } from '../apps/server/test/fake-llm.ts';
import { chatThroughServer, sampleRss } from './chat-stream.ts';
import { formatTable, loadAverage, root, runBench, startServer } from './lib.ts';
import {
  CONVERSATION_SEED_VERSION,
  createBenchSession,
  seedConversations,
  type ConversationSeedSizes,
} from './seed-conversations.ts';
import {
  BENCH_SECRET,
  migrateDatabase,
  seconds,
  seededSqliteFile,
  type DataSet,
} from './seed-lib.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const SIZES: ConversationSeedSizes = {
  conversations: Number(process.env.BENCH_MEMORY_CONVERSATIONS ?? 110_000),
  messagesPerConversation: 20,
  pinned: 12,
};
const MEMORY_SEED_VERSION = 1;
const WITHOUT_STREAMING_INDEX = process.env.BENCH_WITHOUT_STREAMING_INDEX === '1';

type Counts = Awaited<ReturnType<typeof seedConversations>>['counts'];

const DATA: DataSet<Counts> = {
  // The size in the name: a smaller run (e.g. a reference) does not evict the 1 GB file.
  name: `memory-${SIZES.conversations}`,
  seeder: 'bench/seed-conversations.ts',
  key: { CONVERSATION_SEED_VERSION, MEMORY_SEED_VERSION, sizes: SIZES },
  seed: (url) => seedConversations(url, SIZES),
  describe: (c) =>
    `${c.conversations.toLocaleString('en')} conversations, ` +
    `${c.messages.toLocaleString('en')} messages`,
};

/** VmRSS, its anonymous and file-backed parts, and VmHWM of a process, in MiB (Linux /proc). */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { rss: mib('VmRSS'), anon: mib('RssAnon'), file: mib('RssFile'), hwm: mib('VmHWM') };
}
type Memory = ReturnType<typeof memory>;

/** The cache key of the PostgreSQL template: the data set, the migrations and the seeders. */
function postgresKey(): string {
  const hash = createHash('sha256').update(JSON.stringify(DATA.key));
  const dir = join(root, 'apps/server/src/db/migrations');
  for (const file of readdirSync(dir).sort())
    hash.update(file).update(readFileSync(join(dir, file)));
  hash.update(readFileSync(join(root, 'node_modules/better-auth/package.json')));
  for (const file of [DATA.seeder, 'bench/seed-lib.ts'])
    hash.update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 12);
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The seeded template database's name: found, or seeded now (and kept for the next runs). */
async function seededPostgresTemplate(base: string, dataDir: string): Promise<string> {
  const name = `aprenda_bench_memory_${postgresKey()}`;
  const exists = await withClient(base, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  });
  if (exists) {
    console.log(`[bench] postgres: seeded database from the cache (${name})`);
    return name;
  }
  const seeding = `${name}_seeding`;
  await withClient(base, async (c) => {
    await c.query(`drop database if exists "${seeding}" with (force)`);
    await c.query(`create database "${seeding}"`);
  });
  try {
    const url = databaseUrl(base, seeding);
    await migrateDatabase(url, dataDir, BENCH_SECRET);
    const { ms, counts } = await DATA.seed(url);
    console.log(`[bench] postgres: seeded ${DATA.describe(counts)} in ${seconds(ms)} (kept)`);
    await withClient(base, (c) => c.query(`alter database "${seeding}" rename to "${name}"`));
  } finally {
    await withClient(base, (c) => c.query(`drop database if exists "${seeding}" with (force)`));
  }
  return name;
}

/** `run` on a fresh copy of the template (dropped afterwards). */
async function withPostgresCopy<T>(
  base: string,
  template: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `aprenda_bench_mem_${Date.now().toString(36)}`;
  const started = performance.now();
  await withClient(base, (c) => c.query(`create database "${name}" template "${template}"`));
  console.log(`[bench] postgres: copied the template in ${seconds(performance.now() - started)}`);
  try {
    return await run(databaseUrl(base, name));
  } finally {
    await withClient(base, (c) => c.query(`drop database if exists "${name}" with (force)`));
  }
}

/** The database's size and the messages table's (with its indexes), in MiB. */
async function sizes(url: string, file: string | null) {
  if (file) {
    const db = new SQLite(file, { readonly: true });
    try {
      const messages = db
        .prepare(
          `select sum(pgsize) as bytes from dbstat
            where name = 'messages'
               or name in (select name from sqlite_master where tbl_name = 'messages')`,
        )
        .get() as { bytes: number } | undefined;
      return {
        database: statSync(file).size / 2 ** 20,
        messages: (messages?.bytes ?? 0) / 2 ** 20,
      };
    } catch {
      return { database: statSync(file).size / 2 ** 20, messages: Number.NaN };
    } finally {
      db.close();
    }
  }
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ database: string; messages: string }>(
      `select pg_database_size(current_database()) as database,
              pg_total_relation_size('messages') as messages`,
    );
    return {
      database: Number(rows[0]!.database) / 2 ** 20,
      messages: Number(rows[0]!.messages) / 2 ** 20,
    };
  });
}

/** `count` conversation ids with a title (no title generation during the streams). */
async function conversationIds(url: string, file: string | null, count: number) {
  const text = `select id from conversations where title <> '' order by id desc limit ${count}`;
  if (file) {
    const db = new SQLite(file, { readonly: true });
    try {
      return (db.prepare(text).all() as Array<{ id: string }>).map((r) => r.id);
    } finally {
      db.close();
    }
  }
  return withClient(url, async (c) => (await c.query<{ id: string }>(text)).rows.map((r) => r.id));
}

interface EngineFigures {
  engine: string;
  databaseMiB: number;
  messagesMiB: number;
  startMs: number;
  ready: Memory;
  peakRss: number;
  hwm: number;
  after: Memory;
  complete: number;
  wallMs: number;
  firstFailure: string | null;
}

const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

async function measureEngine(
  engine: string,
  url: string,
  file: string | null,
  dataDir: string,
  llm: FakeLlm,
): Promise<EngineFigures> {
  if (WITHOUT_STREAMING_INDEX) {
    const drop = 'drop index if exists messages_streaming_idx';
    if (file) {
      const db = new SQLite(file);
      db.exec(drop);
      db.close();
    } else await withClient(url, (c) => c.query(drop));
    console.log(`[bench] ${engine}: partial index messages_streaming_idx dropped (before 0010)`);
  }
  const size = await sizes(url, file);
  const token = await createBenchSession(url, BENCH_SECRET);
  const ids = await conversationIds(url, file, STREAMS);
  if (ids.length < STREAMS) throw new Error(`only ${ids.length} titled conversations`);
  console.log(
    `[bench] ${engine}: database ${size.database.toFixed(0)} MiB ` +
      `(messages and their indexes ${size.messages.toFixed(0)} MiB); starting the server`,
  );
  const t0 = performance.now();
  const server = await startServer(url, dataDir, {
    APP_SECRET: BENCH_SECRET,
    SEED_DEMO: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: llm.url,
    CHAT_RATE_LIMIT_MAX: '1000000',
  });
  const startMs = performance.now() - t0;
  try {
    const ready = memory(server.pid);
    const chunks = words(50, 'célula-');
    const expected = chunks.join('');
    for (let i = 0; i < ids.length; i++) {
      llm.script({ kind: 'answer', chunks, firstTokenDelayMs: 20, delayMs: 40 });
    }
    console.log(`[bench] ${engine}: ${STREAMS} concurrent streams`);
    const sampler = sampleRss(server.pid);
    const started = performance.now();
    const results = await Promise.all(
      ids.map((id) =>
        chatThroughServer(server.origin, token, id, 'Explique a divisão celular, por favor.').catch(
          (err: unknown) => ({
            status: 0,
            errorText: String(err),
            text: '',
            types: [] as string[],
          }),
        ),
      ),
    );
    const wallMs = performance.now() - started;
    const peakRss = sampler.stop();
    const after = memory(server.pid);
    let complete = 0;
    let firstFailure: string | null = null;
    for (const r of results) {
      const ok =
        r.status === 200 && !r.errorText && r.text === expected && r.types.at(-1) === 'finish';
      if (ok) complete++;
      else firstFailure ??= `${r.status} ${r.errorText ?? ''} ${r.types.slice(-3).join(',')}`;
    }
    return {
      engine,
      databaseMiB: size.database,
      messagesMiB: size.messages,
      startMs,
      ready,
      peakRss: Math.max(peakRss, after.rss),
      hwm: after.hwm,
      after,
      complete,
      wallMs,
      firstFailure,
    };
  } finally {
    await server.stop();
  }
}

const mib = (n: number) => `${n.toFixed(0)} MiB`;

function report(f: EngineFigures) {
  const parts = (m: Memory) => `anon ${mib(m.anon)}, file ${mib(m.file)}`;
  const body = [
    ['database', `${mib(f.databaseMiB)} (messages and their indexes ${mib(f.messagesMiB)})`],
    ['start (until "listening")', seconds(f.startMs)],
    ['VmRSS right after start', `${mib(f.ready.rss)} (${parts(f.ready)})`],
    [`VmRSS peak, ${STREAMS} concurrent streams`, `${mib(f.peakRss)} (VmHWM ${mib(f.hwm)})`],
    ['VmRSS after the streams', `${mib(f.after.rss)} (${parts(f.after)})`],
    [
      'streams',
      `${f.complete}/${STREAMS} complete in ${seconds(f.wallMs)}` +
        (f.firstFailure ? `; first failure: ${f.firstFailure}` : ''),
    ],
  ];
  const variant = WITHOUT_STREAMING_INDEX ? ', without messages_streaming_idx' : '';
  console.log(`\n${f.engine}${variant}\n\n${formatTable(['measurement', 'value'], body, 2)}`);
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-memory-'));
  const engines = process.env.BENCH_ENGINES;
  const pgBase = process.env.BENCH_DATABASE_URL;
  const seedOnly = process.env.BENCH_SEED_ONLY === '1';
  const results: EngineFigures[] = [];
  const llm = await startFakeLlm();
  try {
    if (engines !== 'postgres') {
      const cached = await seededSqliteFile(DATA);
      if (!seedOnly) {
        const file = join(dataDir, 'bench.db');
        copyFileSync(cached, file);
        results.push(await measureEngine('sqlite', `file:${file}`, file, dataDir, llm));
      }
    }
    if (pgBase && engines !== 'sqlite') {
      const template = await seededPostgresTemplate(pgBase, dataDir);
      if (!seedOnly) {
        results.push(
          await withPostgresCopy(pgBase, template, (url) =>
            measureEngine('postgres', url, null, dataDir, llm),
          ),
        );
      }
    } else if (!pgBase) {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const r of results) report(r);
  console.log(
    `\n${STREAMS} streams of 50 chunks 40 ms apart (fake model on loopback); VmRSS sampled every ` +
      `20 ms; node ${process.version}; load average ${loadAverage()}; ` +
      `total ${seconds(performance.now() - started)}.`,
  );
  if (results.some((r) => r.complete !== STREAMS)) {
    console.error('\n[bench] some streams failed (above)');
    process.exitCode = 1;
  }
}

runBench(main);
