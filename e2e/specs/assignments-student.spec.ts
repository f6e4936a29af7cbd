import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import {
  appOrigin,
  expect,
  newUser,
  sendNowUnlessSent,
  sessionUser,
  signUp,
  test,
  type NewUser,
} from '../fixtures/test.ts';

/**
 * Issue 13, points 4–5: the student's side of assignments. A teacher (seeded through the API from
 * their own browser context) assigns a list of three items (single choice, numeric, text) to a
 * class; the student finds it under "Para fazer", takes it one question at a time, hands it in,
 * sees the score under "Feitas" and turns a wrong answer into a flashcard. Also: feedback after
 * the due date, answers that wait for the network, 360 px and English.
 */

const STEMS = {
  single: 'Qual é a capital do Brasil?',
  numeric: 'Quanto é 5 dividido por 2?',
  text: 'Qual é o planeta vermelho?',
} as const;
type Kind = keyof typeof STEMS;

const WRONG_FEEDBACK = 'São Paulo é a maior cidade, mas não é a capital.';

interface Seeded {
  assignmentId: string;
  title: string;
}

async function post(page: Page, url: string, data?: unknown): Promise<{ id: string }> {
  const res = await page.request.post(url, { data, headers: appOrigin() });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

/** A teacher (own context) assigns the three items to a class the student is in. */
async function seedAssignment(
  browser: Browser,
  baseURL: string | undefined,
  student: Page,
  feedback: 'immediate' | 'after_due',
): Promise<Seeded> {
  const me = await sessionUser(student);
  expect(me).not.toBeNull();
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    const teacher: NewUser = newUser('teacher');
    await signUp(page, teacher);
    const title = `Lista ${Date.now().toString(36)}`;
    const klass = await post(page, '/api/classes', { title: `Turma ${title}` });
    await post(page, `/api/classes/${klass.id}/members?user_id=${me!.id}&role=student`);
    const single = await post(page, '/api/items', {
      kind: 'single',
      stem: STEMS.single,
      explanation: 'Brasília é a capital desde 1960.',
      choices: [
        {
          id: 'a',
          text: 'São Paulo',
          correct: false,
          feedback: WRONG_FEEDBACK,
          misconception: 'maior cidade',
        },
        { id: 'b', text: 'Brasília', correct: true, feedback: 'Isso!' },
      ],
    });
    const numeric = await post(page, '/api/items', {
      kind: 'numeric',
      stem: STEMS.numeric,
      numeric: { answer: 2.5, tolerance: 0 },
    });
    const text = await post(page, '/api/items', {
      kind: 'text',
      stem: STEMS.text,
      text: { accepted: ['Marte'] },
    });
    const set = await post(page, '/api/sets', {
      title,
      entries: [{ item_id: single.id }, { item_id: numeric.id }, { item_id: text.id }],
    });
    const now = Date.now();
    const assignment = await post(page, `/api/classes/${klass.id}/assignments`, {
      set_id: set.id,
      open_at: new Date(now - 3_600_000).toISOString(),
      due_at: new Date(now + 2 * 86_400_000).toISOString(),
      attempts_allowed: 1,
      feedback,
    });
    return { assignmentId: assignment.id, title };
  } finally {
    await context.close();
  }
}

/** Which item the attempt shows now (the order is shuffled per student). */
async function currentKind(page: Page): Promise<Kind> {
  const stem = await page.getByRole('article').innerText();
  const kind = (Object.keys(STEMS) as Kind[]).find((k) => stem.includes(STEMS[k]));
  if (!kind) throw new Error(`unknown question: ${stem}`);
  return kind;
}

/** Fill the current item's answer (`wrong`: the wrong choice of the single item). */
async function fill(page: Page, kind: Kind, wrong = false, label = 'Sua resposta') {
  if (kind === 'single') {
    await page.getByRole('radio', { name: wrong ? 'São Paulo' : 'Brasília' }).click();
  } else {
    await page.getByLabel(label, { exact: true }).fill(kind === 'numeric' ? '2,5' : 'Marte');
  }
}

function attemptIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('tentativa');
  expect(id).toBeTruthy();
  return id!;
}

async function openAssignment(page: Page, seeded: Seeded) {
  await page.goto('/dashboard/exercises');
  await page.getByRole('link', { name: seeded.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: seeded.title })).toBeVisible();
}

test('a student takes an assignment, hands it in and turns a mistake into a flashcard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'immediate');

  await page.goto('/dashboard/exercises');
  await expect(page.getByRole('tab', { name: 'Para fazer (1)' })).toBeVisible();
  const card = page.getByTestId('assignment-card').filter({ hasText: seeded.title });
  await expect(card.getByTestId('assignment-due')).toHaveText(/^vence .+ às \d{2}:\d{2}$/);
  await expect(card).toContainText('3 questões');
  await expect(card).toContainText('A fazer');

  // The renderer of the questions' maths is fetched while the overview is read, not after
  // "Começar" (on a slow phone the questions showed raw `$x + 7 = 12$` for seconds).
  const renderer = page.waitForRequest(/\/assets\/markdown-renderer-[\w-]+\.js$/);
  await card.getByRole('link', { name: seeded.title }).click();
  await expect(page.getByText('Correção na hora')).toBeVisible();
  await renderer;
  await page.getByRole('button', { name: 'Começar', exact: true }).click();

  for (let n = 1; n <= 3; n++) {
    await expect(page.getByTestId('attempt-progress')).toHaveText(`Questão ${n} de 3`);
    const kind = await currentKind(page);
    await fill(page, kind, kind === 'single');
    await page.getByRole('button', { name: 'Responder', exact: true }).click();
    if (kind === 'single') {
      await expect(page.getByText('Não foi dessa vez')).toBeVisible();
      await expect(page.getByText(WRONG_FEEDBACK)).toBeVisible();
      await expect(page.getByTestId('correct-answer')).toContainText('Brasília');
    } else {
      await expect(page.getByText('Certo!')).toBeVisible();
    }
    if (n < 3) await page.getByRole('button', { name: 'Próxima', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Entregar', exact: true }).first().click();

  const score = page.getByTestId('attempt-score');
  await expect(score).toContainText('67%');
  await expect(score).toContainText('2 de 3');
  await expect(page.getByTestId('result-item')).toHaveCount(3);

  // The wrong answer becomes a card in a new deck "Erros de {título}".
  await page.getByRole('button', { name: 'Criar flashcard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar flashcard' });
  await expect(dialog.getByLabel('Baralho')).toHaveValue('__new__');
  await dialog.getByRole('button', { name: 'Criar cartão' }).click();
  await expect(page.getByText(`Cartão criado em Erros de ${seeded.title}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cartão criado' })).toBeDisabled();
  const decks = await page.request.get('/api/decks');
  const list = (await decks.json()) as { items: { title: string; card_count: number }[] };
  expect(list.items.find((d) => d.title === `Erros de ${seeded.title}`)?.card_count).toBe(1);

  await page.goto('/dashboard/exercises');
  await expect(page.getByRole('tab', { name: 'Para fazer (0)' })).toBeVisible();
  await expect(
    page.getByText('Quando um professor passar uma lista para a sua turma, ela aparece aqui.'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Feitas (1)' }).click();
  const done = page.getByTestId('assignment-card').filter({ hasText: seeded.title });
  await expect(done.getByTestId('assignment-best-score')).toHaveText('Melhor nota: 67%');
  await expect(done).toContainText(/1 de 1 tentativa\b/);
});

test('keyboard: after "Começar" focus is on the question, after the hand-in on the result', async ({
  page,
  browser,
  baseURL,
}) => {
  // The button pressed leaves with its view: focus fell to <body> and a screen reader said nothing.
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'immediate');
  await page.goto(`/dashboard/exercises/atividade/${seeded.assignmentId}`);
  await page.getByRole('button', { name: 'Começar', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Questão 1', level: 2 })).toBeFocused();

  await page.getByRole('button', { name: 'Entregar', exact: true }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Entregar assim mesmo?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Entregar', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('attempt-score')).toContainText('0%');
  await expect(page.getByRole('heading', { name: seeded.title, level: 1 })).toBeFocused();
});

test('feedback after the due date: answers are recorded and the correction waits', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'after_due');
  await openAssignment(page, seeded);
  await expect(page.getByText('Correção depois do prazo')).toBeVisible();
  await page.getByRole('button', { name: 'Começar', exact: true }).click();

  // Two of three answered; the text answer changed once (allowed until the hand-in).
  for (let n = 1; n <= 2; n++) {
    const kind = await currentKind(page);
    await fill(page, kind);
    await page.getByRole('button', { name: 'Responder', exact: true }).click();
    await expect(page.getByText('Resposta registrada')).toBeVisible();
    await expect(page.getByTestId('item-result')).toHaveCount(0);
    await page.getByRole('button', { name: 'Próxima', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Entregar', exact: true }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Entregar assim mesmo?' });
  await expect(confirm).toContainText('A questão 3 está sem resposta e conta como errada.');
  await confirm.getByRole('button', { name: 'Entregar' }).click();

  await expect(page.getByTestId('result-hidden')).toContainText(
    'A correção aparece depois do prazo, em',
  );
  // The score would tell which answers were right: it waits for the due date too.
  await expect(page.getByTestId('attempt-score')).toContainText('Entregue');
  await expect(page.getByTestId('attempt-score')).not.toContainText('%');
  await expect(page.getByTestId('result-item')).toHaveCount(0);
});

test('an answer typed and not sent survives a reload and goes with the hand-in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'immediate');
  await openAssignment(page, seeded);
  await page.getByRole('button', { name: 'Começar', exact: true }).click();

  // Question 1 answered (right); question 2 typed or picked, never sent; question 3 left blank.
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 1 de 3');
  await fill(page, await currentKind(page));
  await page.getByRole('button', { name: 'Responder', exact: true }).click();
  await expect(page.getByText('Certo!')).toBeVisible();
  await page.getByRole('button', { name: 'Próxima', exact: true }).click();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 2 de 3');
  const second = await currentKind(page);
  await fill(page, second);

  // A reload keeps what was typed, and says it was not sent.
  await page.reload();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 2 de 3');
  await expect(
    page.getByText('Recuperamos esta resposta, que você escreveu e ainda não tinha enviado.'),
  ).toBeVisible();
  if (second === 'single') {
    await expect(page.getByRole('radio', { name: 'Brasília' })).toBeChecked();
  } else {
    await expect(page.getByLabel('Sua resposta', { exact: true })).toHaveValue(
      second === 'numeric' ? '2,5' : 'Marte',
    );
  }

  // The hand-in names both: the answer that goes with it, and the blank question.
  await page.getByRole('button', { name: 'Próxima questão' }).click();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 3 de 3');
  await page.getByRole('button', { name: 'Entregar', exact: true }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Entregar assim mesmo?' });
  await expect(confirm).toContainText(
    'A resposta escrita na questão 2 ainda não foi enviada: ela vai junto na entrega.',
  );
  await expect(confirm).toContainText('A questão 3 está sem resposta e conta como errada.');
  await confirm.getByRole('button', { name: 'Entregar' }).click();

  // Graded with question 2's answer: 2 right of 3, not 1.
  const score = page.getByTestId('attempt-score');
  await expect(score).toContainText('67%');
  await expect(score).toContainText('2 de 3');
});

test('answers given without a network wait, survive a reload and are stored once', async ({
  page,
  context,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/net::ERR_(INTERNET_DISCONNECTED|FAILED)/, 'the network fails on purpose');
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'immediate');
  await openAssignment(page, seeded);
  await page.getByRole('button', { name: 'Começar', exact: true }).click();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 1 de 3');
  const attemptId = attemptIdOf(page);
  const badge = page.getByTestId('pending-answers');

  // Offline: the answer waits with a visible count, and goes once the browser is back online.
  const first = await currentKind(page);
  await context.setOffline(true);
  await fill(page, first);
  await page.getByRole('button', { name: 'Responder', exact: true }).click();
  await expect(badge).toHaveText('1 resposta aguardando conexão');
  await context.setOffline(false);
  await expect(badge).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Certo!')).toBeVisible();

  // The server never answers: the answer waits through a reload, then goes with the same id.
  await page.getByRole('button', { name: 'Próxima', exact: true }).click();
  const second = await currentKind(page);
  await page.route('**/api/attempts/*/answers', (route) => route.abort('failed'));
  await fill(page, second);
  await page.getByRole('button', { name: 'Responder', exact: true }).click();
  await expect(badge).toHaveText('1 resposta aguardando conexão');
  await page.reload();
  await expect(badge).toHaveText('1 resposta aguardando conexão');
  // The screen opens at the first question without an answer; the strip goes back to it.
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 3 de 3');
  await page.getByRole('button', { name: 'Questão 2, respondida' }).click();
  if (second === 'single') {
    await expect(page.getByRole('radio', { name: 'Brasília' })).toBeChecked();
  } else {
    await expect(page.getByLabel('Sua resposta', { exact: true })).toHaveValue(
      second === 'numeric' ? '2,5' : 'Marte',
    );
  }
  await page.unroute('**/api/attempts/*/answers');
  await sendNowUnlessSent(page, badge);
  await expect(badge).toHaveCount(0, { timeout: 20_000 });

  const res = await page.request.get(`/api/attempts/${attemptId}`);
  const attempt = (await res.json()) as {
    items: { item: { stem: string }; response: unknown; result: { correct: boolean } | null }[];
  };
  const answered = attempt.items.filter((i) => i.response !== null);
  expect(answered).toHaveLength(2);
  expect(answered.every((i) => i.result?.correct)).toBe(true);
});

test('360 px: no sideways scroll and no serious axe issue on the list, a question and the result', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'immediate');
  const noSideways = async (label: string) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, label).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page), label).toEqual([]);
  };

  await page.goto('/dashboard/exercises');
  await expect(page.getByTestId('assignment-card')).toHaveCount(1);
  await noSideways('list');
  await page.getByRole('link', { name: seeded.title, exact: true }).click();
  await page.getByRole('button', { name: 'Começar', exact: true }).click();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Questão 1 de 3');
  await noSideways('question');

  // Keyboard only: answer with the keys, Enter sends, the main button takes the focus.
  const kind = await currentKind(page);
  await fill(page, kind, kind === 'single');
  await page.getByRole('button', { name: 'Responder', exact: true }).click();
  await expect(page.getByTestId('item-result')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próxima', exact: true })).toBeFocused();
  await noSideways('feedback');
  await page.getByRole('button', { name: 'Entregar', exact: true }).first().click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Entregar', exact: true })
    .click();
  await expect(page.getByTestId('attempt-score')).toBeVisible();
  await noSideways('result');
});

test('the student side in English', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('student'));
  const seeded = await seedAssignment(browser, baseURL, page, 'after_due');
  await page.goto('/dashboard/exercises');
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' });
  await expect(page.getByRole('tab', { name: 'To do (1)' })).toBeVisible();
  const card = page.getByTestId('assignment-card').filter({ hasText: seeded.title });
  await expect(card.getByTestId('assignment-due')).toHaveText(/^due .+ at \d{1,2}:\d{2}\s?[AP]M$/);
  await expect(card).toContainText('3 questions');
  await card.getByRole('link', { name: seeded.title }).click();
  await expect(page.getByText('Corrected after the due date')).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('attempt-progress')).toHaveText('Question 1 of 3');
  const kind = await currentKind(page);
  await fill(page, kind, false, 'Your answer');
  await page.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(page.getByText('Answer recorded')).toBeVisible();
  await expect(page).toHaveTitle(`${seeded.title} · Aprenda`);
});
