/**
 * Which files each route's first paint needs beyond the entry, for the server to list in the
 * index.html it serves as `<link rel="modulepreload">` (decision 0033): the browser then fetches
 * the screen's chunks and catalogs together with the entry script, instead of after the entry has
 * run and matched the route.
 *
 * `routeScreens` reads the route tree from src/app/router.tsx with the TypeScript parser (the
 * `screen(() => import('./routes/x'), …)` declarations and the `routes` array); the build plugin
 * `routePreloads` turns it into `dist/route-preloads.json`:
 * `{ "routes": [{ "path": "/dashboard/student/:classId", "files": ["assets/…js", …] }] }` —
 * the default language's catalogs of the path (src/lib/route-namespaces.ts) and the chunks of its
 * lazy screens with their static imports, minus what index.html already loads.
 * The server reads it in apps/server/src/middleware/spa.ts (ROUTE_PRELOADS_FILE).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import type { Plugin, Rollup } from 'vite';
import { DEFAULT_LANGUAGE } from '../../../packages/shared/src/constants.ts';
import { namespacesFor } from '../src/lib/route-namespaces.ts';

/** Name of the file the build writes beside index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RouteScreens {
  /** React Router path, with `:param` segments and `*` (e.g. `/dashboard/student/:classId`). */
  path: string;
  /** The lazy screens it renders, outermost first (paths from the web app's root). */
  modules: string[];
}

export interface RoutePreloads {
  routes: Array<{ path: string; files: string[] }>;
}

const ROUTER_FILE = 'src/app/router.tsx';

function fail(message: string): never {
  throw new Error(`route-preloads: ${message} (${ROUTER_FILE})`);
}

/** `./routes/x` from src/app → `src/app/routes/x.tsx` (or .ts). */
function moduleFile(webRoot: string, specifier: string): string {
  const base = join('src/app', specifier);
  for (const ext of ['.tsx', '.ts']) {
    if (existsSync(join(webRoot, base + ext))) return (base + ext).split(sep).join('/');
  }
  return fail(`cannot find ${specifier}`);
}

/** The lazy screens declared with `screen(() => import('…'), …)`, by variable name. */
function screenDeclarations(file: ts.SourceFile, webRoot: string): Map<string, string> {
  const screens = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'screen'
    ) {
      const loader = node.initializer.arguments[0];
      const body = loader && ts.isArrowFunction(loader) ? loader.body : undefined;
      const specifier =
        body &&
        ts.isCallExpression(body) &&
        body.expression.kind === ts.SyntaxKind.ImportKeyword &&
        body.arguments[0] &&
        ts.isStringLiteral(body.arguments[0])
          ? body.arguments[0].text
          : fail(`screen ${node.name.text} is not screen(() => import('…'), …)`);
      screens.set(node.name.text, moduleFile(webRoot, specifier));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return screens;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) {
      return p.initializer;
    }
  }
  return undefined;
}

/** Every path the router renders (index routes and leaves) with its lazy screens. */
export function routeScreens(webRoot: string, source?: string): RouteScreens[] {
  const text = source ?? readFileSync(join(webRoot, ROUTER_FILE), 'utf8');
  const file = ts.createSourceFile(
    ROUTER_FILE,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const screens = screenDeclarations(file, webRoot);
  let tree: ts.ArrayLiteralExpression | undefined;
  ts.forEachChild(file, function find(node) {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'routes' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      tree = node.initializer;
    }
    ts.forEachChild(node, find);
  });
  if (!tree) fail('no `routes` array');

  const out: RouteScreens[] = [];
  const walk = (routes: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const element of routes.elements) {
      if (!ts.isObjectLiteralExpression(element)) fail('a route is not an object literal');
      const pathNode = property(element, 'path');
      if (pathNode && !ts.isStringLiteral(pathNode)) fail('a route path is not a string');
      const path = pathNode
        ? `${parentPath.replace(/\/$/, '')}/${pathNode.text}`.replace(/^\/?/, '/')
        : parentPath;
      const jsx = property(element, 'element');
      const tag =
        jsx && ts.isJsxSelfClosingElement(jsx) && ts.isIdentifier(jsx.tagName)
          ? jsx.tagName.text
          : undefined;
      const screen = tag ? screens.get(tag) : undefined;
      const modules = screen ? [...parentModules, screen] : parentModules;
      const children = property(element, 'children');
      if (children) {
        if (!ts.isArrayLiteralExpression(children)) fail('children is not an array literal');
        walk(children, path, modules);
      } else if (property(element, 'index') || pathNode) {
        out.push({ path, modules });
      }
    }
  };
  walk(tree, '/', []);
  return out;
}

/** `chunk` and, recursively, its static imports. */
function closure(
  bundle: Rollup.OutputBundle,
  chunk: Rollup.OutputChunk,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') closure(bundle, next, into);
  }
  return into;
}

/**
 * Every module of a bundle (by its path from the web app's root, e.g. `src/app/router.tsx`) → the
 * chunk that holds it: its own, or a group of several (scripts/first-paint-chunks.ts).
 */
export function chunksByModule(
  bundle: Rollup.OutputBundle,
  webRoot: string,
): Map<string, Rollup.OutputChunk> {
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds) {
      chunks.set(relative(webRoot, id.split('?')[0]!).split(sep).join('/'), output);
    }
  }
  return chunks;
}

/** The preload table of a bundle (see the file's comment). */
export function routePreloadsOf(
  bundle: Rollup.OutputBundle,
  webRoot: string,
  routes: RouteScreens[],
): RoutePreloads {
  const bySource = chunksByModule(bundle, webRoot);
  const fromEntry = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.isEntry) closure(bundle, output, fromEntry);
  }
  const chunkOf = (source: string) =>
    bySource.get(source) ?? fail(`${source} is not a chunk of its own`);
  return {
    routes: routes.map(({ path, modules }) => {
      const files = new Set<string>();
      for (const ns of namespacesFor(path)) {
        files.add(chunkOf(`src/locales/${DEFAULT_LANGUAGE}/${ns}.json`).fileName);
      }
      for (const module of modules) closure(bundle, chunkOf(module), files);
      return { path, files: [...files].filter((f) => !fromEntry.has(f) && f.endsWith('.js')) };
    }),
  };
}

/** Writes dist/route-preloads.json (production builds). */
export function routePreloads(): Plugin {
  let webRoot = '';
  return {
    name: 'aprenda:route-preloads',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const table = routePreloadsOf(bundle, webRoot, routeScreens(webRoot));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(table, null, 1)}\n`,
      });
    },
  };
}
