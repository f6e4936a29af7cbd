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
