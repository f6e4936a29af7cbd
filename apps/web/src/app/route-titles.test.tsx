import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { DASHBOARD_TOOLS } from '@aprenda/shared/constants';
import { namespacesFor } from '@/lib/route-namespaces';
import { routes } from './router';

/**
 * Every route of the router: the catalogs its page's title is written in come with the screen
 * (route-namespaces.ts, fetched with its code by main.tsx and preloaded by the server), so a title
 * is never computed before its catalog is in — and never reads as a key ("invite.title ·
 * Aprenda"). The titles' keys themselves exist in both languages: routes/page-titles.test.tsx.
 */

const routerSource = import.meta.glob<string>('./router.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
})['./router.tsx']!;
const pageSources = import.meta.glob<string>('./routes/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Screen component name → its module in ./routes ("InvitePage" → "./routes/invite.tsx"). */
const moduleOf = new Map(
  [
    ...routerSource.matchAll(/const (\w+) = screen\(\s*\(\) => import\('(\.\/routes\/[\w-]+)'\)/g),
  ].map((m) => [m[1]!, `${m[2]!}.tsx`]),
);

/** The elements of the route table in source order ("<InvitePage />" → "InvitePage"). */
const elementNames = [...routerSource.matchAll(/element: <(\w+) \/>/g)].map((m) => m[1]!);

interface Leaf {
  path: string;
  element: string;
}

/** The route objects in the same order as their elements appear in router.tsx. */
function walk(list: RouteObject[], parent: string, out: { path: string; leaf: boolean }[]) {
  for (const route of list) {
    const path = route.index
      ? parent
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path}`
        : parent;
    if (route.element) out.push({ path: path || '/', leaf: !route.children?.length });
    if (route.children) walk(route.children, path, out);
  }
  return out;
}

const walked = walk(routes, '', []);
const leaves: Leaf[] = walked
  .map((r, i) => ({ ...r, element: elementNames[i]! }))
  .filter((r) => r.leaf)
  .map(({ path, element }) => ({ path, element }));

/** A path the route matches: parameters filled in, "*" as an unknown path. */
function sample(path: string): string {
  return path.replace(/:\w+/g, 'x1').replace(/\*$/, 'nao-existe');
}

/** The translation keys a page's usePageTitle(…) call may use. */
function titleKeys(source: string): string[] {
  const call = /usePageTitle\(([^;]*)\);/.exec(source)?.[1] ?? '';
  const keys = [...call.matchAll(/'([\w-]+:[\w.]+)'/g)].map((m) => m[1]!);
  const template = /`([\w-]+:[\w.]*)\$\{\w+\}([\w.]*)`/.exec(call);
  if (template)
    for (const tool of DASHBOARD_TOOLS) keys.push(`${template[1]}${tool}${template[2]}`);
  return keys;
}

describe('route titles and their catalogs', () => {
  it('reads the route table (every element named in router.tsx, in order)', () => {
    expect(elementNames).toHaveLength(walked.length);
    expect(leaves.length).toBeGreaterThanOrEqual(30);
    expect(leaves).toContainEqual({ path: '/convite/:token', element: 'InvitePage' });
  });

  it.each(leaves)('$path ($element): its title’s catalog comes with the screen', (leaf) => {
    const file = moduleOf.get(leaf.element);
    expect(file, `module of ${leaf.element}`).toBeDefined();
    const keys = titleKeys(pageSources[file!] ?? '');
    expect(keys.length, `usePageTitle in ${file}`).toBeGreaterThan(0);
    const loaded = new Set(['common', ...namespacesFor(sample(leaf.path))]);
    for (const key of keys) {
      const ns = key.slice(0, key.indexOf(':'));
      expect(loaded.has(ns), `${key}: "${ns}" not in namespacesFor('${sample(leaf.path)}')`).toBe(
        true,
      );
    }
  });
});
