import { DEMO_STUDENT } from '../fixtures/env.ts';
import { expect, expectLoaded, signInHere, test } from '../fixtures/test.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('at 360 px the dashboard navigation opens with "Abrir menu" and navigates', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  const nav = page.getByRole('navigation', { name: 'Ferramentas' });
  await expect(nav.getByRole('link', { name: 'Flashcards', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('link', { name: 'Flashcards', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/flashcard\/?$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Flashcards', exact: true }),
  ).toBeVisible();
  await expectLoaded(page);

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no horizontal scrolling at 360 px').toBeLessThanOrEqual(360);

  // The header has room for the app's whole name next to the language and the account.
  const name = page
    .getByRole('banner')
    .getByRole('link', { name: 'Aprenda' })
    .locator('span')
    .last();
  await expect(name).toHaveText('Aprenda');
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('at 360 px every link a thumb must hit on the student dashboard is at least 24 px tall', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  // The home screen is up (its chunk may arrive after the URL changed), then its "Hoje" panel.
  await expect(page.getByRole('heading', { name: 'Suas ferramentas' })).toBeVisible();
  await expect(page.getByText('Carregando o seu dia…')).toBeHidden();
  await expectLoaded(page);
  // WCAG 2.5.8 (target size, minimum): links that stand alone, not inside a sentence.
  const links = await page.locator('#main a, main a').all();
  expect(links.length).toBeGreaterThan(5);
  const small: string[] = [];
  for (const link of links) {
    const box = await link.boundingBox();
    if (box && box.height < 24)
      small.push(`${(await link.textContent())?.trim()} (${box.height} px)`);
  }
  expect(small).toEqual([]);
});
