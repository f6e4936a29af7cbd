/**
 * Conversations and AI tutor benchmark: `npm run bench:conversations`.
 *
 * One student with 10,000 conversations × 20 messages (bench/seed-conversations.ts). SQLite always
 * — the seeded file is cached in bench/.cache/ under a key of the seed version and the migrations,
 * and copied for each run — and PostgreSQL when BENCH_DATABASE_URL=postgres://… is set (a fresh
 * database is created, seeded, and dropped). Loopback only; a local OpenAI-compatible streaming
 * server (apps/server/test/fake-llm.ts) stands in for the provider. For each engine:
 *
 * 1. autocannon (BENCH_CONNECTIONS=50, BENCH_DURATION=10 s, after a 2 s warm-up) on the first page
 *    of `GET /api/conversations` and on two searches (`?q=fotossintese`, `?q=revolucao francesa`);
 * 2. time to first token: BENCH_CHATS (200) sequential chats through our server versus the same
 *    request straight to the provider (each with a fixed FIRST_TOKEN_DELAY_MS before its first
 *    token), alternating which goes first; the added latency is the difference of the quantiles;
 * 3. BENCH_STREAMS (200) concurrent chats (50 chunks over ~2 s each) on a fresh server process:
 *    every stream must finish with the full text, stored as `complete`; the server's resident
 *    memory is sampled from /proc every 20 ms (and its VmHWM read at the end).
 *
 * Prints one table with every figure and the targets — list and search p99 ≤ 25 ms, added first
 * token latency p50 ≤ 10 ms, no failed stream — as PASS/FAIL; exits 1 when one is missed.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type LlmStep } from '../apps/server/test/fake-llm.ts';
import { chatDirect, chatThroughServer, memoryOf, quantile, sampleRss } from './chat-stream.ts';
import {
  CONNECTIONS,
  DURATION,
  formatTable,
  loadAverage,
  measure,
  runBench,
  startServer,
  type Row,
  type RunningServer,
} from './lib.ts';
import {
  CONVERSATION_SEED_VERSION,
  conversationSeedSizes,
  createBenchSession,
  seedConversations,
} from './seed-conversations.ts';
import {
  BENCH_SECRET,
  seconds,
  seededSqliteFile,
  withSeededPostgres,
  type DataSet,
} from './seed-lib.ts';

const SECRET = BENCH_SECRET;
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const FIRST_TOKEN_DELAY_MS = 20;
const P99_TARGET_MS = 25;
const ADDED_P50_TARGET_MS = 10;
const WARM_UP_CHATS = 10;

const LIST = 'GET /api/conversations (first page)';
const SEARCHES = [
  { label: 'GET /api/conversations?q=fotossintese', q: 'fotossintese' },
  { label: 'GET /api/conversations?q=revolucao francesa', q: 'revolucao francesa' },
];

const ms1 = (n: number) => n.toFixed(1);

interface ChatFigures {
  direct: { p50: number; p99: number };
  server: { p50: number; p99: number };
  added: { p50: number; p99: number };
  chats: number;
  failed: number;
}

interface StreamFigures {
  streams: number;
  complete: number;
  failed: number;
  firstFailure: string | null;
  wallMs: number;
  idleRss: number;
  peakRss: number;
  hwm: number;
}

interface EngineResult {
  engine: string;
  rows: Row[];
  chat: ChatFigures;
  streams: StreamFigures;
}

const DATA: DataSet<Awaited<ReturnType<typeof seedConversations>>['counts']> = {
  name: 'conversations',
  seeder: 'bench/seed-conversations.ts',
  key: { CONVERSATION_SEED_VERSION, sizes: conversationSeedSizes() },
  seed: (url) => seedConversations(url),
  describe: (c) =>
    `${c.conversations.toLocaleString('en')} conversations, ` +
    `${c.messages.toLocaleString('en')} messages`,
};

interface ConversationItem {
  id: string;
  title: string;
  pinned: boolean;
}
interface ConversationPage {
  items: ConversationItem[];
  nextCursor: string | null;
}

async function getJson<T>(origin: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as T;
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Before measuring: the first page is full and pinned first; both searches find conversations. */
async function sanityCheck(origin: string, token: string) {
  const first = await getJson<ConversationPage>(origin, token, '/api/conversations');
  const pinned = first.items.filter((c) => c.pinned).length;
  if (first.items.length !== 50 || !first.nextCursor || pinned === 0 || !first.items[0]!.pinned) {
    throw new Error(
      `first page: ${first.items.length} items, ${pinned} pinned, cursor ${first.nextCursor}`,
    );
  }
  const found: string[] = [];
  for (const { q } of SEARCHES) {
    const page = await getJson<ConversationPage>(
      origin,
      token,
      `/api/conversations?q=${encodeURIComponent(q)}`,
    );
    if (page.items.length === 0) throw new Error(`search ${q}: nothing found`);
    found.push(`${q}: ${page.items.length}${page.nextCursor ? '+' : ''}`);
  }
  // Accent-insensitive: the accented query finds the same first page.
  const plain = await getJson<ConversationPage>(origin, token, '/api/conversations?q=fotossintese');
  const accented = await getJson<ConversationPage>(
    origin,
    token,
    `/api/conversations?q=${encodeURIComponent('Fotossíntese')}`,
  );
  if (plain.items.map((c) => c.id).join() !== accented.items.map((c) => c.id).join()) {
    throw new Error('"Fotossíntese" and "fotossintese" found different conversations');
  }
  return found.join(', ');
}

