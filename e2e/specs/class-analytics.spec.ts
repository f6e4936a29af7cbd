import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { seriousViolations } from '../fixtures/axe.ts';
import { signUpApi } from '../fixtures/screen-tour.ts';
import { appOrigin, expect, expectLoaded, newUser, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 14, point 2 in the browser: a teacher's class analytics. A class with two students: one
 * hands in a list of two questions of one skill (one right, one wrong) through the API, the other
 * never studies. The teacher sees "Precisa de atenção" with the idle student and the reason in
 * words, opens them with one click, reads the activity, assignments and the students × skills
 * table, exports a CSV, and follows a student's assignment to its results with their answers
 * open — at 1280 and 360 px, in Portuguese and English, axe clean, no sideways scrolling. A
 * student gets no analytics (no tool, the route says it is not for them, the API answers 404).
 */

const SKILL_ID = 'bncc-ef07ma04';

async function ok(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
}

async function expectAxeClean(page: Page, label: string) {
  const found = await seriousViolations(page);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

/** The page is no wider than the screen; on failure, the widest elements not in a scroll box. */
async function expectNoSideScroll(page: Page, width: number) {
  const { scroll, culprits } = await page.evaluate((screen) => {
    // Elements that cross the right edge while their parent does not, outside scroll boxes.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const parent = el.parentElement;
        if (!parent || el.getBoundingClientRect().right <= screen + 0.5) return false;
        if (parent.getBoundingClientRect().right > screen + 0.5) return false;
        return !['auto', 'scroll', 'hidden'].includes(getComputedStyle(parent).overflowX);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName} ${String(el.className).slice(0, 80)}`);
    return { scroll: document.documentElement.scrollWidth, culprits };
  }, width);
  expect(scroll, `no horizontal scrolling: ${culprits.join(' | ')}`).toBeLessThanOrEqual(width);
}

interface Seeded {
  classId: string;
  classTitle: string;
  listTitle: string;
  assignmentId: string;
  active: { id: string; name: string };
  idle: { id: string; name: string };
}

async function post(request: APIRequestContext, url: string, data?: unknown) {
  const res = await request.post(url, { data, headers: appOrigin() });
  await ok(res, url);
  return (await res.json()) as { id: string };
}

/** A student in their own context, added to the class; returns the context (to act as them). */
async function addStudent(
  browser: Browser,
  baseURL: string | undefined,
  teacher: APIRequestContext,
  classId: string,
  name: string,
) {
  const context = await browser.newContext({ baseURL });
  await signUpApi(context, { ...newUser('student'), name });
  const session = await context.request.get('/pb/auth/get-session');
  const id = ((await session.json()) as { user: { id: string } }).user.id;
  await post(teacher, `/api/classes/${classId}/members?user_id=${id}&role=student`);
  return { context, id, name };
}

/** The class, a list of two questions of one skill given to it, and two students. */
async function seed(browser: Browser, baseURL: string | undefined, teacher: Page): Promise<Seeded> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const request = teacher.request;
  const classTitle = `8º B ${stamp}`;
  const { id: classId } = await post(request, '/api/classes', { title: classTitle });
  const choices = ['a', 'b', 'c'].map((id, i) => ({
    id,
    text: `Opção ${i + 1}`,
    correct: id === 'a',
  }));
  const q1 = await post(request, '/api/items', {
    kind: 'single',
    stem: `Quanto é −3 + 5? ${stamp}`,
    skill_id: SKILL_ID,
    choices,
  });
  const q2 = await post(request, '/api/items', {
    kind: 'single',
    stem: `Quanto é −2 · 4? ${stamp}`,
    skill_id: SKILL_ID,
    choices,
  });
  const listTitle = `Inteiros ${stamp}`;
  const set = await post(request, '/api/sets', {
    title: listTitle,
    entries: [{ item_id: q1.id }, { item_id: q2.id }],
  });
  const now = Date.now();
  const { id: assignmentId } = await post(request, `/api/classes/${classId}/assignments`, {
    set_id: set.id,
    open_at: new Date(now - 3_600_000).toISOString(),
    due_at: new Date(now + 3 * 86_400_000).toISOString(),
    attempts_allowed: 1,
  });

  const active = await addStudent(browser, baseURL, request, classId, `Ana Ativa ${stamp}`);
  const idle = await addStudent(browser, baseURL, request, classId, `Bruno Parado ${stamp}`);
  try {
    // Ana answers the first question right and the second wrong, and hands in (50%).
    const attempt = (await post(
      active.context.request,
      `/api/assignments/${assignmentId}/attempts?lang=pt-BR`,
    )) as unknown as { id: string; items: { item: { id: string } }[] };
    for (const { item } of attempt.items) {
      await post(active.context.request, `/api/attempts/${attempt.id}/answers`, {
        id: randomUUID(),
        item_id: item.id,
        response: { choice: item.id === q1.id ? 'a' : 'b' },
        duration_ms: 30_000,
      });
    }
    await post(active.context.request, `/api/attempts/${attempt.id}/submit?lang=pt-BR`);
  } finally {
    await active.context.close();
    await idle.context.close();
  }
  return {
    classId,
    classTitle,
    listTitle,
    assignmentId,
    active: { id: active.id, name: active.name },
    idle: { id: idle.id, name: idle.name },
  };
}

test('a teacher reads a class, opens the student who needs attention and exports a CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('teacher'));
  const s = await seed(browser, baseURL, page);

  // The tool is in the navigation; with one class it opens that class (remembered in the URL).
  await page
    .getByRole('navigation', { name: 'Ferramentas' })
    .getByRole('link', { name: 'Análises' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/analytics/${s.classId}$`));
  await expect(page.getByRole('heading', { level: 1, name: s.classTitle })).toBeVisible();

  // "Precisa de atenção" first: Bruno never studied; Ana handed in today and is not flagged.
  const attention = page.getByTestId('attention');
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText('Precisa de atenção');
  const flagged = attention.getByTestId('attention-student');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText(s.idle.name);
  await expect(flagged.getByTestId('attention-reason')).toHaveText([
    'Ainda não estudou no Aprenda',
  ]);
  await expect(attention.getByLabel('Sem atividade há pelo menos')).toHaveValue('7');

  // Activity: Ana 2 answers, 1 right (50%), active today, 1 of 1 lists; Bruno never.
  const activity = page.getByTestId('activity-table');
  const ana = activity.getByRole('row').filter({ hasText: s.active.name });
  await expect(ana.getByRole('cell').nth(0)).toHaveText('hoje');
  await expect(ana.getByRole('cell').nth(3)).toHaveText('2');
  await expect(ana.getByRole('cell').nth(4)).toHaveText('50%');
  await expect(ana.getByRole('cell').nth(7)).toHaveText('1 de 1');
  await expect(ana.getByRole('cell').nth(8)).toHaveText('50%');
  const bruno = activity.getByRole('row').filter({ hasText: s.idle.name });
  await expect(bruno.getByRole('cell').nth(0)).toHaveText('Nunca');

  // Sorting by answers puts Ana first, then Bruno; the header says how it is sorted.
  await activity.getByRole('button', { name: 'Respostas' }).click();
  await expect(activity.getByRole('columnheader', { name: 'Respostas' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(activity.getByRole('rowheader').first()).toHaveText(s.active.name);

  // Assignments: 1 of 2 handed in, mean 50%, a link to the results.
  const list = page.getByTestId('assignments').getByRole('row').filter({ hasText: s.listTitle });
  await expect(list).toContainText('1 de 2');
  await expect(list).toContainText('50%');
  await expect(list.getByRole('link', { name: `Resultados de ${s.listTitle}` })).toHaveAttribute(
    'href',
    `/dashboard/exercises/resultados/${s.assignmentId}`,
  );

  // The scores chart says it in a sentence and as a table: Ana's 50% is in the 40–60% band.
  const scores = page.getByTestId('chart-scores');
  await expect(scores).toContainText('1 de 2 estudantes já têm nota; a média delas é 50%.');
  await scores.getByRole('button', { name: 'Ver como tabela' }).click();
  await expect(scores.getByRole('row').filter({ hasText: '40–60%' })).toContainText('1');
  await expect(scores.getByRole('row').filter({ hasText: '80–100%' })).toContainText('0');

  // Students × skills: a table with headers; Ana's cell has a level in words, Bruno's none.
  const mastery = page.getByTestId('mastery-table');
  await expect(mastery.getByRole('columnheader', { name: /EF07MA04/ })).toBeVisible();
  const anaSkill = mastery.getByRole('row').filter({ hasText: s.active.name }).getByRole('cell');
  await expect(anaSkill).toHaveText(/Tentou|Familiar|Proficiente|Domina|Sem nível ainda/);
  await expect(
    mastery.getByRole('row').filter({ hasText: s.idle.name }).getByRole('cell'),
  ).toHaveText('·Sem respostas');
  await expect(page.getByTestId('decks')).toContainText('Nenhum baralho compartilhado');
  await expectAxeClean(page, 'class analytics');

  // The CSV of the activity table: a header and one row per student, guarded and in order.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar CSV: Atividade por estudante' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${s.classTitle} - Atividade por estudante.csv`);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  const lines = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Estudante,Última atividade,Dias ativos,Revisões,Respostas,/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(new RegExp(`^${s.active.name},\\d{4}-\\d{2}-\\d{2},1,0,2,1,50,`));
  expect(lines[2]).toMatch(new RegExp(`^${s.idle.name},,0,0,0,0,,0,0,0,1,$`));

  // A new threshold goes into the URL and is kept on reload.
  await attention.getByLabel('Sem atividade há pelo menos').selectOption('14');
  await expect(page).toHaveURL(/\?dias=14$/);

  // One click from the flag to the student.
  await flagged.getByRole('link', { name: `Ver estudante: ${s.idle.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/analytics/${s.classId}/aluno/${s.idle.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: s.idle.name })).toBeVisible();
  await expect(page.getByTestId('student-reasons').getByTestId('attention-reason')).toHaveText([
    'Ainda não estudou no Aprenda',
  ]);
  await expectAxeClean(page, 'student analytics');

  // Ana's page links her assignment to its results with her answers open.
  await page.goto(`/dashboard/analytics/${s.classId}/aluno/${s.active.id}`);
  await expect(page.getByRole('heading', { level: 1, name: s.active.name })).toBeVisible();
  await expect(page.getByText('Nada a apontar agora.')).toBeVisible();
  // Active today: "hoje" alone, here as in the table (a study day's date read as the day before after midnight).
  await expect(
    page
      .getByTestId('student-analytics')
      .locator('div', { has: page.locator('dt', { hasText: 'Última atividade' }) })
      .locator('dd'),
  ).toHaveText('hoje');
  await page.getByRole('link', { name: `Ver respostas em ${s.listTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`/resultados/${s.assignmentId}\\?aluno=${s.active.id}$`));
  await expect(page.getByRole('dialog', { name: s.active.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/resultados/${s.assignmentId}$`));

  // 360 px: nothing scrolls sideways but the tables' own boxes. A second class with a long name
  // brings the class switcher, which must fit too.
  await post(page.request, '/api/classes', {
    title: 'Ciências — 8º ano B (turma da tarde, laboratório de química)',
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/dashboard/analytics/${s.classId}`);
  await expect(page.getByTestId('attention-student')).toHaveCount(1);
  await expectLoaded(page);
  await expect(page.getByLabel('Turma', { exact: true })).toBeVisible();
  await expectNoSideScroll(page, 360);
  const box = page.getByTestId('mastery-table');
  expect(await box.evaluate((el) => el.clientWidth)).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'class analytics (360 px)');
  await page.goto(`/dashboard/analytics/${s.classId}/aluno/${s.active.id}`);
  await expect(page.getByRole('heading', { level: 1, name: s.active.name })).toBeVisible();
  await expectNoSideScroll(page, 360);
  await expectAxeClean(page, 'student analytics (360 px)');

  // English, at 360 and 1280 px.
  await page.goto(`/dashboard/analytics/${s.classId}`);
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 2, name: 'Needs attention' })).toBeVisible();
  await expect(page.getByTestId('attention-reason')).toHaveText(['Has not studied on Aprenda yet']);
  await expect(
    page.getByTestId('activity-table').getByRole('row').filter({ hasText: s.active.name }),
  ).toContainText('today');
  await expectNoSideScroll(page, 360);
  await expectAxeClean(page, 'class analytics (en, 360 px)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(
    page.getByRole('button', { name: 'Download CSV: Activity per student' }),
  ).toBeVisible();
  await expectAxeClean(page, 'class analytics (en)');
});

test('a student gets no analytics: no tool, a page that says so, 404 from the API', async ({
  page,
}) => {
  await signUp(page, newUser('student'));
  await expect(
    page.getByRole('navigation', { name: 'Ferramentas' }).getByRole('link', { name: 'Análises' }),
  ).toHaveCount(0);
  await page.goto('/dashboard/analytics');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Esta página é só para quem dá aula' }),
  ).toBeVisible();
  await expectAxeClean(page, 'no access');
  await page.goto('/dashboard/analytics/qualquer/aluno/alguem');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Esta página é só para quem dá aula' }),
  ).toBeVisible();
  const res = await page.request.get('/api/analytics/classes/qualquer');
  expect(res.status()).toBe(404);
});

test('a teacher without classes is shown how to create one', async ({ page }) => {
  await signUp(page, newUser('teacher'));
  await page.goto('/dashboard/analytics');
  await expect(page.getByText('Você ainda não dá aula em nenhuma turma')).toBeVisible();
  await page.getByRole('link', { name: 'Criar uma turma' }).click();
  await expect(page).toHaveURL(/\/dashboard\/teacher$/);
});
