import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { seriousViolations } from '../fixtures/axe.ts';
import { appOrigin, expect, expectLoaded, newUser, signUp, test } from '../fixtures/test.ts';
import { signUpApi } from '../fixtures/screen-tour.ts';

/**
 * Issue 13, points 3 and 6 in the browser (the teacher's side): a set built on the "Listas" tab of
 * /dashboard/exercises with two chosen items and a draw by skill, given to a class (the due date
 * lands in the class calendar); five students answer through the API; the teacher reads the
 * results — the grid, the distribution, the item analysis with its flags, the CSV — axe clean and
 * without sideways scrolling at 360 px; the same screens in English.
 */

const SKILL_ID = 'bncc-ef07ma04';

async function ok(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
}

async function expectAxeClean(page: Page, label: string) {
  const found = await seriousViolations(page);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

async function expectNoSideScroll(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, 'no horizontal scrolling').toBeLessThanOrEqual(width);
}

/** The teacher's sets: the "Listas" tab of the exercises screen. */
async function openSets(page: Page, tab = 'Listas') {
  await page.goto('/dashboard/exercises');
  await page.getByRole('tab', { name: tab }).click();
  await expectLoaded(page);
}

interface Items {
  easy: string;
  numeric: string;
  drawn: string[];
}

/** Two items to choose by hand and two of the skill for the draw (choices a–d, a is right). */
async function createItems(request: APIRequestContext, stamp: string): Promise<Items> {
  const headers = appOrigin();
  const choices = ['a', 'b', 'c', 'd'].map((id, i) => ({
    id,
    text: `Opção ${i + 1}`,
    correct: id === 'a',
  }));
  async function post(data: Record<string, unknown>) {
    const res = await request.post('/api/items', { data, headers });
    await ok(res, 'item');
    return ((await res.json()) as { id: string }).id;
  }
  return {
    easy: await post({ kind: 'single', stem: `Soma simples: quanto é 2 + 2? ${stamp}`, choices }),
    numeric: await post({
      kind: 'numeric',
      stem: `Produto: quanto é 3 × 5? ${stamp}`,
      numeric: { answer: 15, tolerance: 0 },
    }),
    drawn: [
      await post({
        kind: 'single',
        stem: `Sorteio: −3 + 5 ${stamp}`,
        skill_id: SKILL_ID,
        choices,
      }),
      await post({
        kind: 'single',
        stem: `Sorteio: −2 · 4 ${stamp}`,
        skill_id: SKILL_ID,
        choices,
      }),
    ],
  };
}

async function createClass(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/api/classes', { data: { title }, headers: appOrigin() });
  await ok(res, 'class');
  return ((await res.json()) as { id: string }).id;
}

interface Attempt {
  id: string;
  items: { item: { id: string; kind: string } }[];
}

/**
 * `count` students, each in their own browser context, added to the class by the teacher, who
 * start the assignment, answer (the first item right for all; the numeric right for the first
 * `numericRight`) and hand in.
 */
async function studentsAnswer(
  browser: Browser,
  baseURL: string | undefined,
  teacher: APIRequestContext,
  classId: string,
  assignmentId: string,
  items: Items,
  count: number,
  numericRight: number,
) {
  const headers = appOrigin();
  for (let n = 0; n < count; n += 1) {
    const context = await browser.newContext({ baseURL });
    try {
      const who = { ...newUser('student'), name: `Estudante ${String.fromCharCode(69 - n)}${n}` };
      await signUpApi(context, who);
      const session = await context.request.get('/pb/auth/get-session');
      const userId = ((await session.json()) as { user: { id: string } }).user.id;
      await ok(
        await teacher.post(`/api/classes/${classId}/members?user_id=${userId}&role=student`, {
          headers,
        }),
        'add member',
      );
      const started = await context.request.post(
        `/api/assignments/${assignmentId}/attempts?lang=pt-BR`,
        { headers },
      );
      await ok(started, 'attempt');
      const attempt = (await started.json()) as Attempt;
      for (const { item } of attempt.items) {
        const response =
          item.id === items.numeric
            ? { value: n < numericRight ? '15' : '14' }
            : { choice: item.id === items.easy ? 'a' : 'b' };
        await ok(
          await context.request.post(`/api/attempts/${attempt.id}/answers`, {
            data: { id: randomUUID(), item_id: item.id, response, duration_ms: 5000 },
            headers,
          }),
          'answer',
        );
      }
      await ok(
        await context.request.post(`/api/attempts/${attempt.id}/submit?lang=pt-BR`, { headers }),
        'submit',
      );
    } finally {
      await context.close();
    }
  }
}