async function benchReads(
  engine: string,
  databaseUrl: string,
  dataDir: string,
  token: string,
): Promise<Row[]> {
  const server = await startServer(databaseUrl, dataDir, {
    APP_SECRET: SECRET,
    SEED_DEMO: 'false',
  });
  try {
    console.log(
      `[bench] ${engine}: sanity check passed (${await sanityCheck(server.origin, token)})`,
    );
    const headers = { authorization: `Bearer ${token}` };
    const targets = [
      { label: LIST, path: '/api/conversations' },
      ...SEARCHES.map((s) => ({
        label: s.label,
        path: `/api/conversations?q=${encodeURIComponent(s.q)}`,
      })),
    ];
    const rows: Row[] = [];
    for (const t of targets) {
      const options = { url: `${server.origin}${t.path}`, headers };
      await measure(t.label, engine, { ...options, duration: 2 }); // warm-up, not measured
      console.log(`[bench] ${engine}: ${t.label} (${CONNECTIONS} connections, ${DURATION} s)`);
      rows.push(await measure(t.label, engine, options, server.pid));
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** Conversation ids with a title (no title generation in the way), newest first. */
async function titledConversations(origin: string, token: string, count: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: ConversationPage = await getJson<ConversationPage>(
      origin,
      token,
      `/api/conversations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    for (const c of page.items) if (c.title !== '') ids.push(c.id);
    cursor = page.nextCursor;
  } while (cursor && ids.length < count);
  if (ids.length < count) throw new Error(`only ${ids.length} titled conversations`);
  return ids.slice(0, count);
}

const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

async function benchChat(
  engine: string,
  server: RunningServer,
  llm: FakeLlm,
  token: string,
  ids: string[],
): Promise<ChatFigures> {
  const chunks = words(10, 'fotossíntese-');
  const expected = chunks.join('');
  const step: LlmStep = {
    kind: 'answer',
    chunks,
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
    delayMs: 2,
  };
  const direct: number[] = [];
  const through: number[] = [];
  let failed = 0;
  let firstFailure = '';
  const question = 'Como funciona a fotossíntese? Explique com um exemplo do dia a dia.';
  for (let i = 0; i < WARM_UP_CHATS + CHATS; i++) {
    const viaServer = async () => {
      llm.script(step);
      const r = await chatThroughServer(server.origin, token, ids[i]!, question);
      const ok =
        r.status === 200 && !r.errorText && r.text === expected && r.types.at(-1) === 'finish';
      if (!ok) {
        failed++;
        firstFailure ||= `server: ${r.status} ${r.errorText ?? ''} ${r.types.join(',')}`;
      } else if (i >= WARM_UP_CHATS) through.push(r.firstTokenMs!);
    };
    const straight = async () => {
      llm.script(step);
      const r = await chatDirect(llm.url, question);
      if (r.status !== 200 || r.text !== expected || r.types.at(-1) !== 'done') {
        failed++;
        firstFailure ||= `direct: ${r.status} ${r.errorText ?? ''}`;
      } else if (i >= WARM_UP_CHATS) direct.push(r.firstTokenMs!);
    };
    // Alternate which goes first, so drift (other processes, GC) hits both sides alike.
    if (i % 2 === 0) {
      await straight();
      await viaServer();
    } else {
      await viaServer();
      await straight();
    }
  }
  if (firstFailure) console.error(`[bench] ${engine}: first chat failure: ${firstFailure}`);
  const d = { p50: quantile(direct, 0.5), p99: quantile(direct, 0.99) };
  const s = { p50: quantile(through, 0.5), p99: quantile(through, 0.99) };
  return {
    direct: d,
    server: s,
    added: { p50: s.p50 - d.p50, p99: s.p99 - d.p99 },
    chats: CHATS,
    failed,
  };
}

async function benchStreams(
  server: RunningServer,
  llm: FakeLlm,
  token: string,
  ids: string[],
): Promise<StreamFigures> {
  const chunks = words(50, 'célula-');
  const expected = chunks.join('');
  for (let i = 0; i < ids.length; i++) {
    llm.script({ kind: 'answer', chunks, firstTokenDelayMs: FIRST_TOKEN_DELAY_MS, delayMs: 40 });
  }
  const idleRss = memoryOf(server.pid).rss;
  const sampler = sampleRss(server.pid);
  const started = performance.now();
  const results = await Promise.all(
    ids.map((id) =>
      chatThroughServer(server.origin, token, id, 'Explique a divisão celular, por favor.').catch(
        (err: unknown) => ({ status: 0, errorText: String(err), text: '', types: [] as string[] }),
      ),
    ),
  );
  const wallMs = performance.now() - started;
  const peakRss = sampler.stop();
  const { hwm } = memoryOf(server.pid);
  let complete = 0;
  let firstFailure: string | null = null;
  for (const [i, r] of results.entries()) {
    let ok = r.status === 200 && !r.errorText && r.text === expected && r.types.at(-1) === 'finish';
    if (ok) {
      // Stored as it was streamed: the newest message is the complete answer.
      const page = await getJson<{ items: Array<{ role: string; status: string; text: string }> }>(
        server.origin,
        token,
        `/api/conversations/${ids[i]}/messages?limit=2`,
      );
      const last = page.items.at(-1);
      ok = last?.role === 'assistant' && last.status === 'complete' && last.text === expected;
      if (!ok) firstFailure ??= `stored answer: ${JSON.stringify(last).slice(0, 200)}`;
    } else {
      firstFailure ??= `stream: ${r.status} ${r.errorText ?? ''} ${r.types.slice(-3).join(',')}`;
    }
    if (ok) complete++;
  }
  return {
    streams: ids.length,
    complete,
    failed: ids.length - complete,
    firstFailure,
    wallMs,
    idleRss,
    peakRss,
    hwm,
  };
}

async function benchEngine(
  engine: string,
  databaseUrl: string,
  dataDir: string,
  llm: FakeLlm,
): Promise<EngineResult> {
  const token = await createBenchSession(databaseUrl, SECRET);
  const rows = await benchReads(engine, databaseUrl, dataDir, token);

  // Chats on a fresh server process (its memory is the chats' alone).
  const server = await startServer(databaseUrl, dataDir, {
    APP_SECRET: SECRET,
    SEED_DEMO: 'false',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: llm.url,
    CHAT_RATE_LIMIT_MAX: '1000000',
  });
  try {
    const ids = await titledConversations(server.origin, token, WARM_UP_CHATS + CHATS + STREAMS);
    console.log(
      `[bench] ${engine}: ${CHATS} sequential chats (first token after ${FIRST_TOKEN_DELAY_MS} ms)`,
    );
    const chat = await benchChat(engine, server, llm, token, ids.slice(0, WARM_UP_CHATS + CHATS));
    console.log(`[bench] ${engine}: ${STREAMS} concurrent streams`);
    const streams = await benchStreams(server, llm, token, ids.slice(WARM_UP_CHATS + CHATS));
    if (streams.firstFailure) console.error(`[bench] ${engine}: ${streams.firstFailure}`);
    return { engine, rows, chat, streams };
  } finally {
    await server.stop();
  }
}

function report(results: EngineResult[]): boolean {
  const header = [
    'engine',
    'measurement',
    'req/s',
    'p50 ms',
    'p99 ms',
    'detail',
    'target',
    'result',
  ];
  const body: string[][] = [];
  let ok = true;
  const verdict = (pass: boolean) => {
    ok &&= pass;
    return pass ? 'PASS' : 'FAIL';
  };
  for (const { engine, rows, chat, streams } of results) {
    for (const r of rows) {
      body.push([
        engine,
        r.route,
        r.reqPerSec.toFixed(0),
        ms1(r.p50),
        ms1(r.p99),
        `${r.cpuUsPerRequest !== undefined ? `${r.cpuUsPerRequest.toFixed(0)} µs server CPU/request, ` : ''}` +
          `${r.total} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
        `p99 ≤ ${P99_TARGET_MS} ms`,
        verdict(r.p99 <= P99_TARGET_MS && r.errors === 0 && r.non2xx === 0),
      ]);
    }
    body.push([
      engine,
      'first token: provider directly',
      '',
      ms1(chat.direct.p50),
      ms1(chat.direct.p99),
      `${chat.chats} chats, provider waits ${FIRST_TOKEN_DELAY_MS} ms`,
      '',
      '',
    ]);
    body.push([
      engine,
      'first token: through our server',
      '',
      ms1(chat.server.p50),
      ms1(chat.server.p99),
      `${chat.failed} failed`,
      '',
      '',
    ]);
    body.push([
      engine,
      'first token: added by our server',
      '',
      ms1(chat.added.p50),
      ms1(chat.added.p99),
      'difference of the quantiles',
      `p50 ≤ ${ADDED_P50_TARGET_MS} ms`,
      verdict(chat.added.p50 <= ADDED_P50_TARGET_MS && chat.failed === 0),
    ]);
    body.push([
      engine,
      `${streams.streams} concurrent streams`,
      '',
      '',
      '',
      `${streams.complete}/${streams.streams} complete and stored, ${streams.failed} failed, ` +
        `all done in ${seconds(streams.wallMs)}`,
      'no error',
      verdict(streams.failed === 0),
    ]);
    body.push([
      engine,
      'server memory (RSS) during the streams',
      '',
      '',
      '',
      `peak ${streams.peakRss.toFixed(0)} MiB (before ${streams.idleRss.toFixed(0)} MiB, ` +
        `VmHWM ${streams.hwm.toFixed(0)} MiB)`,
      '(reported)',
      '',
    ]);
  }
  console.log(`\n${formatTable(header, body, 2)}`);
  return ok;
}

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-conversations-'));
  const llm = await startFakeLlm();
  const results: EngineResult[] = [];
  try {
    const cached = await seededSqliteFile(DATA);
    const file = join(dataDir, 'bench.db');
    copyFileSync(cached, file);
    results.push(await benchEngine('sqlite', `file:${file}`, dataDir, llm));

    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      results.push(
        await withSeededPostgres(pgUrl, DATA, dataDir, (url) =>
          benchEngine('postgres', url, dataDir, llm),
        ),
      );
    } else {
      console.log('\n[bench] BENCH_DATABASE_URL not set: PostgreSQL run skipped');
    }
  } finally {
    await llm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const ok = report(results);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up, loopback; one ` +
      `student's bearer token; ${CHATS} sequential chats after ${WARM_UP_CHATS} warm-up ones; ` +
      `${STREAMS} streams of 50 chunks 40 ms apart; node ${process.version}; request log off ` +
      `(LOG_LEVEL=warn); load average ${loadAverage()}; total ${seconds(performance.now() - started)}.`,
  );
  if (!ok) {
    console.error('\n[bench] a target was missed or a request failed (FAIL above)');
    process.exitCode = 1;
  }
}

runBench(main);
