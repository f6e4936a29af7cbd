/**
 * JavaScript a first visit downloads, gzipped, per route — measured from the build output.
 *
 * For a route it adds up, once each:
 * - the entry script of dist/index.html and every `<link rel="modulepreload">` it lists (with the
 *   entry's static imports from the Vite manifest, which are the same files);
 * - the translation catalogs main.tsx fetches for that path before the first render, in the
 *   default language (`namespacesFor`, src/lib/route-namespaces.ts → src/locales/pt-BR/<ns>.json);
 * - the router's lazy screens for that path (ROUTE_MODULES), each with its static imports,
 *   followed recursively through the manifest.
 * Dynamic imports started after the first paint (analytics, toasts, the Better Auth client and zod
 * on submit, the other language) are not counted: they are not on the path to the first paint.
 *
 * Sizes are gzip at level 9, as the build's precompress plugin writes the `.gz` files the server
 * sends. KB here means 1000 bytes (as Vite prints sizes).
 *
 * A module is found in the chunk that holds it, which since decision 0039 is often a group of
 * several modules (scripts/first-paint-chunks.ts) rather than a chunk of its own: the build that is
 * measured carries `chunkModules()`, which writes CHUNK_MODULES_FILE (module → chunk file).
 *
 * Used by first-load.test.ts (which builds into a temporary folder with a manifest and that
 * plugin) and from the command line: `node apps/web/scripts/first-load.ts [outDir]` on such a
 * build.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE } from '../../../packages/shared/src/constants.ts';
import { namespacesFor } from '../src/lib/route-namespaces.ts';
import { chunksByModule } from './route-preloads.ts';

/** The lazy screens React Router renders for each measured path (keys of the Vite manifest). */
export const ROUTE_MODULES = {
  '/': ['src/app/routes/home.tsx'],
  '/auth': ['src/app/routes/auth.tsx'],
  '/dashboard': ['src/app/routes/dashboard-layout.tsx', 'src/app/routes/dashboard-index.tsx'],
  // The signed-in screens bench:web measures (issue 16): their lists, without zod or the AI SDK.
  '/dashboard/student': ['src/app/routes/dashboard-layout.tsx', 'src/app/routes/student.tsx'],
  '/dashboard/chat': ['src/app/routes/dashboard-layout.tsx', 'src/app/routes/chat.tsx'],
} as const satisfies Record<string, readonly string[]>;

export type MeasuredRoute = keyof typeof ROUTE_MODULES;

/**
 * What main.tsx imports dynamically and awaits before the first render on a first visit (no
 * remembered language): the default language's catalogs of the path.
 */
export function bootModules(route: string): string[] {
  return namespacesFor(route).map((ns) => `src/locales/${DEFAULT_LANGUAGE}/${ns}.json`);
}

/**
 * Budgets in bytes of gzipped JavaScript (issue 11; the two lists of issue 16). The signed-in
 * screens: 175 KB since the shell's menu and drawer and the chat list's menus and dialogs load on
 * first use (decision 0033, second pass).
 */
export const FIRST_LOAD_BUDGET: Record<MeasuredRoute, number> = {
  '/': 170_000,
  '/auth': 170_000,
  '/dashboard': 175_000,
  '/dashboard/student': 175_000,
  '/dashboard/chat': 175_000,
};

/**
 * At most this many JavaScript files per first load (decision 0039): each costs a round trip on
 * one of the browser's six HTTP/1.1 connections, and the files in flight share the link with the
 * framework chunk. Before the first-paint groups (Lighthouse's count): 12 (/), 23 (/auth), 28
 * (/dashboard/student), 23 (/dashboard/chat).
 */
export const FIRST_LOAD_FILES: Record<MeasuredRoute, number> = {
  '/': 8,
  '/auth': 16,
  '/dashboard': 10,
  '/dashboard/student': 10,
  '/dashboard/chat': 10,
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  gzip: number;
}

export interface RouteFirstLoad {
  route: MeasuredRoute;
  /** Every JavaScript file counted, largest first. */
  files: FileSize[];
  /** The app's source modules in them (paths from the web app's root: src/…). */
  sources: string[];
  gzip: number;
  budget: number;
}

export async function readManifest(outDir: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch (err) {
    throw new Error(`${outDir} has no Vite manifest: build with --manifest`, { cause: err });
  }
}

