import type { Browser, Page } from '@playwright/test';
import { ConsoleGuard, type ConsoleErrors } from '../fixtures/console-guard.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The shared fixture fails a journey that logs a console error, throws, or violates the CSP
 * (fixtures/console-guard.ts). First what the guard reports, on a guard of the test's own; then
 * that the shared `test` really fails journeys (`test.fail()`: the test must end failed).
 */

/** Open /about in a fresh context watched by a guard of its own, do `act`, return the verdict. */
async function verdict(
  browser: Browser,
  baseURL: string | undefined,
  consoleErrors: ConsoleErrors,
  act: (page: Page) => Promise<unknown>,
  allow?: RegExp,
): Promise<string | null> {
  // The shared guard watches this context too; here the verdict of our own guard is the subject.
  consoleErrors.allow(/./, 'this test checks a console guard of its own');
  const guard = new ConsoleGuard();
  if (allow) guard.allow(allow, 'provoked on purpose');
  const context = await browser.newContext({ baseURL });
  await guard.watch(context);
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await act(page);
  await guard.settle();
  await context.close();
  try {
    guard.verify();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

test.describe('the console guard reports', () => {
  test('console.error', async ({ browser, baseURL, consoleErrors }) => {
    const report = await verdict(browser, baseURL, consoleErrors, (page) =>
      page.evaluate(() => console.error('something broke')),
    );
    expect(report).toContain('[console] something broke');
  });

  test('an uncaught error', async ({ browser, baseURL, consoleErrors }) => {
    const report = await verdict(browser, baseURL, consoleErrors, async (page) => {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('uncaught on purpose');
        }, 0);
      });
      await page.waitForTimeout(100);
    });
    expect(report).toContain('[pageerror] Error: uncaught on purpose');
  });

  test('a CSP violation (an image from another origin)', async ({
    browser,
    baseURL,
    consoleErrors,
  }) => {
    const report = await verdict(browser, baseURL, consoleErrors, (page) =>
      page.evaluate(() => {
        const img = document.createElement('img');
        img.src = 'https://example.invalid/pixel.png';
        document.body.append(img);
      }),
    );
    expect(report).toContain('[csp] CSP img-src blocked https://example.invalid/pixel.png');
  });

  test('a 5xx answer of the API, but not a 4xx one', async ({
    browser,
    baseURL,
    consoleErrors,
  }) => {
    const report = await verdict(browser, baseURL, consoleErrors, async (page) => {
      await page.route('**/api/broken-on-purpose', (route) =>
        route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' }),
      );
      await page.evaluate(() => fetch('/api/broken-on-purpose'));
      // A 4xx answer of our API is the API speaking (the app shows it as text): not reported.
      const status = await page.evaluate(() =>
        fetch('/api/classes/nope-not-a-class').then((r) => r.status),
      );
      expect(status >= 400 && status < 500, String(status)).toBe(true);
    });
    expect(report).toContain('status of 503');
    expect(report).toContain('/api/broken-on-purpose');
    expect(report).not.toContain('nope-not-a-class');
  });

  test('nothing for a clean page, or for what the test allowed', async ({
    browser,
    baseURL,
    consoleErrors,
  }) => {
    expect(await verdict(browser, baseURL, consoleErrors, async () => undefined)).toBeNull();
    const allowed = await verdict(
      browser,
      baseURL,
      consoleErrors,
      (page) => page.evaluate(() => console.error('expected by this test')),
      /expected by this test/,
    );
    expect(allowed).toBeNull();
    // An allowance covers its pattern only.
    const other = await verdict(
      browser,
      baseURL,
      consoleErrors,
      (page) => page.evaluate(() => console.error('not covered')),
      /expected by this test/,
    );
    expect(other).toContain('[console] not covered');
  });
});

test.describe('the shared test fixture fails the journey', () => {
  test('when its page logs a console error', async ({ page }) => {
    test.fail();
    await page.goto('/about');
    await page.evaluate(() => console.error('something broke'));
  });

  test('when a page of a context the test opened itself violates the CSP', async ({
    browser,
    baseURL,
  }) => {
    test.fail();
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/about');
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://example.invalid/pixel.png';
      document.body.append(img);
    });
    await page.waitForTimeout(100);
    await context.close();
  });

  test('but not with a narrow allowance for what it provokes on purpose', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 503/, 'the test makes the API fail on purpose');
    await page.route('**/api/broken-on-purpose', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' }),
    );
    await page.goto('/about');
    await page.evaluate(() => fetch('/api/broken-on-purpose').then(() => undefined));
  });
});
