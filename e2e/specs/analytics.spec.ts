import { ENV_POSTHOG_URL } from '../fixtures/env.ts';
import { capturedEvents, expect, newUser, sessionUser, signUp, test } from '../fixtures/test.ts';

test('the capture endpoint receives page views, identify, api latency and no secrets', async ({
  page,
}) => {
  // posthog-js drops events from browsers that look automated (navigator.webdriver, a
  // "HeadlessChrome" brand). Present this page as the ordinary browser a student would use.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
  });
  await fetch(`${process.env[ENV_POSTHOG_URL]}/__events`, { method: 'DELETE' });

  const user = newUser('student');
  await signUp(page, user);
  const me = await sessionUser(page);
  expect(me?.id, 'signed-in user from /pb/auth/get-session').toBeTruthy();

  // Client-side navigations (no page load).
  const nav = page.getByRole('navigation', { name: 'Ferramentas' });
  await nav.getByRole('link', { name: 'Métricas', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/metrics\/?$/);
  await nav.getByRole('link', { name: 'Minhas Turmas', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/student\/?$/);

  // Type an API key on the profile (it must never reach analytics).
  const key = `sk-analytics-${Date.now().toString(36)}-topsecret-z9y8`;
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/profile\/?$/);
  const input = page.getByLabel('Chave OpenAI', { exact: true });
  await input.fill(key);
  await page
    .locator('div, li, section, form, fieldset')
    .filter({ has: input })
    .filter({ has: page.getByRole('button', { name: 'Salvar' }) })
    .last()
    .getByRole('button', { name: 'Salvar' })
    .click();
  await expect(page.getByText(/z9y8/)).toBeVisible();

  const urlOf = (p: Record<string, unknown>) => String(p.$current_url ?? p.$pathname ?? '');
  await expect
    .poll(
      async () => {
        const events = await capturedEvents();
        return {
          metricsView: events.some(
            (e) => e.event === '$pageview' && /\/dashboard\/metrics\/?$/.test(urlOf(e.properties)),
          ),
          studentView: events.some(
            (e) => e.event === '$pageview' && /\/dashboard\/student\/?$/.test(urlOf(e.properties)),
          ),
          profileView: events.some(
            (e) => e.event === '$pageview' && /\/profile\/?$/.test(urlOf(e.properties)),
          ),
          identify: events.some((e) => {
            if (e.event !== '$identify') return false;
            const distinct = e.properties.distinct_id ?? e.raw.distinct_id;
            const set = (e.raw.$set ?? e.properties.$set ?? {}) as Record<string, unknown>;
            return distinct === me!.id && set.role === 'student';
          }),
          apiLatency: events.some((e) => e.event === 'api_latency'),
        };
      },
      { timeout: 20_000, message: 'events received by the fake PostHog capture endpoint' },
    )
    .toEqual({
      metricsView: true,
      studentView: true,
      profileView: true,
      identify: true,
      apiLatency: true,
    });

  // Visibility: hiding the page sends blur + page-leave (and flushes web vitals); showing it again
  // sends focus. Headless pages are always "visible", so emulate the browser's state change.
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      Object.defineProperty(document, 'hidden', { value: s === 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      if (s === 'hidden') window.dispatchEvent(new Event('pagehide'));
    }, state);
  await setVisibility('hidden');
  await setVisibility('visible');
  await expect
    .poll(
      async () => {
        const names = new Set((await capturedEvents()).map((e) => e.event));
        return ['$app_blur', '$pageleave', '$app_focus', '$web_vitals'].filter((n) => names.has(n));
      },
      { timeout: 20_000, message: 'visibility events and web vitals received' },
    )
    .toEqual(['$app_blur', '$pageleave', '$app_focus', '$web_vitals']);

  const events = await capturedEvents();
  const latency = events.find((e) => e.event === 'api_latency')!;
  expect(latency.properties).toEqual(
    expect.objectContaining({ method: expect.any(String), status: expect.any(Number) }),
  );
  const all = JSON.stringify(events);
  expect(all.includes(user.password), 'password in an analytics event').toBe(false);
  expect(all.includes(key), 'API key in an analytics event').toBe(false);
});
