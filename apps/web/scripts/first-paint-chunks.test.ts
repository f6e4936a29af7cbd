// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { chunkCycle, firstPaintSets, layoutScreens } from './first-paint-chunks';

const SRC = '/repo/apps/web/src/';
const NM = '/repo/node_modules/';

/** A module graph from `{ id: [imports] }`; main.tsx is the entry. */
function graphOf(modules: Record<string, string[]>) {
  return new Map(
    Object.entries(modules).map(([id, imports]) => [
      id,
      { imports, isEntry: id === `${SRC}main.tsx` },
    ]),
  );
}

const react = `${NM}react/index.js`;
const icons = `${NM}lucide-react/dist/esm/lucide-react.mjs`;
const dialog = `${NM}@radix-ui/react-dialog/dist/index.mjs`;
const radixIndex = `${NM}radix-ui/dist/index.mjs`;

const GRAPH = graphOf({
  [`${SRC}main.tsx`]: [react, `${SRC}app/router.tsx`, `${SRC}index.css`],
  [`${SRC}index.css`]: [],
  [`${SRC}app/router.tsx`]: [react, `${SRC}lib/utils.ts`, `${SRC}locales/pt-BR/common.json`],
  [`${SRC}locales/pt-BR/common.json`]: [],
  [`${SRC}locales/pt-BR/classes.json`]: [],
  [`${SRC}lib/utils.ts`]: [],
  // The dashboard layout and its shell: light (React and icons only).
  [`${SRC}app/routes/dashboard-layout.tsx`]: [react, `${SRC}features/dashboard/shell.tsx`],
  [`${SRC}features/dashboard/shell.tsx`]: [icons, `${SRC}lib/utils.ts`],
  // Two screens sharing light helpers of their feature, and a heavy dialog.
  [`${SRC}app/routes/student.tsx`]: [
    `${SRC}features/classes/dates.ts`,
    `${SRC}components/ui/states.tsx`,
  ],
  [`${SRC}app/routes/teacher.tsx`]: [
    `${SRC}features/classes/dates.ts`,
    `${SRC}components/ui/states.tsx`,
    `${SRC}components/ui/dialog.tsx`,
  ],
  [`${SRC}features/classes/dates.ts`]: [],
  [`${SRC}components/ui/states.tsx`]: [react],
  [`${SRC}components/ui/dialog.tsx`]: [dialog],
  // A button that reaches radix through its index, and one that imports the package itself.
  [`${SRC}components/ui/menu.tsx`]: [radixIndex],
  [`${SRC}components/ui/button.tsx`]: [`${NM}@radix-ui/react-slot/dist/index.mjs`],
  // Light itself, but it imports the heavy dialog wrapper: not light.
  [`${SRC}features/classes/invite-dialog.tsx`]: [`${SRC}components/ui/dialog.tsx`],
});

const ROUTES = [
  { path: '/', modules: [`${SRC}app/routes/home.tsx`] },
  {
    path: '/dashboard/student',
    modules: [`${SRC}app/routes/dashboard-layout.tsx`, `${SRC}app/routes/student.tsx`],
  },
  {
    path: '/dashboard/teacher',
    modules: [`${SRC}app/routes/dashboard-layout.tsx`, `${SRC}app/routes/teacher.tsx`],
  },
];

describe('first-paint chunk groups', () => {
  it('a layout is a screen that renders others', () => {
    expect(layoutScreens(ROUTES)).toEqual([`${SRC}app/routes/dashboard-layout.tsx`]);
  });

  const { shell, shared } = firstPaintSets(GRAPH, ROUTES);

  it('app-shell: what the entry and the layouts import, when light; never the entry itself', () => {
    expect([...shell].sort()).toEqual(
      [
        `${SRC}app/router.tsx`,
        `${SRC}lib/utils.ts`,
        `${SRC}locales/pt-BR/common.json`,
        `${SRC}app/routes/dashboard-layout.tsx`,
        `${SRC}features/dashboard/shell.tsx`,
      ].sort(),
    );
    // main.tsx imports a stylesheet: not light, and an entry anyway.
    expect(shell.has(`${SRC}main.tsx`)).toBe(false);
  });

  it('shared groups: light modules elsewhere, by feature, component folder or lib', () => {
    expect(shared.get(`${SRC}features/classes/dates.ts`)).toBe('classes-shared');
    expect(shared.get(`${SRC}components/ui/states.tsx`)).toBe('components-ui');
    // @radix-ui/react-slot is in the framework chunk (radix-ui's index is not: menu.tsx below).
    expect(shared.get(`${SRC}components/ui/button.tsx`)).toBe('components-ui');
    // The screens themselves are light too; the group's minShareCount keeps unshared ones out.
    expect(shared.get(`${SRC}app/routes/student.tsx`)).toBe('lib-shared');
  });

  it('nothing that reaches a library beyond the first paint’s joins a group', () => {
    for (const heavy of [
      `${SRC}components/ui/dialog.tsx`,
      `${SRC}features/classes/invite-dialog.tsx`,
      `${SRC}app/routes/teacher.tsx`,
      `${SRC}components/ui/menu.tsx`,
      `${SRC}locales/pt-BR/classes.json`,
    ]) {
      expect(shell.has(heavy), heavy).toBe(false);
      expect(shared.has(heavy), heavy).toBe(false);
    }
  });
});

describe('chunkCycle', () => {
  const chunk = (imports: string[]) =>
    ({ type: 'chunk', imports }) as unknown as Rollup.OutputChunk;

  it('finds chunks that import one another', () => {
    const bundle = {
      'a.js': chunk(['b.js']),
      'b.js': chunk(['c.js']),
      'c.js': chunk(['a.js']),
      'd.js': chunk([]),
    } as unknown as Rollup.OutputBundle;
    expect(chunkCycle(bundle)).toEqual(['a.js', 'b.js', 'c.js', 'a.js']);
  });

  it('a shared import is not a cycle', () => {
    const bundle = {
      'a.js': chunk(['b.js', 'c.js']),
      'b.js': chunk(['c.js']),
      'c.js': chunk([]),
    } as unknown as Rollup.OutputBundle;
    expect(chunkCycle(bundle)).toEqual([]);
  });
});
