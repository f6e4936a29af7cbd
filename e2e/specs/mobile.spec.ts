import { DEMO_STUDENT } from '../fixtures/env.ts';
import {
  appOrigin,
  expect,
  expectLoaded,
  newUser,
  signInHere,
  signUp,
  test,
} from '../fixtures/test.ts';

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

test('at 360 px a conversation shows its whole title above its buttons', async ({ page }) => {
  await signUp(page, newUser('student'));
  const title = 'Frações e porcentagens';
  const res = await page.request.post('/api/conversations', {
    data: { title },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/chat/${id}`);
  const heading = page.getByRole('heading', { level: 2, name: title });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar cartões' })).toBeVisible();
  // Not cut to "Fra…" by the buttons beside it.
  expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test("at 360 px the class's board opens zoomed out to fit the screen (demo data)", async ({
  page,
}) => {
  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/whiteboard');
  await page
    .getByRole('region', { name: 'Compartilhados comigo' })
    .getByRole('link', { name: 'Plano cartesiano — 9º ano', exact: true })
    .click();
  const canvas = page.getByTestId('board-canvas');
  await expect(canvas).not.toHaveAttribute('data-elements', '0');
  // Wider than a phone at 100 %: zoomed out so that the whole board shows.
  await expect(canvas).toHaveAttribute('data-zoom', /^0\.\d+$/);
});
