import { DEMO_STUDENT } from '../fixtures/env.ts';
import { expect, signInHere, test } from '../fixtures/test.ts';
import { seriousViolations } from '../fixtures/axe.ts';

test('axe finds no serious or critical violation on /, /auth, /dashboard, /profile', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
  expect.soft(await seriousViolations(page), '/').toEqual([]);

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  expect.soft(await seriousViolations(page), '/auth').toEqual([]);

  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('navigation', { name: 'Ferramentas' })).toBeVisible();
  expect.soft(await seriousViolations(page), '/dashboard').toEqual([]);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Chaves de API' })).toBeVisible();
  expect.soft(await seriousViolations(page), '/profile').toEqual([]);
});
