/**
 * How the build groups modules into chunks, so that a first visit asks for few files (decision
 * 0039, refining 0033). On the browser's six HTTP/1.1 connections every file costs at least a
 * round trip, and the files in flight share the link: two dozen chunks of one or two KB each,
 * fetched beside the framework chunk, slowed the framework itself (Lighthouse's simulated slow 4G
 * gave the framework chunk a sixth of the link for most of its download).
 *
 * - `framework`: the libraries every screen's first paint needs (React, the router, i18next,
 *   TanStack Query, the class-name helpers, lucide's icon base) — compresses better than a dozen
 *   small chunks and stays cached across releases of the app's own code.
 * - `icons`: lucide's icons, all of them (8 KB gzipped), instead of a chunk per icon.
 * - `catalogs-<language>`: the translation namespaces the dashboard shell and the sign-in screens
 *   show (SHELL_NAMESPACES), one file per language instead of one per namespace.
 * - `app-shell`: the app's own modules that the entry and the layouts (the routes with children
 *   in src/app/router.tsx) import statically, when they need no library beyond `framework` and
 *   `icons` ("light"): the shell, the API client, the small UI parts — one file every screen has.
 * - `<feature>-shared`, `components-<folder>`, `lib-shared`: the other light modules that two or
 *   more lazy screens share; one file per feature, component folder or the rest, instead of one
 *   per shared module.
 *
 * Anything else is split by rolldown as the lazy screens need it: a module that pulls a library
 * beyond `framework` (Radix dialogs, zod, markdown, charts…) is never moved into a group, so no
 * group drags a library into a screen that did not load it before. The build fails if the chunks
 * it wrote import one another in a cycle (a module could then run before one it reads).
 */
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { SHELL_NAMESPACES } from '../src/lib/route-namespaces.ts';
import { routeScreens, type RouteScreens } from './route-preloads.ts';

export const FIRST_PAINT_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context|shared))[\\/]/;

export const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * lucide-react's index: it only re-exports icons, and every icon is in `icons`. (radix-ui's index
 * is not such a case: it reaches dialogs, menus and popper, so a module importing it stays out of
 * the groups; the button imports @radix-ui/react-slot itself.)
 */
const LUCIDE_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/;

/** The app's own code and the catalogs it imports statically (styles are not). */
const APP_SOURCE = /[\\/](apps[\\/]web|packages[\\/]shared)[\\/]src[\\/].+\.(tsx?|json)$/;

/** Catalogs other than `common` are fetched per language (lib/i18n.ts): never a shared group. */
const CATALOG = /\.json$/;

/** Vite's helper for dynamic imports with preloads: a few lines every lazy screen uses. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;
const COMPONENTS = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]([^\\/]+)[\\/]/;

/** The shared group of a light module outside the first paint: by feature, component folder, or lib. */
function sharedGroup(id: string): string {
  const feature = FEATURE.exec(id)?.[1];
  if (feature) return `${feature}-shared`;
  const components = COMPONENTS.exec(id)?.[1];
  return components ? `components-${components}` : 'lib-shared';
}

const SHELL_CATALOG = new RegExp(
  `[\\\\/]src[\\\\/]locales[\\\\/]([^\\\\/]+)[\\\\/](?:${SHELL_NAMESPACES.join('|')})\\.json$`,
);

/** The screens that render others (routes with children): they are part of every child's load. */
export function layoutScreens(routes: readonly RouteScreens[]): string[] {
  const layouts = new Set<string>();
  for (const { modules } of routes) for (const m of modules.slice(0, -1)) layouts.add(m);
  return [...layouts];
}

interface GraphModule {
  /** Static imports (resolved ids). */
  imports: readonly string[];
  isEntry: boolean;
}

export interface FirstPaintSets {
  /** Module ids of `app-shell`. */
  shell: Set<string>;
  /** Module id → its shared group (`<feature>-shared`, `components-<folder>`, `lib-shared`). */
  shared: Map<string, string>;
}

