import type { Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { resetLlm, scriptLlm, scriptLlmObject } from '../fixtures/llm-client.ts';
import { appOrigin, expect, newUser, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 12, point 7: cards from the tutor. The AI (the fake OpenAI-compatible provider, answering
 * the structured-output request with scripted cards) proposes cards from a conversation — the
 * chat's "Criar cartões" button — or from pasted text on a deck screen; the student edits one,
 * discards one, keeps the rest, and only the kept ones are saved, in the chosen deck.
 */

test.beforeEach(async () => {
  await resetLlm();
});

const PROPOSED = {
  cards: [
    {
      kind: 'basic',
      front: 'Onde acontece a fotossíntese?',
      back: 'Nas mitocôndrias.',
      tags: ['biologia'],
    },
    { kind: 'basic', front: 'Qual é a cor do céu?', back: 'Azul.', tags: [] },
    {
      kind: 'cloze',
      front: 'A {{c1::clorofila}} absorve a luz.',
      back: '',
      tags: ['fotossintese'],
    },
  ],
};

interface CardRow {
  kind: string;
  front: string;
  back: string;
  tags: string[];
}

async function cardsOf(page: Page, deckId: string): Promise<CardRow[]> {
  const res = await page.request.get(`/api/decks/${deckId}/cards`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: CardRow[] }).items;
}

/** Edit the first proposal, discard the second, keep the third. */
async function editAndDiscard(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Criar cartões com IA' });
  const list = dialog.getByRole('list', { name: 'Cartões sugeridos' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByText('3 de 3 cartões serão salvos', { exact: false })).toBeVisible();
  const first = list.getByRole('listitem').nth(0);
  await expect(first.getByLabel('Frente (pergunta)')).toHaveValue('Onde acontece a fotossíntese?');
  await first.getByLabel('Verso (resposta)').fill('Nos cloroplastos.');
  await list.getByRole('button', { name: 'Descartar cartão 2' }).click();
  await expect(list.getByText('Cartão 2 descartado: Qual é a cor do céu?')).toBeVisible();
  await expect(dialog.getByText('2 de 3 cartões serão salvos', { exact: false })).toBeVisible();
  await expect(list.getByRole('listitem').nth(2).getByLabel('Texto com lacunas')).toHaveValue(
    'A {{c1::clorofila}} absorve a luz.',
  );
  expect(await seriousViolations(page)).toEqual([]);
}

test('from a conversation: the chat button opens the generator; edit one, discard one, keep the rest in a new deck', async ({
  page,
}) => {
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/conversations', {
    data: { title: 'Fotossíntese' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/chat/${id}`);
  await scriptLlm({
    kind: 'answer',
    chunks: ['A fotossíntese acontece nos cloroplastos; ', 'a clorofila absorve a luz.'],
  });
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill('Onde acontece a fotossíntese?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('article', { name: 'Tutor' }).last()).toContainText(
    'a clorofila absorve a luz.',
  );

  await scriptLlmObject({ kind: 'object', value: PROPOSED });
  await page.getByRole('link', { name: 'Criar cartões' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/flashcard\\?generate=conversation:${id}$`));
  const dialog = page.getByRole('dialog', { name: 'Criar cartões com IA' });
  await expect(dialog.getByText('A IA lê a conversa “Fotossíntese”')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sugerir cartões' }).click();
  await editAndDiscard(page);

  // No deck yet: a new one, named here.
  await expect(dialog.getByLabel('Salvar no baralho')).toHaveValue('__new__');
  await dialog.getByRole('button', { name: 'Salvar 2 cartões' }).click();
  await expect(dialog.getByText('Preencha este campo.')).toBeVisible();
  await dialog.getByLabel('Nome do novo baralho').fill('Biologia — ENEM');
  await dialog.getByRole('button', { name: 'Salvar 2 cartões' }).click();
  await expect(page.getByText('2 cartões salvos em Biologia — ENEM.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The deck screen shows the two kept cards, the edit included, and not the discarded one.
  await expect(page).toHaveURL(/\/dashboard\/flashcard\/[0-9a-f-]{36}$/);
  const deckId = /flashcard\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: 'Biologia — ENEM' })).toBeVisible();
  await expect(page.getByText('Onde acontece a fotossíntese?')).toBeVisible();
  await expect(page.getByText('Qual é a cor do céu?')).toHaveCount(0);
  const cards = await cardsOf(page, deckId);
  expect(cards.map(({ kind, front, back, tags }) => ({ kind, front, back, tags }))).toEqual(
    expect.arrayContaining([
      {
        kind: 'basic',
        front: 'Onde acontece a fotossíntese?',
        back: 'Nos cloroplastos.',
        tags: ['biologia'],
      },
      {
        kind: 'cloze',
        front: 'A {{c1::clorofila}} absorve a luz.',
        back: '',
        tags: ['fotossintese'],
      },
    ]),
  );
  expect(cards).toHaveLength(2);
});

test('from pasted text on a deck screen: proposals saved into that deck', async ({ page }) => {
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/decks', {
    data: { title: 'Química' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id: deckId } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/flashcard/${deckId}`);
  await page.getByRole('button', { name: 'Criar cartões com IA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar cartões com IA' });

  // Nothing typed: the field says so and nothing is sent.
  await dialog.getByRole('button', { name: 'Sugerir cartões' }).click();
  await expect(dialog.getByText('Preencha este campo.')).toBeVisible();

  await scriptLlmObject({ kind: 'object', value: PROPOSED });
  await dialog
    .getByLabel('Texto')
    .fill('A fotossíntese acontece nos cloroplastos. A clorofila absorve a luz.');
  await dialog.getByRole('button', { name: 'Sugerir cartões' }).click();
  await editAndDiscard(page);
  await expect(dialog.getByLabel('Salvar no baralho')).toHaveValue(deckId);
  await dialog.getByRole('button', { name: 'Salvar 2 cartões' }).click();
  await expect(page.getByText('2 cartões salvos em Química.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Nos cloroplastos.')).toBeVisible();
  const cards = await cardsOf(page, deckId);
  expect(cards.map((c) => c.front).sort()).toEqual([
    'A {{c1::clorofila}} absorve a luz.',
    'Onde acontece a fotossíntese?',
  ]);
});
