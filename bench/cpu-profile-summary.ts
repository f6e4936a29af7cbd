/**
 * CPU time per request by kind of work, from V8 CPU profiles (`node --cpu-prof`), for the windows
 * a benchmark measured: `node bench/cpu-profile-summary.ts <profile dir> <bench log>`.
 *
 * Run the benchmark with BENCH_CPU_PROF=<dir> (bench/classes.ts: the app's server and the
 * reference write their profiles there; the log gets a line
 * `[bench] profile window: pid=… from=… to=… requests=… (engine, route)` per measured run, times
 * on CLOCK_MONOTONIC in µs, the clock of the profiles). For each window: the samples of that
 * process's profile inside it, each sample's time (until the next sample) charged to the first
 * kind that matches walking from the sampled frame up its stack (so the SQL driver called from the
 * session check counts as SQL, the HMAC as the session check), divided by the run's requests.
 * Idle samples are left out. Profiling slows the process (≈ 10–20 %): compare shares, and take
 * absolute µs/request from the unprofiled run's CPU column. `--top N` also lists, per window, the N
 * functions with the most self time and the app function each was reached from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatTable } from './lib.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The kinds, in the order of the report; `match` is asked of each frame from the sampled one up.
 * Native calls show as their JS caller's time: better-sqlite3's run inside `all` (db/client.ts's
 * prepared statements, Kysely's SQLite driver, the reference's `session`/`list`), JSON.stringify
 * inside Hono's `json` (the reference's inside `handle`, with its list mapping).
 */
const KINDS: Array<[kind: string, match: (fn: string, url: string) => boolean]> = [
  ['GC', (fn) => fn === '(garbage collector)'],
  [
    'SQL (driver, database)',
    (fn, url) =>
      /better-sqlite3|\/node_modules\/pg(-protocol|-pool|-types)?\//.test(url) ||
      (url.endsWith('db/client.ts') && ['all', 'first', 'get', 'readRow', 'run'].includes(fn)) ||
      (url.endsWith('sqlite-driver.js') && fn === 'executeQuery') ||
      (url.endsWith('classes-reference.ts') && (fn === 'session' || fn === 'list')),
  ],
  [
    'socket writes',
    (fn) => ['writeUtf8String', 'writeBuffer', 'writev', 'writeLatin1String'].includes(fn),
  ],
  ['Kysely build/compile', (_, url) => url.includes('/node_modules/kysely/')],
  [
    'session check',
    (_, url) =>
      /middleware\/session\.ts|records\/session\.queries\.ts|internal\/crypto/.test(url) ||
      url.includes('/node_modules/better-auth/'),
  ],
  [
    'route, list mapping, JSON',
    (fn, url) =>
      /modules\/classes\/|middleware\/cached-json|lib\/cursor|db\/prepared|db\/client|lib\/response-cache|classes-reference\.ts/.test(
        url,
      ) ||
      (url.endsWith('hono/dist/context.js') && fn === 'json') ||
      (url === '' && (fn === 'stringify' || fn === 'parse')),
  ],
  ['web Request/Response/Headers (undici)', (_, url) => url.includes('internal/deps/undici')],
  [
    'HTTP, Hono, middleware',
    (_, url) =>
      /\/node_modules\/(hono|@hono)\/|apps\/server\/src\/|node:_http|node:http|node:net|node:internal\/(streams|stream_base|http|url|timers)|node:events/.test(
        url,
      ),
  ],
  ['other JS', (_, url) => url !== ''],
];

function summarize(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const kindOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = kindOf.get(id);
    if (known) return known;
    let kind = 'other (native, program)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      const hit = KINDS.find(([, match]) => match(functionName, url));
      if (hit) {
        kind = hit[0];
        break;
      }
    }
    kindOf.set(id, kind);
    return kind;
  };
  const totals = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') continue;
    const spent = profile.timeDeltas[i + 1] ?? 0;
    const kind = classify(node.id);
    totals.set(kind, (totals.get(kind) ?? 0) + spent);
  }
  return totals;
}

/**
 * The `n` functions with the most self time in the window, and the app function each was called
 * from (the nearest frame under apps/server/src/), in µs per request.
 */
function topFunctions(profile: Profile, from: number, to: number, requests: number, n: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const where = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^.*\/(node_modules|apps\/server\/src)\//, '$1/');
    return `${functionName || '(anonymous)'} ${file}:${(lineNumber ?? 0) + 1}`;
  };
  const appCaller = (id: number) => {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      if (byId.get(at)!.callFrame.url.includes('apps/server/src/')) return where(at);
    }
    return '';
  };
  const totals = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const key = `${where(id)}\t${appCaller(id)}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => [...key.split('\t'), (us / requests).toFixed(1)]);
}

function main() {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 0;
  const [dir, log] = args;
  if (!dir || !log) {
    console.error('usage: node bench/cpu-profile-summary.ts <profile dir> <bench log> [--top N]');
    process.exit(2);
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const windows = [
    ...readFileSync(log, 'utf8').matchAll(
      /profile window: pid=(\d+) from=(\d+) to=(\d+) requests=(\d+) \((.+)\)/g,
    ),
  ];
  const kinds = [...KINDS.map(([k]) => k), 'other (native, program)'];
  const header = ['run', ...kinds, 'total µs/req'];
  const body: string[][] = [];
  for (const [, pid, from, to, requests, label] of windows) {
    const file = files.find((f) => f.split('.').includes(pid!));
    if (!file) {
      console.error(`no profile of pid ${pid} in ${dir}`);
      continue;
    }
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
    const totals = summarize(profile, Number(from), Number(to));
    const n = Number(requests);
    const all = [...totals.values()].reduce((a, b) => a + b, 0);
    body.push([
      label!,
      ...kinds.map((k) => ((totals.get(k) ?? 0) / n).toFixed(0)),
      (all / n).toFixed(0),
    ]);
    if (top > 0) {
      console.log(`\n${label}: the ${top} functions with the most self time, µs/request`);
      console.log(
        formatTable(
          ['function', 'called from (app)', 'µs/req'],
          topFunctions(profile, Number(from), Number(to), n, top),
        ),
      );
    }
  }
  console.log(formatTable(header, body, 1));
}

main();