/** Written by `chunkModules()` into the build: `{ "src/app/router.tsx": "assets/app-shell-….js" }`. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export type ChunkModules = Record<string, string>;

/** A build plugin that writes CHUNK_MODULES_FILE: the chunk file of every module of the web app. */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'aprenda:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: ChunkModules = {};
      for (const [path, chunk] of chunksByModule(bundle, root)) {
        if (path.startsWith('src/')) map[path] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(map) });
    },
  };
}

export async function readChunkModules(outDir: string): Promise<ChunkModules> {
  try {
    return JSON.parse(await readFile(join(outDir, CHUNK_MODULES_FILE), 'utf8')) as ChunkModules;
  } catch (err) {
    throw new Error(`${outDir} has no ${CHUNK_MODULES_FILE}: build with chunkModules()`, {
      cause: err,
    });
  }
}

/** The manifest key of the chunk that holds the module `src` (its own chunk, or a group). */
export function keyOfModule(manifest: Manifest, modules: ChunkModules, src: string): string {
  if (manifest[src]) return src;
  const file = modules[src];
  const key = file ? keyOf(manifest, file) : undefined;
  if (!key) throw new Error(`"${src}" is in no chunk of the build`);
  return key;
}

/** The entry script and the modulepreloads of index.html, as paths inside outDir. */
export function entryScripts(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url) out.push(url.replace(/^\//, ''));
  }
  return out;
}

/** The manifest key whose chunk is `file`. */
function keyOf(manifest: Manifest, file: string): string | undefined {
  return Object.entries(manifest).find(([, chunk]) => chunk.file === file)?.[0];
}

/** `keys` and, recursively, their static imports: the chunk files they pull in. */
export function staticClosure(
  manifest: Manifest,
  keys: readonly string[],
  seen = new Set<string>(),
) {
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build's manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizeCache = new Map<string, number>();

async function gzipSize(outDir: string, file: string): Promise<number> {
  const path = join(outDir, file);
  const cached = sizeCache.get(path);
  if (cached !== undefined) return cached;
  const raw = await readFile(path);
  const size = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).byteLength;
  sizeCache.set(path, size);
  return size;
}

/** First-load JavaScript of every measured route in a build made with a manifest. */
export async function measureFirstLoad(outDir: string): Promise<RouteFirstLoad[]> {
  sizeCache.clear();
  const manifest = await readManifest(outDir);
  const modules = await readChunkModules(outDir);
  const keysOf = (sources: readonly string[]) =>
    sources.map((src) => keyOfModule(manifest, modules, src));
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const fromHtml = entryScripts(html);
  const entryKey = fromHtml[0] ? keyOf(manifest, fromHtml[0]) : undefined;
  if (!entryKey || !manifest[entryKey]?.isEntry) throw new Error('index.html has no entry script');
  const entryKeys = new Set<string>();
  const entry = new Set([...fromHtml, ...staticClosure(manifest, [entryKey], entryKeys)]);

  const results: RouteFirstLoad[] = [];
  for (const route of Object.keys(ROUTE_MODULES) as MeasuredRoute[]) {
    const keys = new Set(entryKeys);
    const all = new Set([
      ...entry,
      ...staticClosure(manifest, keysOf(bootModules(route)), keys),
      ...staticClosure(manifest, keysOf(ROUTE_MODULES[route]), keys),
    ]);
    const sources = Object.keys(modules)
      .filter((src) => all.has(modules[src]!))
      .sort();
    const files = await Promise.all(
      [...all].map(async (file) => ({ file, gzip: await gzipSize(outDir, file) })),
    );
    files.sort((a, b) => b.gzip - a.gzip);
    results.push({
      route,
      files,
      sources,
      gzip: files.reduce((sum, f) => sum + f.gzip, 0),
      budget: FIRST_LOAD_BUDGET[route],
    });
  }
  return results;
}

export function formatReport(results: RouteFirstLoad[]): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  return results
    .map(
      (r) =>
        `${r.route.padEnd(19)} ${kb(r.gzip).padStart(9)} gz (budget ${kb(r.budget)})\n` +
        r.files.map((f) => `    ${kb(f.gzip).padStart(9)}  ${f.file}`).join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const results = await measureFirstLoad(outDir);
  process.stdout.write(`${formatReport(results)}\n`);
  if (results.some((r) => r.gzip > r.budget)) process.exitCode = 1;
}
