/**
 * `npm run bench:tools-web` — issue 15, point 7: what the whiteboard and the diagram editor cost a
 * cheap phone. For each tool it prints
 * - the gzipped JavaScript and CSS its route fetches beyond what `/dashboard` already fetched
 *   (the route's own chunks: Excalidraw, CodeMirror, mermaid…), and the fonts it fetches;
 * - the time from navigation to an editable screen on a first visit (empty cache), with the CPU
 *   throttled 4× through the DevTools protocol, median and worst of BENCH_RUNS (default 5) runs.
 *
 * "Editable" is the moment the screen accepts input: Excalidraw's shape toolbar is on screen
 * (it is hidden in view mode), or CodeMirror's editable content and the preview's SVG are.
 *
 * The real server (SQLite in a temp folder) serves the web build in apps/web/dist (built first
 * when missing) to the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, root, startServer } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dist = join(root, 'apps/web/dist');

interface Tool {
  name: string;
  path: (id: string) => string;
  /** Present once the screen accepts input. */
  ready: string;
}

const TOOLS: Tool[] = [
  {
    name: 'whiteboard',
    path: (id) => `/dashboard/whiteboard/${id}`,
    ready: '.excalidraw [data-testid="toolbar-rectangle"]',
  },
  {
    name: 'diagrams',
    path: (id) => `/dashboard/mermaid/${id}`,
    ready: '.cm-content[contenteditable="true"]',
  },
];

function gzipped(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION })
    .byteLength;
}

/** Runs in the page: notes when `selector` first appears (performance.now()). */
function noteReady(selector: string) {
  const w = window as unknown as { __readyAt?: number };
  const check = () => {
    if (w.__readyAt === undefined && document.querySelector(selector)) {
      w.__readyAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** Same-origin files (paths inside dist) the page fetched so far. */
async function fetchedFiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/'))
      .map((u) => u.pathname.slice(1)),
  );
}

async function signUpTeacher(page: Page) {
  const id = Date.now().toString(36);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome', { exact: true }).fill(`Professora Bench ${id}`);
  await page.getByLabel('E-mail', { exact: true }).fill(`bench-${id}@example.com`);
  await page.getByLabel('Senha', { exact: true }).fill(`senha-forte-${id}`);
  await page.getByRole('radio', { name: 'Professor(a)', exact: true }).check();
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
  await page.waitForURL(/\/dashboard\/?$/);
}

async function createRecords(page: Page, origin: string): Promise<Record<string, string>> {
  const headers = { Origin: origin };
  const board = await page.request.post('/api/boards', {
    headers,
    data: { title: 'Bench', scene: { type: 'excalidraw', elements: [], appState: {} } },
  });
  const diagram = await page.request.post('/api/diagrams', {
    headers,
    data: {
      title: 'Ciclo da água',
      description: 'Evaporação, condensação e precipitação em ciclo.',
      code: 'flowchart TD\n  A[Evaporação] --> B[Condensação]\n  B --> C[Precipitação]\n  C --> A',
    },
  });
  if (!board.ok() || !diagram.ok()) {
    throw new Error(`creating records failed: ${board.status()} ${diagram.status()}`);
  }
  return {
    whiteboard: ((await board.json()) as { id: string }).id,
    diagrams: ((await diagram.json()) as { id: string }).id,
  };
}

/** One first visit of `path` in a fresh context (empty cache), CPU throttled. */
async function visit(
  browser: Browser,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
  origin: string,
  path: string,
  ready: string,
): Promise<{ ms: number; files: string[] }> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'pt-BR',
    storageState: state,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(noteReady, ready);
    await page.goto(path);
    await page.waitForSelector(ready, { timeout: 120_000 });
    const ms = await page.evaluate(
      () => (window as unknown as { __readyAt?: number }).__readyAt ?? performance.now(),
    );
    await page.waitForLoadState('networkidle');
    return { ms, files: await fetchedFiles(page) };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@aprenda/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'aprenda-bench-tools-'));
  const server = await startServer(`file:${join(dataDir, 'bench.db')}`, dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ baseURL: server.publicOrigin, locale: 'pt-BR' });
    const page = await context.newPage();
    await signUpTeacher(page);
    const ids = await createRecords(page, server.publicOrigin);
    const state = await context.storageState();
    await context.close();

    // What the dashboard itself fetches: not the tools' cost.
    const base = await visit(browser, state, server.publicOrigin, '/dashboard', 'main h1');
    const baseFiles = new Set(base.files);

    const rows: string[] = [];
    for (const tool of TOOLS) {
      const times: number[] = [];
      let files: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await visit(
          browser,
          state,
          server.publicOrigin,
          tool.path(ids[tool.name]!),
          tool.ready,
        );
        times.push(run.ms);
        files = run.files;
      }
      const own = [...new Set(files)].filter((f) => !baseFiles.has(f) && existsSync(join(dist, f)));
      const js = own.filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipped(f), 0);
      const css = own.filter((f) => f.endsWith('.css')).reduce((s, f) => s + gzipped(f), 0);
      const fonts = own
        .filter((f) => /\.(woff2?|ttf)$/.test(f))
        .reduce((s, f) => s + statSync(join(dist, f)).size, 0);
      rows.push(
        `| ${tool.name} | ${(js / 1000).toFixed(1)} KB | ${(css / 1000).toFixed(1)} KB | ` +
          `${(fonts / 1000).toFixed(1)} KB | ${Math.round(median(times))} ms | ` +
          `${Math.round(Math.max(...times))} ms |`,
      );
    }
    console.log(
      `\nTools' route cost (beyond /dashboard), first visit, CPU ${CPU_SLOWDOWN}× slower, ${RUNS} runs\n`,
    );
    console.log('| tool | route JS (gzip) | route CSS (gzip) | fonts | editable, median | worst |');
    console.log('|:--|--:|--:|--:|--:|--:|');
    for (const row of rows) console.log(row);
    console.log(`\n/dashboard itself: editable screen in ${Math.round(base.ms)} ms (one run).`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
