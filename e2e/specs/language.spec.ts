import { expect, test } from '../fixtures/test.ts';

test('Portuguese by default whatever the browser says; English at once and after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Português' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toBeVisible();
  await context.close();
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Página não encontrada', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
});
