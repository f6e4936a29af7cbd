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

test('"Criar conta" is in the address: a reload keeps the tab and what was typed but the password', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/[?&]mode=signUp\b/);
  await page.getByLabel('Nome').fill('Ana Lima');
  await page.getByLabel('E-mail').fill('ana.lima@escola.com');
  await page.getByLabel('Senha', { exact: true }).fill('segredo-123');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Nome')).toHaveValue('Ana Lima');
  await expect(page.getByLabel('E-mail')).toHaveValue('ana.lima@escola.com');
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('');
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/mode=signUp/);
});
