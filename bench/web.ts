/**
 * `npm run bench:web` — issue 16, point 4: the first paint on a cheap phone. Lighthouse (the
 * `lighthouse` package, its default mobile config: a Moto G Power-class screen, simulated slow 4G
 * and a 4× slower CPU) audits, BENCH_RUNS (default 3) times each, with the median reported:
 *
 * - `/` and `/auth`, signed out;
 * - `/dashboard/student` and `/dashboard/chat`, signed in as the demo student (Lucas), whose
 *   session cookie is sent with every request (Lighthouse's `extraHeaders`), as the browser sends
 *   the cookie Better Auth set at sign-in.
 *
 * The real server (`node apps/server/src/server.ts`, development mode so the demo accounts and
 * their class are seeded, on a fresh SQLite file in a temp folder) serves a production web build
 * (`npm run build`, run first when `apps/web/dist` is missing) to the system Chromium
 * (CHROME_PATH or CHROMIUM_PATH, default /usr/bin/chromium) launched by chrome-launcher.
 *
 * BENCH_WEB_REPORTS=/some/folder keeps each run's Lighthouse report (JSON) there.
 * BENCH_WEB_BREAKDOWN=1 prints, for every run, where Lighthouse's simulation (Lantern)
 * puts every request and main-thread task before the LCP it estimates: start, end, duration and
 * bytes — what to shorten (decision 0039).
 * BENCH_WEB_ROOT=/path/to/a/checkout runs that tree's server and build instead of this one (to
 * measure a previous commit: `git archive HEAD | tar -x -C /tmp/x`, node_modules symlinked).
 *
 * Prints page, performance score, LCP, TBT, CLS and the JavaScript transferred, and PASS/FAIL for
 * the targets (score ≥ 95 and LCP ≤ 2.5 s on every page); exits 1 on a miss.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { CHROMIUM_FLAGS, formatTable, root as repoRoot, startServer } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TREE = resolve(process.env.BENCH_WEB_ROOT ?? repoRoot);
/** A folder to keep every run's Lighthouse report (JSON) in, to see what it found. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
const BREAKDOWN = process.env.BENCH_WEB_BREAKDOWN === '1';
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2500;

/** The demo student (apps/server/src/seed.ts): member of the demo class. */
const STUDENT = { email: 'lucas@demo.aprenda.dev', password: 'aprenda-demo' };

interface Page {
  path: string;
  signedIn: boolean;
}

const PAGES: Page[] = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/dashboard/student', signedIn: true },
  { path: '/dashboard/chat', signedIn: true },
];

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  jsBytes: number;
  lcpElement: string;
}

/** The tree's server on 127.0.0.1 and a free port, with demo data on a fresh SQLite file. */
async function startWebServer(dataDir: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const server = await startServer(
    `file:${join(dataDir, 'bench.db')}`,
    dataDir,
    { WEB_DIST: join(TREE, 'apps/web/dist'), SEED_DEMO: 'true' },
    TREE,
  );
  return { origin: server.publicOrigin, stop: server.stop };
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/pb/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(STUDENT),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function audit(
  port: number,
  url: string,
  cookie: string | null,
  reportName: string,
): Promise<Run> {
  // Chromium now and then loses the trace of a navigation (NO_NAVSTART, NO_FCP): that run is
  // tried again, up to twice; any other error, or a third failure, stops the bench.
  let lhr;
  const artifacts = BREAKDOWN ? mkdtempSync(join(tmpdir(), 'aprenda-bench-web-lh-')) : undefined;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      // Keep the trace and network log, to replay the simulation below.
      ...(artifacts ? { gatherMode: artifacts, auditMode: artifacts } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    lhr = result.lhr;
    const code = lhr.runtimeError?.code;
    if (attempt >= 3 || (code !== 'NO_NAVSTART' && code !== 'NO_FCP')) break;
    console.log(`  ${url}: ${code}, run again`);
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (artifacts) {
    await printBreakdown(url, artifacts);
    rmSync(artifacts, { recursive: true, force: true });
  }
  const audits = lhr.audits;
  const numeric = (id: string) => {
    const value = audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`${url}: no ${id}`);
    return value;
  };
  const summary = audits['resource-summary']?.details as
    { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const scripts = summary?.items?.find((i) => i.resourceType === 'script');
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (a `node` item).
  const breakdown = audits['lcp-breakdown-insight']?.details as
    { items?: Array<{ type?: string; snippet?: string; selector?: string }> } | undefined;
  const lcpNode = breakdown?.items?.find((i) => i.type === 'node');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    jsBytes: scripts?.transferSize ?? 0,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}` : '?',
  };
}

/**
 * Lantern's estimate of the LCP, replayed from the saved artifacts: every request and main-thread
 * task of its optimistic graph with its simulated start and end (ms from navigation start).
 */
async function printBreakdown(url: string, folder: string): Promise<void> {
  const artifacts = await loadArtifacts(folder);
  const settings = artifacts.settings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(
    data as never,
    {
      computedCache: new Map(),
      settings,
    } as never,
  );
  const estimate = lcp.optimisticEstimate;
  console.log(`\n  ${url}: simulated LCP (optimistic graph) ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const what =
      node.type === 'network'
        ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B)`
        : `main thread: ${(node.duration / 1000).toFixed(1)} ms observed`;
    const start = Math.round(timing.startTime);
    const end = Math.round(timing.endTime);
    console.log(`    ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${what}`);
  }
}

async function main() {
  if (!existsSync(join(TREE, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: TREE, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-web-'));
  const server = await startWebServer(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROMIUM_FLAGS });
  try {
    const cookie = await signIn(server.origin);
    console.log(`bench:web — ${TREE}, Lighthouse mobile (simulated throttling), ${RUNS} runs\n`);
    const rows: string[][] = [];
    const misses: string[] = [];
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const name = `${page.path.replace(/\//g, '_') || '_'}-${i + 1}`;
        runs.push(
          await audit(
            chrome.port,
            `${server.origin}${page.path}`,
            page.signedIn ? cookie : null,
            name,
          ),
        );
      }
      const score = median(runs.map((r) => r.score));
      const lcp = median(runs.map((r) => r.lcp));
      const pass = score >= TARGET_SCORE && lcp <= TARGET_LCP_MS;
      if (!pass) misses.push(page.path);
      rows.push([
        page.path + (page.signedIn ? ' (signed in)' : ''),
        String(score),
        `${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s`,
        `${(lcp / 1000).toFixed(2)} s`,
        `${Math.round(median(runs.map((r) => r.tbt)))} ms`,
        median(runs.map((r) => r.cls)).toFixed(3),
        (median(runs.map((r) => r.jsBytes)) / 1000).toFixed(1),
        runs.map((r) => r.score).join('/'),
        pass ? 'PASS' : 'FAIL',
      ]);
      console.log(`  ${page.path}: LCP element ${runs[runs.length - 1]!.lcpElement.slice(0, 100)}`);
    }
    console.log(
      `\n${formatTable(
        ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS KB', 'runs', 'target'],
        rows,
        1,
      )}`,
    );
    console.log(
      `\nTargets: performance score ≥ ${TARGET_SCORE} and LCP ≤ ${TARGET_LCP_MS / 1000} s on every page (medians of ${RUNS}). JS KB: scripts transferred (1 KB = 1000 B).`,
    );
    if (misses.length > 0) {
      console.log(`FAIL: ${misses.join(', ')}`);
      process.exitCode = 1;
    } else {
      console.log('PASS');
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
