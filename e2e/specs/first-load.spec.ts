import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET, type MeasuredRoute } from '../../apps/web/scripts/first-load.ts';
import { repoRoot } from '../fixtures/env.ts';
import { expect, newUser, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 11, point 11, in a real browser: the JavaScript a first visit fetches before its screen
 * shows, gzipped as the build's .gz files, stays within the budget the build test
 * (apps/web/scripts/first-load.test.ts) checks — so that test's list of what loads before the
 * first paint cannot drift from what the browser really does.
 */

const dist = join(repoRoot, 'apps/web/dist');

function gzipped(path: string): number {
  return gzipSync(readFileSync(join(dist, path)), { level: constants.Z_BEST_COMPRESSION })
    .byteLength;
}

/** What shows the screen is up, per route. */
const SCREENS: [MeasuredRoute, string][] = [
  ['/', 'main h1'],
  ['/auth', '[role="tablist"]'],
  ['/dashboard', 'main h1'],
];

/** Runs in the page: notes when `selector` first appears (performance.now()). */
function noteScreen(selector: string) {
  const w = window as unknown as { __screenAt?: number };
  const observer = new MutationObserver(() => {
    if (w.__screenAt === undefined && document.querySelector(selector)) {
      w.__screenAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

test('the JavaScript fetched before the first screen stays within 170 KB (/, /auth) and 200 KB (/dashboard)', async ({
  browser,
  baseURL,
}) => {
  const signedIn = await browser.newContext({ baseURL, locale: 'pt-BR' });
  await signUp(await signedIn.newPage(), newUser('student'));

  for (const [route, selector] of SCREENS) {
    const context =
      route === '/dashboard' ? signedIn : await browser.newContext({ baseURL, locale: 'pt-BR' });
    const page = await context.newPage();
    await page.addInitScript(noteScreen, selector);
    await page.goto(route);
    await expect(page.locator(selector).first()).toBeVisible();
    await expect(page.getByText('Carregando...', { exact: true })).toHaveCount(0);

    // Every script whose download started before the screen appeared.
    const files = await page.evaluate(() => {
      const at = (window as unknown as { __screenAt?: number }).__screenAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= at && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname.slice(1));
    });
    const total = files.reduce((sum, file) => sum + gzipped(file), 0);
    const label = `${route}: ${(total / 1000).toFixed(1)} KB in ${files.length} files: ${files.join(' ')}`;
    expect(files.length, label).toBeGreaterThan(3);
    expect(total, label).toBeLessThanOrEqual(FIRST_LOAD_BUDGET[route]);
    // Not before the first screen: toasts, Better Auth, zod, PostHog.
    const code = files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    for (const marker of ['data-sonner-toaster', 'better-auth', '$ZodType', 'PostHog']) {
      expect(code.includes(marker), `${marker} in ${route}'s first load`).toBe(false);
    }
    if (route !== '/dashboard') await context.close();
  }
});
