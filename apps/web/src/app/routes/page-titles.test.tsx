import { describe, expect, it } from 'vitest';
import { DASHBOARD_TOOLS } from '@aprenda/shared/constants';

/**
 * Every page in app/routes sets its document title with usePageTitle, with a key that exists in
 * both languages. Layouts are not pages: a parent's title effect would run after its child's.
 */
const sources = import.meta.glob<string>('./*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const LAYOUTS = new Set(['./dashboard-layout.tsx']);

/** Every catalog file, to look keys up without the i18n instance. */
const catalogs = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  import: 'default',
  eager: true,
});

function translated(lng: string, key: string): boolean {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = catalogs[`../../locales/${lng}/${ns}.json`];
  for (const part of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' && node.length > 0;
}

describe('page titles', () => {
  const pages = Object.entries(sources).filter(
    ([file]) => !LAYOUTS.has(file) && !file.endsWith('.test.tsx'),
  );

  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
  });

  it.each(pages)('%s calls usePageTitle with keys translated in pt-BR and en', (_file, source) => {
    const calls = [...source.matchAll(/usePageTitle\(([^;]*)\);/g)];
    expect(calls, 'no usePageTitle(…) call').toHaveLength(1);
    const keys = [...calls[0]![1]!.matchAll(/'([\w-]+:[\w.]+)'/g)].map((m) => m[1]!);
    const template = /`([\w-]+:[\w.]*)\$\{\w+\}([\w.]*)`/.exec(calls[0]![1]!);
    if (template)
      for (const tool of DASHBOARD_TOOLS) keys.push(`${template[1]}${tool}${template[2]}`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      for (const lng of ['pt-BR', 'en']) {
        expect(translated(lng, key), `${key} in ${lng}`).toBe(true);
      }
    }
  });
});
