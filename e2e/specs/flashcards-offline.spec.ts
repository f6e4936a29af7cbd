import type { Page } from '@playwright/test';
import { appOrigin, expect, newUser, sendNowUnlessSent, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 12, point 4: no tap lost. Ratings given without a network wait in IndexedDB with a
 * visible count, survive a reload, and are sent in order when the network returns — each counted
 * once, even when an answer was lost on the way and the same rating was sent again.
 */

async function deckWithCards(page: Page, n: number): Promise<string> {
  const res = await page.request.post('/api/decks', {
    data: { title: 'Revisão sem internet' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const cards = Array.from({ length: n }, (_, i) => ({
    kind: 'basic',
    front: `Pergunta ${i + 1}`,
    back: `Resposta ${i + 1}`,
  }));
  const batch = await page.request.post(`/api/decks/${id}/cards/batch`, {
    data: { cards },
    headers: appOrigin(),
  });
  expect(batch.status()).toBe(201);
  return id;
}

async function stored(page: Page, deckId: string) {
  const res = await page.request.get(`/api/decks/${deckId}?tz=America/Sao_Paulo`);
  expect(res.ok()).toBe(true);
  const deck = (await res.json()) as {
    counts: { due: number };
    parameters: { review_count: number };
  };
  return { due: deck.counts.due, reviews: deck.parameters.review_count };
}

/** Show the answer and rate "Fácil" by keyboard; wait for the next card (or the end). */
async function rateEasy(page: Page, front: string) {
  const question = page.getByTestId('review-card').getByRole('region', { name: 'Pergunta' });
  await expect(question).toHaveText(front);
  await page.keyboard.press('Space');
  await expect(page.getByRole('group', { name: 'Como foi?' })).toBeVisible();
  await page.keyboard.press('4');
}

/** The fronts in the order the queue shows them. */
async function fronts(page: Page, deckId: string): Promise<string[]> {
  const res = await page.request.get(`/api/decks/${deckId}/queue?tz=America/Sao_Paulo&limit=50`);
  const queue = (await res.json()) as { items: { front: string }[] };
  return queue.items.map((i) => i.front);
}

test('offline: five ratings wait with a visible count and are stored once each on reconnect', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow(/net::ERR_INTERNET_DISCONNECTED/, 'the browser is offline on purpose');
  await signUp(page, newUser('student'));
  const deckId = await deckWithCards(page, 5);
  const order = await fronts(page, deckId);
  expect(order).toHaveLength(5);
  await page.goto(`/dashboard/flashcard/${deckId}/estudar`);
  await expect(page.getByTestId('review-progress')).toHaveText('5 cartões restantes hoje');
  // What the app fetches once its first screen is up, so that it still works offline: the user
  // menu, its sign-out words, the count of unsent work and the toasts. A person loses the
  // connection later than a test does; wait for them as their page would have them.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          ['/user-menu-', '/unsent-work-', '/sonner-', '/profile-'].filter(
            (name) => !performance.getEntriesByType('resource').some((e) => e.name.includes(name)),
          ),
        ),
      { timeout: 20_000 },
    )
    .toEqual([]);

  await context.setOffline(true);
  for (const front of order) await rateEasy(page, front);
  const badge = page.getByTestId('pending-reviews');
  await expect(badge).toHaveText('5 avaliações aguardando conexão');
  await expect(
    page.getByText('Você está sem conexão e os cartões carregados acabaram.', { exact: false }),
  ).toBeVisible();

  // Signing out would delete them with the device's data: the menu says so first, and staying
  // keeps them (still counted, still sent on reconnect).
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  const ask = page.getByRole('alertdialog', {
    name: 'Sair sem enviar o que você fez sem conexão?',
  });
  await expect(ask).toContainText('5 alterações feitas neste aparelho sem conexão');
  await ask.getByRole('button', { name: 'Continuar conectado' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/estudar$/);
  await expect(badge).toHaveText('5 avaliações aguardando conexão');
  // Signing out anyway cannot reach the server without a connection: it says so and changes
  // nothing (the session's cookie would still open the account to the next person).
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await ask.getByRole('button', { name: 'Sair e descartar' }).click();
  await expect(
    page.getByText('Sem conexão com o servidor. Verifique sua internet e tente de novo.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/estudar$/);
  await expect(badge).toHaveText('5 avaliações aguardando conexão');
  await context.setOffline(false);

  await expect(badge).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Pronto por hoje!' })).toBeVisible();
  await expect(page.getByText('Você estudou 5 cartões.')).toBeVisible();
  await expect.poll(() => stored(page, deckId)).toEqual({ due: 0, reviews: 5 });

  // Everything sent: signing out asks nothing.
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(ask).toHaveCount(0);
});

test('ratings survive a reload, and a rating whose answer was lost is counted once', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/net::ERR_(CONNECTION_RESET|FAILED)/, 'answers are lost on purpose');
  await signUp(page, newUser('student'));
  const deckId = await deckWithCards(page, 5);
  const order = await fronts(page, deckId);
  await page.goto(`/dashboard/flashcard/${deckId}/estudar`);
  await expect(page.getByTestId('review-progress')).toHaveText('5 cartões restantes hoje');

  // Each rating reaches the server, but its answer is lost: the browser sees a network failure.
  let reached = 0;
  await page.route('**/api/reviews', async (route) => {
    reached += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  for (const front of order) await rateEasy(page, front);
  const badge = page.getByTestId('pending-reviews');
  await expect(badge).toHaveText('5 avaliações aguardando conexão');
  expect(reached).toBeGreaterThanOrEqual(1);
  // The first rating is on the server already; the rest wait in the browser.
  expect((await stored(page, deckId)).reviews).toBe(1);

  // A reload keeps the queue (IndexedDB).
  await page.reload();
  await expect(badge).toHaveText('5 avaliações aguardando conexão');

  // The network is back: all five are sent, in order, and the one sent twice counts once.
  await page.unroute('**/api/reviews');
  await sendNowUnlessSent(page, badge);
  await expect(badge).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => stored(page, deckId)).toEqual({ due: 0, reviews: 5 });
  // This sitting (after the reload) rated nothing: nothing left to study.
  await expect(page.getByRole('heading', { name: 'Nada para estudar agora' })).toBeVisible();
});
