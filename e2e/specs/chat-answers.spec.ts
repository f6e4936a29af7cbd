import type { Page } from '@playwright/test';
import { appOrigin, expect, newUser, signUp, test } from '../fixtures/test.ts';
import { resetLlm, scriptLlm } from '../fixtures/llm-client.ts';

/**
 * Issue 11, point 2: an answer survives leaving. The server goes on writing it when the student
 * switches conversation or closes the tab; coming back shows it — still streaming if it is not
 * finished, then whole. Only Stop stops it.
 */

test.beforeEach(async () => {
  await resetLlm();
});

async function createConversation(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/conversations', {
    data: { title },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function ask(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill(text);
  await page.getByRole('button', { name: 'Enviar' }).click();
}

async function storedAnswer(page: Page, id: string) {
  const res = await page.request.get(`/api/conversations/${id}/messages`);
  const body = (await res.json()) as {
    items: Array<{ role: string; status: string; text: string }>;
  };
  return body.items.at(-1);
}

const CHUNKS = Array.from({ length: 14 }, (_, i) => `passo${i} `);
const WHOLE = CHUNKS.join('').trim();

test('switching conversation mid-stream and coming back: still streaming, then complete', async ({
  page,
}) => {
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'Ciclo da água');
  await createConversation(page, 'Outra conversa');
  await page.goto(`/dashboard/chat/${id}`);
  await scriptLlm({ kind: 'answer', chunks: CHUNKS, delayMs: 350 });
  await ask(page, 'Explique o ciclo da água');
  await expect(page.getByRole('article', { name: 'Tutor' }).last()).toContainText('passo1');

  // Away to another conversation…
  await page.getByRole('link', { name: 'Outra conversa' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Outra conversa' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Tutor' })).toHaveCount(0);

  // …and back: the answer is still being written, and it goes on to the end.
  await page.getByRole('link', { name: 'Ciclo da água' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ciclo da água' })).toBeVisible();
  const answer = page.getByRole('article', { name: 'Tutor' }).last();
  await expect(page.getByTestId('streaming-cursor')).toBeVisible();
  await expect(answer).toContainText('passo');
  expect(await answer.textContent()).not.toContain('passo13');
  await expect(answer).toContainText(WHOLE);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  expect(await storedAnswer(page, id)).toMatchObject({ status: 'complete', text: CHUNKS.join('') });

  await page.reload();
  await expect(page.getByRole('article', { name: 'Tutor' }).last()).toContainText(WHOLE);
});

test('closing the tab mid-stream: a new page shows the whole answer', async ({ page, context }) => {
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'Fotossíntese');
  await page.goto(`/dashboard/chat/${id}`);
  await scriptLlm({ kind: 'answer', chunks: CHUNKS, delayMs: 250 });
  await ask(page, 'O que é fotossíntese?');
  await expect(page.getByRole('article', { name: 'Tutor' }).last()).toContainText('passo1');
  await page.close();

  const again = await context.newPage();
  await again.goto(`/dashboard/chat/${id}`);
  await expect(again.getByRole('article', { name: 'Você' })).toContainText('O que é fotossíntese?');
  await expect(again.getByRole('article', { name: 'Tutor' }).last()).toContainText(WHOLE);
  await expect(again.getByTestId('streaming-cursor')).toHaveCount(0);
  expect(await storedAnswer(again, id)).toMatchObject({
    status: 'complete',
    text: CHUNKS.join(''),
  });
});

test('Stop stops the answer on the server: what was shown is what is stored', async ({ page }) => {
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'Contagem');
  await page.goto(`/dashboard/chat/${id}`);
  await scriptLlm({ kind: 'answer', chunks: CHUNKS, delayMs: 300 });
  await ask(page, 'Conte devagar');
  const answer = page.getByRole('article', { name: 'Tutor' }).last();
  await expect(answer).toContainText('passo2');
  await page.getByRole('button', { name: 'Parar', exact: true }).click();
  await expect(answer.getByText('Resposta interrompida.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
  const stored = await storedAnswer(page, id);
  expect(stored?.status).toBe('stopped');
  expect(stored?.text).not.toContain('passo13');
  const shown = (await answer.getByTestId('assistant-text').textContent())?.trim();
  expect(shown).toBe(stored?.text.trim());

  // It stays stopped: nothing more arrives, also after a reload.
  await page.waitForTimeout(1500);
  expect((await storedAnswer(page, id))?.text).toBe(stored?.text);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Tutor' }).last()).toContainText(
    'Resposta interrompida.',
  );
});
