import { DEMO_STUDENT } from '../fixtures/env.ts';
import {
  expect,
  expectLoaded,
  newUser,
  signInHere,
  signOut,
  signUp,
  test,
} from '../fixtures/test.ts';

test('a protected route sends a signed-out visitor to /auth and back after sign-in', async ({
  page,
}) => {
  await page.goto('/dashboard/metrics');
  await expect(page).toHaveURL(/\/auth/);
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/metrics\/?$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Métricas', exact: true }),
  ).toBeVisible();
  await expectLoaded(page);
});

test('signing out in a second tab sends the first tab to /auth without a reload', async ({
  context,
}) => {
  const first = await context.newPage();
  await signUp(first, newUser('teacher'));
  await first.evaluate(() => {
    (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
  });

  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second).toHaveURL(/\/dashboard\/?$/);
  await signOut(second);

  await expect(first).toHaveURL(/\/auth/, { timeout: 15_000 });
  const kept = await first.evaluate(
    () => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true,
  );
  expect(kept, 'the first tab must not reload').toBe(true);
});

test('a session ended elsewhere, on any screen: "Session expired", then sign in and back', async ({
  page,
}) => {
  const user = newUser('student');
  await signUp(page, user);
  await page.goto('/dashboard/metrics');
  await expectLoaded(page);
  // The session ends on the server (signed out from another device).
  const status = await page.evaluate(async () => {
    const res = await fetch('/pb/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    return res.status;
  });
  expect(status).toBe(200);
  // The next screen asks the API, gets 401, and says why it goes to the sign-in form.
  await page.getByRole('link', { name: 'Prática adaptativa' }).first().click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Session expired' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%2Fadaptive/);
  await signInHere(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/adaptive\/?$/);
});
