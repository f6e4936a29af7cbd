import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { appOrigin, expect, newUser, signUp, test } from '../fixtures/test.ts';
import { buildApkg, PNG_1X1 } from '../../apps/server/test/fixtures/build-apkg.ts';

/**
 * Issue 12, point 5 in the browser: a CSV file into a deck — preview, column mapping, a row at
 * fault shown (and refused) before anything is saved, fixed in place, then imported; an Anki
 * package built by the repo's fixture script (never downloaded) imported as a new deck with its
 * image; a malformed package refused with a translated message; the screens say that the study
 * history is not imported; axe clean with the dialogs open.
 */

async function expectAxeClean(page: Page, label: string) {
  const found = await seriousViolations(page);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

async function cardCount(page: Page, deckId: string): Promise<number> {
  const res = await page.request.get(`/api/decks/${deckId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { card_count: number }).card_count;
}

test('CSV import: preview, column mapping, a row at fault shown before saving, then imported', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/decks', {
    data: { title: 'Geografia' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const deckId = ((await res.json()) as { id: string }).id;
  await page.goto(`/dashboard/flashcard/${deckId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Geografia' })).toBeVisible();

  await page.getByRole('button', { name: 'Ações do baralho' }).click();
  await page.getByRole('menuitem', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar cartões de CSV ou TSV' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Os cartões importados começam como novos')).toBeVisible();

  // A semicolon-separated file, answers first, with no header; line 3 has no question.
  const csv = [
    'Brasília;Qual é a capital do Brasil?;geografia brasil',
    'Paris;"Capital da França; na Europa";geografia',
    'Lima;;geografia',
    'Buenos Aires;Capital da Argentina?;',
  ].join('\r\n');
  // A program or a spreadsheet's own format renamed .csv is refused, not previewed as garbage.
  await dialog.getByLabel('Arquivo (.csv, .tsv ou .txt)').setInputFiles({
    name: 'planilha.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x21]),
  });
  await expect(
    dialog.getByText('planilha.csv não é um arquivo de texto.', { exact: false }),
  ).toBeVisible();
  await expect(dialog.getByText('Arquivo escolhido: planilha.csv')).toHaveCount(0);

  await dialog.getByLabel('Arquivo (.csv, .tsv ou .txt)').setInputFiles({
    name: 'capitais.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(dialog.getByText('Arquivo escolhido: capitais.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(
    dialog.getByText('4 linhas encontradas, separadas por ponto e vírgula.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('A primeira linha tem os nomes das colunas')).not.toBeChecked();
  await expectAxeClean(page, 'CSV import preview');

  // Guessed in order (front, back, tags): the answers would be the fronts. Swap the first two.
  await expect(dialog.getByLabel('Coluna 1: Brasília')).toHaveValue('front');
  // Line 3 would then be a card with no back: said (not refused) while the mapping is wrong.
  const noBack = dialog.getByText('1 cartão ficará sem verso (linha 3).', { exact: false });
  await expect(noBack).toBeVisible();
  await dialog.getByLabel('Coluna 2: Qual é a capital do Brasil?').selectOption('front');
  await expect(dialog.getByLabel('Coluna 1: Brasília')).toHaveValue('ignore');
  await dialog.getByLabel('Coluna 1: Brasília').selectOption('back');
  await expect(dialog.getByLabel('Coluna 3: geografia brasil')).toHaveValue('tags');
  await expect(noBack).toHaveCount(0);
  const preview = dialog.getByRole('region', { name: /Prévia das primeiras/ });
  await expect(preview.getByText('Qual é a capital do Brasil?')).toBeVisible();
  await expect(preview.getByText('Capital da França; na Europa')).toBeVisible();

  // Line 3 has no front: shown with its message before anything is sent.
  const problems = dialog.getByRole('region', { name: '1 linha precisa de ajuste' });
  await expect(problems).toBeVisible();
  await expect(problems.getByText('Linha 3')).toBeVisible();
  await expect(problems.getByText('A frente está vazia.')).toBeVisible();
  // Nothing is sent while a line needs fixing: the button is off and the line is named beside it.
  await expect(dialog.getByRole('button', { name: 'Importar 3 cartões' })).toBeDisabled();
  await expect(
    dialog.getByText('A linha 3 precisa de ajuste: corrija-a acima ou deixe-a de fora.', {
      exact: false,
    }),
  ).toBeVisible();
  expect(await cardCount(page, deckId)).toBe(0);

  // Fixed in place, then imported: every row at once.
  await problems.getByLabel('Frente').fill('Qual é a capital do Peru?');
  await expect(dialog.getByText('A frente está vazia.')).toHaveCount(0);
  // A double click imports once (its second click comes before the button shows it is busy).
  await dialog.getByRole('button', { name: 'Importar 4 cartões' }).dblclick();
  await expect(page.getByText('4 cartões importados para Geografia.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await cardCount(page, deckId)).toBe(4);
  await expect(page.getByText('Qual é a capital do Peru?')).toBeVisible();
  await expect(page.getByText('Capital da França; na Europa')).toBeVisible();

  // The export gives the same cards back (front, back, tags).
  const exported = await page.request.get(`/api/decks/${deckId}/export.csv`);
  expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await exported.text();
  expect(text).toContain('Capital da França; na Europa,Paris,geografia');
  expect(text).toContain('Qual é a capital do Peru?,Lima,geografia');
});

test('.apkg import: a package built by the fixture script becomes a deck with its image; a broken one is refused', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const good = testInfo.outputPath('enem.apkg');
  writeFileSync(good, buildApkg({ format: 'modern' }));
  const broken = testInfo.outputPath('quebrado.apkg');
  writeFileSync(broken, 'isto não é um pacote do Anki');

  await signUp(page, newUser('student'));
  await page.goto('/dashboard/flashcard');
  await page.getByRole('button', { name: 'Importar do Anki' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar um baralho do Anki' });
  await expect(
    dialog.getByText(
      'O histórico de estudo do Anki não é importado: todos os cartões começam como novos',
    ),
  ).toBeVisible();
  await expectAxeClean(page, 'apkg import dialog');

  // Malformed: a translated message, nothing created.
  await dialog.getByLabel('Pacote do Anki (.apkg)').setInputFiles(broken);
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(
    dialog.getByText(
      'Não conseguimos ler este arquivo. Confira se é um pacote do Anki (.apkg) e tente de novo.',
    ),
  ).toBeVisible();
  const decks = await page.request.get('/api/decks');
  expect(((await decks.json()) as { items: unknown[] }).items).toHaveLength(0);

  // The real package.
  await dialog.getByLabel('Pacote do Anki (.apkg)').setInputFiles(good);
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  const done = dialog.getByRole('status');
  await expect(done.getByText('Baralho criado: ENEM::Revisão')).toBeVisible();
  await expect(done.getByText('4 cartões importados.')).toBeVisible();
  await expect(done.getByText('1 imagem trazida junto.')).toBeVisible();
  await expect(done.getByText('2 notas de outros tipos ficaram de fora.')).toBeVisible();
  await expect(dialog.getByText('O histórico de estudo do Anki não é importado')).toBeVisible();
  await dialog.getByRole('link', { name: 'Abrir o baralho' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'ENEM::Revisão' })).toBeVisible();
  await expect(page.getByText('Qual é a capital do Brasil?')).toBeVisible();
  await expect(page.getByText('Que organela é esta?')).toBeVisible();
  const deckId = page.url().split('/').pop()!;

  // The image came along: studied, the second card shows it (same origin, the deck's own media).
  await page.getByRole('link', { name: 'Estudar agora' }).click();
  const question = page.getByTestId('review-card').getByRole('region', { name: 'Pergunta' });
  await expect(question).toContainText('Qual é a capital do Brasil?');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(question).toContainText('Que organela é esta?');
  const image = question.locator('img[src^="/api/media/"]');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);

  // Every card started new: no Anki history came along (one was just studied here).
  const detail = (await (await page.request.get(`/api/decks/${deckId}`)).json()) as {
    counts: { new: number; review: number; learning: number };
  };
  expect(detail.counts).toMatchObject({ new: 4, review: 0, learning: 0 });
});

test('an image in a card: uploaded from the editor, shown in the preview', async ({ page }) => {
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/decks', {
    data: { title: 'Citologia' },
    headers: appOrigin(),
  });
  const deckId = ((await res.json()) as { id: string }).id;
  await page.goto(`/dashboard/flashcard/${deckId}`);
  await page.getByRole('button', { name: 'Novo cartão' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Novo cartão' });
  await editor.getByLabel('Frente', { exact: true }).fill('Que organela é esta?');
  // One image button per side ("Imagem na frente", "Imagem no verso"); this one is the front's.
  await expect(editor.getByRole('button', { name: 'Imagem na frente' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Imagem no verso' })).toBeVisible();
  await editor
    .locator('input[type="file"][accept^="image/"]')
    .first()
    .setInputFiles({
      name: 'mitocondria.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1),
    });
  await expect(editor.getByLabel('Frente', { exact: true })).toHaveValue(
    /^Que organela é esta\?\n!\[\]\(\/api\/media\/[\w-]+\)$/,
  );
  await editor.getByRole('tab', { name: 'Pré-visualizar' }).click();
  const image = editor.locator('img[src^="/api/media/"]');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  await expectAxeClean(page, 'card editor preview with an image');
});

test('in English: the import dialogs say that the study history is not imported', async ({
  page,
}) => {
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/decks', {
    data: { title: 'Capitals' },
    headers: appOrigin(),
  });
  const deckId = ((await res.json()) as { id: string }).id;
  await page.goto('/dashboard/flashcard');
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Import from Anki' }).click();
  const anki = page.getByRole('dialog', { name: 'Import an Anki deck' });
  await expect(
    anki.getByText("Anki's study history is not imported: every card starts as new"),
  ).toBeVisible();
  await expectAxeClean(page, 'apkg import dialog (en)');
  await anki.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/dashboard/flashcard/${deckId}`);
  await page.getByRole('button', { name: 'Deck actions' }).click();
  await page.getByRole('menuitem', { name: 'Import' }).click();
  const csv = page.getByRole('dialog', { name: 'Import cards from CSV or TSV' });
  await expect(csv.getByText('Imported cards start as new')).toBeVisible();
  await csv.getByLabel('Or paste the text here').fill('front\ttags\nCapital of Peru?\tgeo');
  await csv.getByRole('button', { name: 'Preview' }).click();
  await expect(csv.getByText('1 line found, separated by tabs.')).toBeVisible();
  await expect(csv.getByLabel('The first line holds the column names')).toBeChecked();
  await csv.getByRole('button', { name: 'Import 1 card' }).click();
  await expect(page.getByText('1 card imported into Capitals.')).toBeVisible();
});
