// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeScreens } from './route-preloads';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

describe('routeScreens (src/app/router.tsx)', () => {
  const routes = routeScreens(webRoot);
  const screensOf = (path: string) => routes.find((r) => r.path === path)?.modules;

  it('finds every path with the lazy screens it renders, layouts first', () => {
    expect(screensOf('/')).toEqual(['src/app/routes/home.tsx']);
    expect(screensOf('/auth')).toEqual(['src/app/routes/auth.tsx']);
    expect(screensOf('/convite/:token')).toEqual(['src/app/routes/invite.tsx']);
    expect(screensOf('/profile')).toEqual(['src/app/routes/profile.tsx']);
    expect(screensOf('/dashboard')).toEqual([
      'src/app/routes/dashboard-layout.tsx',
      'src/app/routes/dashboard-index.tsx',
    ]);
    expect(screensOf('/dashboard/student')).toEqual([
      'src/app/routes/dashboard-layout.tsx',
      'src/app/routes/student.tsx',
    ]);
    expect(screensOf('/dashboard/chat/:conversationId')).toEqual([
      'src/app/routes/dashboard-layout.tsx',
      'src/app/routes/chat.tsx',
    ]);
    expect(screensOf('*')).toBeUndefined();
    expect(screensOf('/*')).toEqual(['src/app/routes/not-found.tsx']);
  });

  it('covers every screen the router declares', async () => {
    const source = await readFile(new URL('../src/app/router.tsx', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/import\('\.\/routes\/([\w-]+)'\)/g)].map(
      (m) => `src/app/routes/${m[1]}.tsx`,
    );
    expect(declared.length).toBeGreaterThan(25);
    const used = new Set(routes.flatMap((r) => r.modules));
    expect([...used].sort()).toEqual([...new Set(declared)].sort());
  });

  it('refuses a router it cannot read instead of guessing', () => {
    expect(() =>
      routeScreens(webRoot, `const X = screen(load, (m) => m.X);\nexport const routes = [];`),
    ).toThrow(/screen X/);
    expect(() => routeScreens(webRoot, 'export const other = [];')).toThrow(/no `routes`/);
  });
});
