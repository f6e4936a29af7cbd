// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type PluginOption } from 'vite';
import { namespacesFor, SHELL_NAMESPACES } from '../src/lib/route-namespaces';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './route-preloads';
import config from '../vite.config';
import {
  chunkModules,
  FIRST_LOAD_BUDGET,
  FIRST_LOAD_FILES,
  keyOfModule,
  readChunkModules,
  formatReport,
  measureFirstLoad,
  readManifest,
  staticClosure,
  type MeasuredRoute,
  type RouteFirstLoad,
} from './first-load';

/**
 * Issue 11: the JavaScript a first visit downloads before the first paint, gzipped, stays within
 * 170 KB for / and /auth and 175 KB for the signed-in screens. Builds the app (as `npm run build`
 * does, into a temporary folder, with a manifest and without the .br/.gz files) and measures it.
 */

const BUILD_TIMEOUT_MS = 240_000;

function withoutPrecompress(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? [])
    .flat(Infinity as 1)
    .filter(
      (p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'aprenda:precompress'),
    );
}

let outDir = '';
let results: RouteFirstLoad[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'aprenda-first-load-'));
  // A production build, as `vite build` makes it (Vitest runs with NODE_ENV=test).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      ...config,
      configFile: false,
      mode: 'production',
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'error',
      plugins: [...withoutPrecompress(config.plugins), chunkModules()],
      build: { ...config.build, outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  results = await measureFirstLoad(outDir);
  process.stdout.write(`First-load JavaScript (gzip -9):\n${formatReport(results)}\n`);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

function route(path: MeasuredRoute): RouteFirstLoad {
  const found = results.find((r) => r.route === path);
  if (!found) throw new Error(`${path} was not measured`);
  return found;
}

describe('first load', () => {
  it.each(Object.keys(FIRST_LOAD_BUDGET) as MeasuredRoute[])(
    '%s stays within its budget of gzipped JavaScript',
    (path) => {
      const measured = route(path);
      expect(measured.files.length).toBeGreaterThan(3);
      expect(measured.gzip, formatReport([measured])).toBeLessThanOrEqual(FIRST_LOAD_BUDGET[path]);
      expect(measured.files.length, formatReport([measured])).toBeLessThanOrEqual(
        FIRST_LOAD_FILES[path],
      );
    },
  );

  it('the route preloads the server links in index.html are the first load beyond index.html', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const manifest = await readManifest(outDir);
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const inHtml = new Set(staticClosure(manifest, [entryKey!]));
    expect(html).toContain(`src="/${[...inHtml][0]}"`);
    const table = JSON.parse(
      await readFile(join(outDir, ROUTE_PRELOADS_FILE), 'utf8'),
    ) as RoutePreloads;
    for (const measured of results) {
      const preloads = table.routes.find((r) => r.path === measured.route);
      expect(preloads, measured.route).toBeDefined();
      const beyond = measured.files.map((f) => f.file).filter((f) => !inHtml.has(f));
      expect([...preloads!.files].sort(), measured.route).toEqual(beyond.sort());
    }
  });

  it('fetches the screen’s Portuguese catalogs only: no English, no catalog of another screen', () => {
    for (const measured of results) {
      const catalogs = measured.sources.filter((src) => src.startsWith('src/locales/'));
      // The shell's namespaces travel as one file (first-paint-chunks.ts): a screen that needs
      // one of them gets the three.
      const needed = namespacesFor(measured.route);
      const namespaces = needed.some((ns) => (SHELL_NAMESPACES as readonly string[]).includes(ns))
        ? new Set([...needed, ...SHELL_NAMESPACES])
        : new Set(needed);
      // "common" is in the entry, in both languages (lib/i18n.ts): every screen has it.
      const expected = [...namespaces].map((ns) => `src/locales/pt-BR/${ns}.json`);
      expected.push('src/locales/en/common.json', 'src/locales/pt-BR/common.json');
      expect(catalogs.sort(), measured.route).toEqual(expected.sort());
    }
  });

  it('finds every module of a group in the group’s chunk', async () => {
    const manifest = await readManifest(outDir);
    const modules = await readChunkModules(outDir);
    // The dashboard layout is in app-shell, which index.html loads.
    const layout = keyOfModule(manifest, modules, 'src/app/routes/dashboard-layout.tsx');
    expect(manifest[layout]?.file).toMatch(/^assets\/app-shell-[\w-]+\.js$/);
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(html).toContain(manifest[layout]!.file);
  });

  it('leaves toasts, the Better Auth client, zod and PostHog out of every first load', async () => {
    const markers = {
      sonner: 'data-sonner-toaster',
      'better-auth': 'better-auth',
      zod: '$ZodType',
      'posthog-js': 'PostHog',
    };
    for (const measured of results) {
      for (const { file } of measured.files) {
        const code = await readFile(join(outDir, file), 'utf8');
        for (const [library, marker] of Object.entries(markers)) {
          expect(code.includes(marker), `${library} in ${file} (${measured.route})`).toBe(false);
        }
      }
    }
    // The markers do find those libraries in the build (so the check above means something).
    const all = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    const code = await Promise.all(all.map((f) => readFile(join(outDir, 'assets', f), 'utf8')));
    for (const marker of Object.values(markers)) {
      expect(
        code.some((c) => c.includes(marker)),
        marker,
      ).toBe(true);
    }
  });

  it('loads Excalidraw with the whiteboard board screen only, after its first paint', async () => {
    const manifest = await readManifest(outDir);
    // A text only Excalidraw's code holds (its root element's class).
    const marker = 'excalidraw-container';
    const holds = async (file: string) =>
      file.endsWith('.js') && (await readFile(join(outDir, file), 'utf8')).includes(marker);
    // No route's screen (nor the entry) pulls Excalidraw in statically — not even the board's.
    const screens = Object.keys(manifest).filter(
      (key) => key.startsWith('src/app/routes/') || manifest[key]?.isEntry,
    );
    expect(screens).toContain('src/app/routes/whiteboard-board.tsx');
    for (const key of screens) {
      for (const file of staticClosure(manifest, [key])) {
        expect(await holds(file), `Excalidraw in ${file} (${key})`).toBe(false);
      }
    }
    // It comes with the board editor, which the board screen imports dynamically.
    const editor = 'src/features/whiteboard/components/board-editor.tsx';
    const importers = Object.keys(manifest).filter((key) =>
      manifest[key]?.dynamicImports?.includes(editor),
    );
    expect(importers).toEqual(['src/app/routes/whiteboard-board.tsx']);
    const found = await Promise.all([...staticClosure(manifest, [editor])].map(holds));
    expect(found.some(Boolean), 'the editor brings Excalidraw').toBe(true);
  });

  it('loads mermaid and the Excalidraw converter on demand only, CodeMirror with the diagram editor only', async () => {
    const manifest = await readManifest(outDir);
    // Texts only these libraries hold (checked to be in the build below).
    const markers = {
      mermaid: 'No diagram type detected matching given configuration',
      codemirror: 'cm-scroller',
      'mermaid-to-excalidraw': 'mermaid-to-excalidraw-',
    };
    const allowed: Record<string, string[]> = { codemirror: ['src/app/routes/diagram.tsx'] };
    const screens = Object.keys(manifest).filter(
      (key) => key.startsWith('src/app/routes/') || manifest[key]?.isEntry,
    );
    expect(screens).toContain('src/app/routes/diagram.tsx');
    const seen = new Set<string>();
    for (const key of screens) {
      for (const file of staticClosure(manifest, [key])) {
        if (!file.endsWith('.js')) continue;
        const code = await readFile(join(outDir, file), 'utf8');
        for (const [library, marker] of Object.entries(markers)) {
          if (!code.includes(marker)) continue;
          seen.add(`${library} ${key}`);
          expect(allowed[library] ?? [], `${library} in ${file} (${key})`).toContain(key);
        }
      }
    }
    // The editor does bring CodeMirror, and the build holds all three (the check means something).
    expect(seen).toContain('codemirror src/app/routes/diagram.tsx');
    const all = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    const code = await Promise.all(all.map((f) => readFile(join(outDir, 'assets', f), 'utf8')));
    for (const marker of Object.values(markers)) {
      expect(
        code.some((c) => c.includes(marker)),
        marker,
      ).toBe(true);
    }
  });
});