test('a teacher builds a set with two items and a draw, gives it to a class, and reads the results of five students', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signUp(page, newUser('teacher'));
  const items = await createItems(page.request, stamp);
  const classTitle = `7º A ${stamp}`;
  const classId = await createClass(page.request, classTitle);

  await openSets(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Listas de exercícios' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem listas')).toBeVisible();
  await expectAxeClean(page, 'sets (empty)');

  // A set: two items from the bank, chosen by searching, and a draw of the skill.
  await page.getByRole('button', { name: 'Nova lista' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Nova lista' });
  await editor.getByLabel('Título').fill(`Revisão ${stamp}`);
  // Sending without entries says what is missing and keeps the title.
  await editor.getByRole('button', { name: 'Criar lista' }).click();
  await expect(editor.getByText('Adicione pelo menos uma questão ou um sorteio.')).toBeVisible();
  await expect(editor.getByLabel('Título')).toHaveValue(`Revisão ${stamp}`);

  const search = editor.getByRole('searchbox', { name: 'Buscar questões na sua coleção' });
  await search.fill('Soma simples');
  await editor
    .getByRole('button', { name: `Adicionar: Soma simples: quanto é 2 + 2? ${stamp}` })
    .click();
  await search.fill('Produto');
  await editor
    .getByRole('button', { name: `Adicionar: Produto: quanto é 3 × 5? ${stamp}` })
    .click();
  await expect(
    editor.getByRole('button', { name: `Já está na lista: Produto: quanto é 3 × 5? ${stamp}` }),
  ).toBeDisabled();

  await editor.getByLabel('Habilidade do sorteio').fill('EF07MA04');
  await editor.getByRole('button', { name: /^EF07MA04 · / }).click();
  await editor.getByLabel('Quantas questões').fill('1');
  await editor.getByRole('button', { name: 'Adicionar sorteio' }).click();
  await expect(
    editor.getByText(/1 questão sorteada da habilidade EF07MA04 · Operações com números inteiros/),
  ).toBeVisible();
  await expect(editor.getByText('Cada estudante responde 3 questões.')).toBeVisible();

  // Reorder: the numeric item goes first.
  await editor.getByRole('button', { name: 'Subir o item 2' }).click();
  await expect(editor.getByRole('listitem').first()).toContainText(
    `Produto: quanto é 3 × 5? ${stamp}`,
  );
  await expectAxeClean(page, 'set editor');
  await editor.getByRole('button', { name: 'Criar lista' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText(`Lista “Revisão ${stamp}” criada.`)).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: `Revisão ${stamp}` });
  await expect(card.getByText('3 questões por estudante')).toBeVisible();
  await expect(card.getByText('Ainda não foi passada para nenhuma turma.')).toBeVisible();

  // Give it to the class: a due date already past (a wrong day) is refused, in words.
  await card.getByRole('button', { name: `Passar “Revisão ${stamp}” para a turma` }).click();
  const assign = page.getByRole('dialog', { name: 'Passar para a turma' });
  await assign.getByLabel('Turma').selectOption({ label: classTitle });
  const [yesterday, nextWeek, inTwoWeeks] = await page.evaluate(() => {
    const local = (d: Date) => {
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    const day = 86_400_000;
    return [-1, 7, 14].map((n) => local(new Date(Date.now() + n * day)));
  });
  await assign.getByLabel('Prazo', { exact: true }).fill(yesterday!);
  await assign.getByRole('button', { name: 'Passar para a turma' }).click();
  await expect(assign.getByText('Esse prazo já passou. Confira o dia e o ano.')).toBeVisible();
  await assign.getByLabel('Prazo', { exact: true }).fill(nextWeek!);
  await assign.getByLabel('Tentativas').fill('0');
  await assign.getByRole('radio', { name: 'Depois do prazo' }).check();
  await assign.getByRole('radio', { name: 'Na hora' }).check();
  await expectAxeClean(page, 'assign dialog');
  await assign.getByRole('button', { name: 'Passar para a turma' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText(/entrou no calendário da turma/)).toBeVisible();

  // The due date is a class event.
  const events = await page.request.get(`/api/classes/${classId}/events`);
  await ok(events, 'events');
  const found = (await events.json()) as { items: { title: string }[] };
  expect(found.items.map((e) => e.title)).toContain(`Revisão ${stamp}`);

  const given = card.getByRole('list', { name: `Turmas que receberam “Revisão ${stamp}”` });
  await expect(given.getByText(classTitle)).toBeVisible();
  await expect(given.getByText('Tentativas sem limite')).toBeVisible();
  const assignments = await page.request.get(`/api/classes/${classId}/assignments`);
  const assignmentId = ((await assignments.json()) as { id: string }[])[0]!.id;

  // A week more and two attempts: the calendar follows.
  await given
    .getByRole('button', { name: `Alterar datas e tentativas da atividade da turma ${classTitle}` })
    .click();
  const change = page.getByRole('dialog', { name: `Alterar a atividade da turma ${classTitle}` });
  await expect(change.getByLabel('Prazo', { exact: true })).toHaveValue(nextWeek!);
  await change.getByLabel('Prazo', { exact: true }).fill(inTwoWeeks!);
  await change.getByLabel('Tentativas').fill('2');
  await expectAxeClean(page, 'change assignment dialog');
  await change.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(change).toBeHidden();
  await expect(
    page.getByText(`Atividade da turma ${classTitle} alterada.`, { exact: false }),
  ).toBeVisible();
  await expect(given.getByText('2 tentativas')).toBeVisible();
  const moved = await page.request.get(`/api/classes/${classId}/events`);
  const dueEvent = (
    (await moved.json()) as { items: { title: string; starts_at: string }[] }
  ).items.find((e) => e.title === `Revisão ${stamp}`);
  expect(Date.parse(dueEvent!.starts_at)).toBe(
    await page.evaluate((v) => new Date(v).getTime(), inTwoWeeks!),
  );

  // Five students answer: the first item right for all, the numeric right for three.
  await studentsAnswer(browser, baseURL, page.request, classId, assignmentId, items, 5, 3);

  await given.getByRole('link', { name: `Ver resultados da turma ${classTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/exercises/resultados/${assignmentId}$`));
  await expect(page).toHaveTitle(`Resultados de Revisão ${stamp} · Aprenda`);
  await expect(page.getByRole('heading', { level: 1, name: `Revisão ${stamp}` })).toBeVisible();
  await expect(page.getByText('5 de 5')).toBeVisible();

  // The grid: a table with one row per student and a word for every cell.
  const grid = page.getByRole('table', { name: /Resultado de cada estudante por questão/ });
  await expect(grid.getByRole('row')).toHaveCount(6);
  await expect(grid.getByRole('rowheader').first()).toContainText('Estudante A4');
  await expect(grid.getByText('Certa').first()).toBeAttached();
  await page.getByRole('button', { name: 'Por nota', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Por nota', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await grid.getByRole('button', { name: 'Estudante E0' }).click();
  const detail = page.getByRole('dialog', { name: 'Estudante E0' });
  await expect(detail.getByText('Entregue em')).toBeVisible();
  // What the student answered, not only right or wrong.
  await expect(detail.getByText('Resposta: 15', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The distribution and the analysis, with the flags of the easy item.
  const distribution = page.getByRole('table', { name: /cada faixa de nota/ });
  await expect(distribution.getByRole('row')).toHaveCount(11);
  const easy = page
    .getByRole('listitem')
    .filter({ hasText: `Soma simples: quanto é 2 + 2? ${stamp}` });
  await expect(easy.getByText('100% acertaram')).toBeVisible();
  await expect(easy.getByText('Muito fácil: mais de 70% acertaram.')).toBeVisible();
  await expect(easy.getByText('Alternativas que ninguém marcou: b, c, d')).toBeVisible();
  const numeric = page
    .getByRole('listitem')
    .filter({ hasText: `Produto: quanto é 3 × 5? ${stamp}` });
  await expect(numeric.getByText('60% acertaram')).toBeVisible();
  await expectAxeClean(page, 'results');

  // The CSV of the grid.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar notas (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const gridText = Buffer.concat(csv).toString('utf8');
  expect(gridText).toContain('Estudante A4');
  // For Excel in Portuguese: a BOM, ';' between values, the headers in Portuguese.
  expect(gridText.startsWith('\uFEFFEstudante;Entregue em;Atrasada;Nota (%);')).toBe(true);
  const [itemsCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar análise (CSV)' }).click(),
  ]);
  expect(itemsCsv.suggestedFilename()).toMatch(/\.csv$/);

  // At 360 px the page does not scroll sideways; the grid scrolls in its own box.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(grid).toBeVisible();
  await expectNoSideScroll(page, 360);
  const box = page.getByTestId('results-grid-scroll');
  const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.client).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'results (360 px)');

  // Back from the results lands on "Listas": the tab is in the address, so a reload keeps it.
  await page.getByRole('link', { name: 'Voltar aos exercícios' }).click();
  await expect(page).toHaveURL(/\/dashboard\/exercises\?tab=sets$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Listas' })).toHaveAttribute('aria-selected', 'true');
  await expectLoaded(page);

  // Deleting the assignment says the attempts are lost.
  await page
    .getByRole('button', { name: `Remover a atividade da turma ${classTitle}` })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('As tentativas e as notas dos estudantes serão perdidas');
  await confirm.getByRole('button', { name: 'Remover atividade' }).click();
  await expect(page.getByText(`Atividade removida da turma ${classTitle}.`)).toBeVisible();
  await expectNoSideScroll(page, 360);

  // Edit at 360 px (the entries come back in their order), then delete the set.
  await page.getByRole('button', { name: `Editar a lista “Revisão ${stamp}”` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar lista' });
  await expect(edit.getByText('Cada estudante responde 3 questões.')).toBeVisible();
  await expect(edit.getByRole('listitem').first()).toContainText('Produto: quanto é 3 × 5?');
  await expectNoSideScroll(page, 360);
  await expectAxeClean(page, 'set editor (360 px)');
  await edit.getByRole('button', { name: 'Salvar lista' }).click();
  await expect(page.getByText('Lista salva.')).toBeVisible();
  await page.getByRole('button', { name: `Excluir a lista “Revisão ${stamp}”` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir lista' }).click();
  await expect(page.getByText('Você ainda não tem listas')).toBeVisible();
});

test('in English: the sets, the assign dialog and the results', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signUp(page, newUser('teacher'));
  const items = await createItems(page.request, stamp);
  const classId = await createClass(page.request, `Class ${stamp}`);
  const created = await page.request.post('/api/sets', {
    data: {
      title: `Review ${stamp}`,
      entries: [{ item_id: items.easy }, { skill_id: SKILL_ID, count: 2 }],
    },
    headers: appOrigin(),
  });
  await ok(created, 'set');
  const set = (await created.json()) as { id: string };
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const given = await page.request.post(`/api/classes/${classId}/assignments`, {
    data: { set_id: set.id, open_at: new Date().toISOString(), due_at: due },
    headers: appOrigin(),
  });
  await ok(given, 'assignment');
  const assignmentId = ((await given.json()) as { id: string }).id;

  await page.goto('/dashboard/exercises');
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption({ label: 'English' });
  await openSets(page, 'Sets');
  await expect(page.getByRole('heading', { level: 2, name: 'Exercise sets' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `Review ${stamp}` });
  await expect(card.getByText('3 questions per student')).toBeVisible();
  await card.getByRole('button', { name: `Give “Review ${stamp}” to a class` }).click();
  const assign = page.getByRole('dialog', { name: 'Give to a class' });
  await expect(assign.getByLabel('Due', { exact: true })).toBeVisible();
  await expect(assign.getByRole('radio', { name: 'Right away' })).toBeChecked();
  await expectAxeClean(page, 'assign (en)');
  await page.keyboard.press('Escape');

  await card.getByRole('link', { name: `See the results of Class ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/resultados/${assignmentId}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Scores by question' })).toBeVisible();
  await expect(page.getByText('0 of 0')).toBeVisible();
  await expect(page.getByText('The class has no students yet')).toBeVisible();
  await expect(page.getByText('It shows once someone hands in.')).toBeVisible();
  await expectAxeClean(page, 'results (en)');
});
