import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { expect, newUser, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 13 in the browser, the teacher's item bank at /dashboard/exercises: a single-choice item
 * with feedback and maths, a numeric template with a formula tried as a student (wrong, then
 * right, then another variant), an edit and a delete with its confirmation; a fault the editor
 * finds before sending and one the server finds, each on its field; a GIFT import with one bad
 * question (its line shown) then saved; axe on the list, the editor and the import dialog; 360 px
 * without sideways scrolling; the English UI.
 */

async function expectAxeClean(page: Page, label: string) {
  const found = await seriousViolations(page);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

/** Nothing wider than the screen. */
async function expectNoSideScroll(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, 'no horizontal scrolling').toBeLessThanOrEqual(width);
}

function choice(editor: Locator, letter: string): Locator {
  return editor.getByRole('group', { name: `Alternativa ${letter}`, exact: true });
}

async function openRowAction(page: Page, stemStart: string, action: string) {
  await page.getByRole('button', { name: new RegExp(`^Ações da questão “${stemStart}`) }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a teacher writes, tries, edits and deletes items, with errors on their fields', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, newUser('teacher'));
  await page.goto('/dashboard/exercises');
  await expect(page.getByRole('heading', { level: 1, name: 'Exercícios' })).toBeVisible();
  await expect(page).toHaveTitle('Exercícios · Aprenda');
  await expect(page.getByText('Você ainda não tem questões')).toBeVisible();
  await expect(page.getByText('Em breve')).toHaveCount(0);
  await expectAxeClean(page, 'item bank (empty)');
  await expectNoSideScroll(page, 360);

  // A single-choice item: first with no correct choice (the editor says so, nothing is sent).
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/items') posts += 1;
  });
  await page.getByRole('button', { name: 'Nova questão' }).first().click();
  let editor = page.getByRole('dialog', { name: 'Nova questão' });
  await expect(editor.getByRole('radio', { name: 'Escolha única' })).toBeChecked();
  // Each student gets their own order of the choices unless the author turns it off.
  await expect(editor.getByRole('switch', { name: 'Embaralhar as alternativas' })).toBeChecked();
  await editor.getByLabel('Enunciado', { exact: true }).fill('Qual é a derivada de $x^2$?');
  await choice(editor, 'A').getByLabel('Texto').fill('$2x$');
  await choice(editor, 'A').getByLabel('Feedback (opcional)').fill('Isso: regra da potência.');
  await choice(editor, 'B').getByLabel('Texto').fill('$x$');
  await choice(editor, 'B')
    .getByLabel('Feedback (opcional)')
    .fill('Faltou multiplicar pelo expoente.');
  await editor
    .getByLabel('Explicação (opcional)')
    .fill('Pela regra da potência, $\\frac{d}{dx}x^n = nx^{n-1}$.');
  await expect(editor.locator('.katex').first()).toBeVisible();
  await expectAxeClean(page, 'item editor');
  await expectNoSideScroll(page, 360);
  await editor.getByRole('button', { name: 'Salvar questão' }).click();
  await expect(editor.getByText('Marque exatamente uma alternativa como correta.')).toBeVisible();
  expect(posts).toBe(0);
  // What was typed is still there; marking the right choice saves it.
  await expect(editor.getByLabel('Enunciado', { exact: true })).toHaveValue(
    'Qual é a derivada de $x^2$?',
  );
  await choice(editor, 'A').getByLabel('Correta').check();
  await expect(editor.getByText('Marque exatamente uma alternativa como correta.')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Salvar questão' }).click();
  await expect(page.getByText('Questão criada.')).toBeVisible();
  await expect(editor).toHaveCount(0);
  expect(posts).toBe(1);
  const firstRow = page.getByRole('listitem').filter({ hasText: 'Qual é a derivada de' });
  await expect(firstRow).toBeVisible();
  await expect(firstRow.getByText('Escolha única')).toBeVisible();
  await expect(firstRow.getByText('Ainda sem respostas')).toBeVisible();

  // A numeric template: a formula the server cannot read comes back on its field.
  await page.getByRole('button', { name: 'Nova questão' }).first().click();
  editor = page.getByRole('dialog', { name: 'Nova questão' });
  await editor.getByRole('radio', { name: 'Numérica' }).click();
  await editor.getByLabel('Enunciado', { exact: true }).fill('Quanto é {{a}} + {{b}}?');
  await editor.getByRole('switch', { name: 'Modelo com variáveis' }).click();
  const v1 = editor.getByRole('group', { name: 'Variável 1' });
  await v1.getByLabel('Nome').fill('a');
  await v1.getByLabel('Máximo').fill('9');
  await editor.getByRole('button', { name: 'Adicionar variável' }).click();
  const v2 = editor.getByRole('group', { name: 'Variável 2' });
  await v2.getByLabel('Nome').fill('b');
  await v2.getByLabel('Máximo').fill('9');
  const formula = editor.getByLabel('Fórmula da resposta');
  await formula.fill('(a + b');
  await editor.getByRole('button', { name: 'Salvar questão' }).click();
  await expect(formula).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByText(/Não entendemos esta fórmula/)).toBeVisible();
  await expect(editor.getByLabel('Enunciado', { exact: true })).toHaveValue(
    'Quanto é {{a}} + {{b}}?',
  );
  await formula.fill('a + b');
  await editor.getByRole('button', { name: 'Salvar questão' }).click();
  await expect(page.getByText('Questão criada.').first()).toBeVisible();
  await expect(editor).toHaveCount(0);
  const templateRow = page.getByRole('listitem').filter({ hasText: 'Quanto é' });
  await expect(templateRow.getByText('Modelo', { exact: true })).toBeVisible();

  // Try it as a student: the variant shows numbers; wrong, then right.
  await openRowAction(page, 'Quanto é', 'Experimentar');
  const trial = page.getByRole('dialog', { name: 'Experimentar a questão' });
  const stem = trial.getByTestId('try-stem');
  await expect(stem).toHaveText(/Quanto é \d+ \+ \d+\?/);
  const [, a, b] = /(\d+) \+ (\d+)/.exec((await stem.textContent()) ?? '')!;
  const sum = Number(a) + Number(b);
  await trial.getByLabel('Sua resposta').fill(String(sum + 1));
  await trial.getByRole('button', { name: 'Corrigir' }).click();
  await expect(trial.getByText('Errado', { exact: true })).toBeVisible();
  await expect(trial.getByTestId('try-correct-value')).toHaveText(String(sum));
  await trial.getByLabel('Sua resposta').fill(String(sum));
  await trial.getByRole('button', { name: 'Corrigir' }).click();
  await expect(trial.getByText('Certo!')).toBeVisible();
  await expectNoSideScroll(page, 360);
  await trial.getByRole('button', { name: 'Outra variante' }).click();
  await expect(trial.getByText('Certo!')).toHaveCount(0);
  await expect(stem).toHaveText(/Quanto é \d+ \+ \d+\?/);
  await trial.getByRole('button', { name: 'Fechar' }).click();

  // Edit the first item.
  await openRowAction(page, 'Qual é a derivada', 'Editar');
  editor = page.getByRole('dialog', { name: 'Editar questão' });
  await expect(choice(editor, 'A').getByLabel('Correta')).toBeChecked();
  await editor.getByLabel('Enunciado', { exact: true }).fill('Qual é a derivada de $x^2$ em $x$?');
  await editor.getByRole('button', { name: 'Salvar questão' }).click();
  await expect(page.getByText('Questão salva.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'em' }).first()).toBeVisible();

  // Toasts stacked behind the newest one are drawn faded on purpose; axe reads them as low
  // contrast. Check the screen once they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAxeClean(page, 'item bank (two items)');
  await expectNoSideScroll(page, 360);

  // Delete it, confirmed.
  await openRowAction(page, 'Qual é a derivada', 'Excluir');
  const confirm = page.getByRole('alertdialog', { name: 'Excluir esta questão?' });
  await expect(confirm.getByText(/respostas que os alunos já deram continuam/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Excluir questão' }).click();
  await expect(page.getByText('Questão excluída.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Qual é a derivada' })).toHaveCount(0);
  await expect(templateRow).toBeVisible();
});

const GIFT = `// Três questões; a terceira é dissertativa.
::Capital:: Qual é a capital do Brasil? {=Brasília ~São Paulo ~Rio de Janeiro}

::Soma:: Quanto é 2+2? {#4}

::Redação:: Escreva sobre as suas férias. {}
`;

test('a teacher imports GIFT questions: the bad one with its line, then the good ones', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('teacher'));
  await page.goto('/dashboard/exercises');
  await page.getByRole('button', { name: 'Importar GIFT' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Importar questões em GIFT' });
  await expect(dialog.getByText(/Tipos aceitos: múltipla escolha/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.getByText('Cole o texto GIFT ou escolha um arquivo.')).toBeVisible();
  // A file over 1 MB is refused in the browser; a small one is read into the text.
  const file = dialog.getByLabel('Escolher arquivo .gift ou .txt');
  await file.setInputFiles({
    name: 'grande.gift',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(1_000_001, 'a'),
  });
  await expect(dialog.getByText(/O arquivo grande.gift passa de 1 MB/)).toBeVisible();
  await file.setInputFiles({
    name: 'questoes.gift',
    mimeType: 'text/plain',
    buffer: Buffer.from(GIFT, 'utf8'),
  });
  await expect(dialog.getByLabel('Texto GIFT')).toHaveValue(GIFT);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog.getByText('2 questões serão importadas')).toBeVisible();
  await expect(dialog.getByText('1 questão não pode ser importada')).toBeVisible();
  await expect(dialog.getByText(/Questão 3 \(linha 6\)/)).toBeVisible();
  await expect(dialog.getByText(/Tipo não aceito/)).toBeVisible();
  await expectAxeClean(page, 'GIFT import dialog (preview)');
  // A double click imports once.
  await dialog.getByRole('button', { name: 'Importar 2 questões' }).dblclick();
  await expect(page.getByText('2 questões importadas.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const imported = await page.request.get('/api/items?q=quanto');
  expect(((await imported.json()) as { items: unknown[] }).items).toHaveLength(1);
  await expect(page.getByRole('listitem').filter({ hasText: 'capital do Brasil' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Quanto é 2+2?' }).getByText('Numérica'),
  ).toBeVisible();

  // The search asks the server, accent-blind.
  await page.getByLabel('Buscar no enunciado').fill('QUANTO e');
  await expect(page.getByRole('listitem').filter({ hasText: 'capital do Brasil' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Quanto é 2+2?' })).toBeVisible();
});

test('in English: the item bank, the editor and the import dialog', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('teacher'));
  await page.goto('/dashboard/exercises');
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Exercises' })).toBeVisible();
  await expect(page.getByText('You have no questions yet')).toBeVisible();
  await page.getByRole('button', { name: 'New question' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New question' });
  await expect(editor.getByRole('radio', { name: 'Single choice' })).toBeChecked();
  await editor.getByRole('radio', { name: 'Short answer' }).click();
  await editor.getByLabel('Stem', { exact: true }).fill('Capital of France?');
  await editor.getByRole('button', { name: 'Save question' }).click();
  await expect(editor.getByText('Write at least one accepted answer.')).toBeVisible();
  await editor.getByLabel('Accepted answer 1', { exact: true }).fill('Paris');
  await expect(editor.getByRole('switch', { name: 'Public' })).toHaveAccessibleDescription(
    /every student's practice/,
  );
  await editor.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Question created.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Capital of France?' });
  await expect(row.getByText('Short answer')).toBeVisible();
  await page.getByRole('button', { name: 'Import GIFT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import GIFT questions' });
  await expect(dialog.getByText(/Supported types/)).toBeVisible();
  await expectAxeClean(page, 'GIFT import dialog (English)');
});