/** `roots` and everything they import statically. */
function staticClosure(graph: Map<string, GraphModule>, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.get(id)?.imports ?? []) stack.push(next);
  }
  return seen;
}

const isLibraryOfFirstPaint = (id: string) =>
  FIRST_PAINT_LIBRARIES.test(id) || ICONS.test(id) || LUCIDE_INDEX.test(id);

/** The membership of `app-shell` and the shared groups, from the module graph (see the top). */
export function firstPaintSets(
  graph: Map<string, GraphModule>,
  routes: readonly RouteScreens[],
): FirstPaintSets {
  const light = new Set<string>();
  for (const id of graph.keys()) if (APP_SOURCE.test(id) || id === PRELOAD_HELPER) light.add(id);
  // The largest set whose members import only each other and the first paint's libraries.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of light) {
      if (graph.get(id)!.imports.every((d) => light.has(d) || isLibraryOfFirstPaint(d))) continue;
      light.delete(id);
      changed = true;
    }
  }
  const entries = [...graph].filter(([, m]) => m.isEntry).map(([id]) => id);
  const first = staticClosure(graph, [...entries, ...layoutScreens(routes)]);
  const shell = new Set<string>();
  for (const id of light) if (first.has(id) && !graph.get(id)!.isEntry) shell.add(id);
  const shared = new Map<string, string>();
  for (const id of light) {
    if (shell.has(id) || graph.get(id)!.isEntry || CATALOG.test(id)) continue;
    shared.set(id, sharedGroup(id));
  }
  return { shell, shared };
}

/** Chunks (file names) that import one another statically in a cycle, or []. */
export function chunkCycle(bundle: Rollup.OutputBundle): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | undefined => {
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of chunk.imports) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return undefined;
  };
  for (const name of Object.keys(bundle)) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return [];
}

/**
 * The build plugin that reads the module graph once it is complete, and the `codeSplitting`
 * groups that read what it found (rolldown asks the groups only after the build phase).
 */
export function firstPaintChunks(): {
  plugin: Plugin;
  groups: Rollup.CodeSplittingGroup[];
} {
  let sets: FirstPaintSets = { shell: new Set(), shared: new Map() };
  let webRoot = '';
  const plugin: Plugin = {
    name: 'aprenda:first-paint-chunks',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    buildEnd(error) {
      if (error) return;
      const graph = new Map<string, GraphModule>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        graph.set(id, { imports: info?.importedIds ?? [], isEntry: info?.isEntry ?? false });
      }
      const routes = routeScreens(webRoot).map((r) => ({
        path: r.path,
        modules: r.modules.map((m) => resolve(webRoot, m)),
      }));
      for (const id of routes.flatMap((r) => r.modules)) {
        if (!graph.has(id)) this.error(`first-paint-chunks: ${id} is not in the build`);
      }
      sets = firstPaintSets(graph, routes);
    },
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(bundle);
      if (cycle.length > 0) {
        this.error(`first-paint-chunks: chunks import one another: ${cycle.join(' → ')}`);
      }
    },
  };
  const groups: Rollup.CodeSplittingGroup[] = [
    { name: 'framework', test: FIRST_PAINT_LIBRARIES, priority: 40 },
    { name: 'icons', test: ICONS, priority: 30 },
    {
      debugName: 'catalogs',
      name: (id) => {
        const language = SHELL_CATALOG.exec(id)?.[1];
        return language ? `catalogs-${language}` : null;
      },
      priority: 30,
    },
    {
      name: 'app-shell',
      test: (id) => sets.shell.has(id),
      priority: 20,
      // Its members import nothing outside it but the groups above (firstPaintSets).
      includeDependenciesRecursively: false,
    },
    {
      debugName: 'shared',
      name: (id) => sets.shared.get(id) ?? null,
      minShareCount: 2,
      priority: 10,
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}
