import { expect, expectLoaded, newUser, signOut, signUp, test, TOOLS } from '../fixtures/test.ts';

test('a new student signs up, visits every tool, manages an API key and signs out', async ({
  page,
}) => {
  const user = newUser('student');
  await signUp(page, user);
  await expectLoaded(page);

  const nav = page.getByRole('navigation', { name: 'Ferramentas' });
  // A student's tools, in order (the nav may hold other links too, e.g. the dashboard home): the
  // ten without the teacher tools "Análises" and "Professor" (issue 11).
  const studentTools = TOOLS.filter(([path]) => path !== 'teacher' && path !== 'analytics');
  const toolNames: string[] = TOOLS.map(([, name]) => name);
  await expect(nav.getByRole('link', { name: 'Flashcards', exact: true })).toBeVisible();
  const linkTexts = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  expect(linkTexts.filter((t) => toolNames.includes(t))).toEqual(
    studentTools.map(([, name]) => name),
  );

  for (const [path, name] of studentTools) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${path}/?$`));
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    await expectLoaded(page);
  }

  // Profile via the user menu.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/profile\/?$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Chaves de API' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  const key = `sk-e2e-${Date.now().toString(36)}-plainsecret-a1b2`;
  const input = page.getByLabel('Chave OpenAI', { exact: true });
  await expect(input).toHaveAttribute('type', 'password');
  // The innermost element holding this provider's input and its buttons.
  const row = page
    .locator('div, li, section, form, fieldset')
    .filter({ has: input })
    .filter({ has: page.getByRole('button', { name: 'Salvar' }) })
    .last();
  // Only the OpenAI key is ever set in this test, so its masked tail identifies it on the page.
  const masked = page.getByText(/a1b2/);
  await input.fill(key);
  await row.getByRole('button', { name: 'Salvar' }).click();

  await expect(masked).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);
  const valuesOnPage = await page
    .locator('input, textarea')
    .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  expect(valuesOnPage).not.toContain(key);
  await page.reload();
  await expect(masked).toBeVisible();
  await expect(page.locator('body')).not.toContainText(key);

  // Removing asks first: Cancel keeps the key, confirming removes it with a toast.
  await row.getByRole('button', { name: 'Remover' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remover a chave OpenAI?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(masked).toBeVisible();
  await row.getByRole('button', { name: 'Remover' }).click();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Chave OpenAI removida.')).toBeVisible();
  await expect(masked).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Chaves de API' })).toBeVisible();
  await expect(masked).toHaveCount(0);

  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
});
