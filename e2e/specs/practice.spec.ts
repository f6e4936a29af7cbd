import type { Browser, BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { signUpApi } from '../fixtures/screen-tour.ts';
import { appOrigin, expect, newUser, test } from '../fixtures/test.ts';

/**
 * Issue 13, adaptive practice in the browser: a teacher's items (seeded through the API) reach
 * a student of their class, who practises the skill by keyboard — a number typed "2,5", a wrong
 * choice with its feedback and explanation, an expression typed into the maths field —, watches
 * the mastery panel move and reads "Por que mudou?"; at 360 px with taps; in English, with a
 * failed send retried under the same id. axe on every state; no CSP violation or failed font.
 */

const SKILL = 'bncc-ef07ma18';
const SKILL_NAME = 'Equações do 1º grau';

type Kind = 'single' | 'numeric' | 'expression';

/** A marker word in each stem tells the test which item the learner model chose. */
const MARKER: Record<Kind, string> = {
  single: 'ESCOLHA',
  numeric: 'NUMERO',
  expression: 'EXPRESSAO',
};

function itemInput(kind: Kind, stamp: string) {
  const base = { skill_id: SKILL, public: false };
  switch (kind) {
    case 'single':
      return {
        ...base,
        kind,
        stem: `${MARKER.single} ${stamp}: qual é a solução de $x + 7 = 12$?`,
        explanation: 'Subtraia 7 dos dois lados: $x = 12 - 7 = 5$.',
        // The journey presses keys by position: the written order (each student's own order is
        // tested in exercises-grading.test.ts).
        shuffle_choices: false,
        choices: [
          { id: 'a', text: '$5$', correct: true, feedback: 'Isso!', misconception: '' },
          {
            id: 'b',
            text: '$19$',
            correct: false,
            feedback: 'Você somou 7 em vez de subtrair.',
            misconception: 'operação inversa',
          },
          {
            id: 'c',
            text: '$-5$',
            correct: false,
            feedback: 'Confira o sinal.',
            misconception: '',
          },
        ],
      };
    case 'numeric':
      return {
        ...base,
        kind,
        stem: `${MARKER.numeric} ${stamp}: quanto é 5 dividido por 2?`,
        explanation: 'Cinco metades: 2,5.',
        numeric: { answer: 2.5, formula: null, tolerance: 0, tolerance_kind: 'absolute' },
      };
    case 'expression':
      return {
        ...base,
        kind,
        stem: `${MARKER.expression} ${stamp}: simplifique $x + x + 2$.`,
        explanation: 'Junte os termos em $x$: $2x + 2$.',
        expression: { answer: '2x+2' },
      };
  }
}

interface Seeded {
  student: Page;
  studentContext: BrowserContext;
  teacherContext: BrowserContext;
}

/** A teacher with a class, the student in it, and the teacher's items on the skill. */
async function seed(
  browser: Browser,
  baseURL: string | undefined,
  kinds: Kind[],
  phone = false,
): Promise<Seeded> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const teacherContext = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const studentContext = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {}),
  });
  await signUpApi(teacherContext, newUser('teacher'));
  await signUpApi(studentContext, newUser('student'));

  const session = await studentContext.request.get('/pb/auth/get-session');
  const studentId = ((await session.json()) as { user: { id: string } }).user.id;
  const created = await teacherContext.request.post('/api/classes', {
    data: { title: `7º ano ${stamp}` },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { id: string };
  const added = await teacherContext.request.post(
    `/api/classes/${klass.id}/members?user_id=${studentId}&role=student`,
    { headers: appOrigin() },
  );
  expect(added.ok(), await added.text()).toBe(true);
  for (const kind of kinds) {
    const res = await teacherContext.request.post('/api/items', {
      data: itemInput(kind, stamp),
      headers: appOrigin(),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { student: await studentContext.newPage(), studentContext, teacherContext };
}

async function expectAxeClean(page: Page, label: string) {
  const found = await seriousViolations(page);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

async function expectNoSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, 'no horizontal scrolling').toBeLessThanOrEqual(width);
}

/** Which of the seeded items shows. */
async function shownKind(page: Page): Promise<Kind> {
  const item = page.getByTestId('practice-item');
  await expect(item).toBeVisible();
  const text = (await item.textContent()) ?? '';
  const kind = (Object.keys(MARKER) as Kind[]).find((k) => text.includes(MARKER[k]));
  if (!kind) throw new Error(`an item the test did not seed: ${text}`);
  return kind;
}

/** Every font and script request answered 2xx/3xx (the guard fails CSP violations). */
function watchAssets(page: Page): { failed: string[]; mathlive: string[] } {
  const seen = { failed: [] as string[], mathlive: [] as string[] };
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type === 'font' || type === 'script') && res.status() >= 400)
      seen.failed.push(`${res.status()} ${res.url()}`);
    if (/math-field|mathlive/i.test(res.url())) seen.mathlive.push(res.url());
  });
  page.on('requestfailed', (req) => seen.failed.push(`failed ${req.url()}`));
  return seen;
}

test('a student practises a skill by keyboard: number, wrong choice, maths field, mastery and "Por que mudou?"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['single', 'numeric', 'expression']);
  const assets = watchAssets(page);

  await page.goto('/dashboard/adaptive');
  await expect(page.getByRole('heading', { level: 1, name: 'Prática adaptativa' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'O que eu mais preciso' })).toBeVisible();
  const card = page.getByTestId('skill-card').filter({ hasText: SKILL_NAME });
  await expect(card).toContainText('EF07MA18 · 3 questões');
  await expect(card.getByTestId('mastery-level')).toHaveText('Ainda não praticada');
  await expectAxeClean(page, 'skill list');
  // The maths field's chunk is not part of the list.
  expect(assets.mathlive).toEqual([]);

  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: SKILL_NAME })).toBeVisible();
  const panel = page.getByTestId('mastery-panel');
  await expect(panel.getByTestId('mastery-answers')).toHaveText('Nenhuma resposta');
  await expectAxeClean(page, 'practice item');

  const submit = page.getByRole('button', { name: 'Responder' });
  const next = page.getByRole('button', { name: 'Próxima questão' });
  const seen = new Set<Kind>();
  for (let answered = 1; answered <= 3; answered++) {
    const kind = await shownKind(page);
    expect(seen.has(kind), `${kind} came back before the others`).toBe(false);
    seen.add(kind);
    await expect(submit).toBeDisabled();

    if (kind === 'numeric') {
      const field = page.getByRole('textbox', { name: 'Sua resposta' });
      await expect(field).toHaveAttribute('inputmode', 'decimal');
      await expect(
        page.getByText('Use vírgula ou ponto; frações como 3/4 também valem'),
      ).toBeVisible();
      await field.focus();
      await page.keyboard.type('2,5');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeVisible();
    } else if (kind === 'single') {
      // Keys 1–9 pick a choice while focus is in the group: 2 is "19", the wrong one.
      await page.getByRole('radio').first().focus();
      await page.keyboard.press('2');
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await expect(submit).toBeEnabled();
      await page.keyboard.press('Enter');
      const feedback = page.getByTestId('practice-feedback');
      await expect(
        feedback.getByRole('heading', { level: 2, name: 'Não foi dessa vez' }),
      ).toBeVisible();
      await expect(feedback.getByTestId('choice-feedback')).toContainText(
        'Você somou 7 em vez de subtrair.',
      );
      await expect(feedback.getByText('Equívoco comum: operação inversa')).toBeVisible();
      await expect(feedback.getByTestId('explanation')).toContainText('Subtraia 7 dos dois lados');
      await expect(feedback.getByTestId('correct-answer')).toContainText('Resposta certa');
      await expectAxeClean(page, 'feedback of a wrong choice');
    } else {
      // The maths field (mathlive, its own chunk), typed into with the keyboard.
      const field = page.locator('math-field');
      await expect(field).toBeVisible();
      // Its on-screen keyboard is dark like the app (phones showed a light-grey one).
      const keyboard = await page.evaluate(async () => {
        const virtual = (
          window as unknown as { mathVirtualKeyboard: { show(): void; hide(): void } }
        ).mathVirtualKeyboard;
        virtual.show();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const panel = document.querySelector('.ML__keyboard');
        const colour = panel
          ? getComputedStyle(panel).getPropertyValue('--_background').trim()
          : '';
        virtual.hide();
        return colour;
      });
      expect(keyboard).toBe('#151515');
      await field.click();
      await page.keyboard.type('2x+2');
      await expect
        .poll(() => field.evaluate((el) => (el as HTMLElement & { value: string }).value))
        .toBe('2x+2');
      await expect(submit).toBeEnabled();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeVisible();
      await expectAxeClean(page, 'feedback of an expression');
    }

    // The mastery panel moved, and focus waits on "Próxima questão".
    await expect(panel.getByTestId('mastery-answers')).toHaveText(
      answered === 1 ? '1 resposta' : `${answered} respostas`,
    );
    await expect(panel.getByTestId('mastery-level')).not.toHaveText('Ainda não praticada');
    if (answered === 1)
      await expect(panel.getByTestId('mastery-news')).toContainText('Seu primeiro nível');
    await expect(next).toBeFocused();
    if (answered < 3) {
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('practice-feedback')).toHaveCount(0);
    }
  }
  expect([...seen].sort()).toEqual(['expression', 'numeric', 'single']);

  // "Por que mudou?": the three answers, the wrong one among them.
  await panel.getByRole('button', { name: 'Por que mudou?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Por que mudou?' });
  await expect(dialog.getByTestId('history-entry')).toHaveCount(3);
  await expect(
    dialog.getByTestId('history-entry').filter({ hasText: MARKER.single }),
  ).toContainText('Errado');
  await expect(
    dialog.getByTestId('history-entry').filter({ hasText: MARKER.numeric }),
  ).toContainText('Certo');
  await expectAxeClean(page, 'history dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Back on the list, the skill shows its level.
  await page.getByRole('link', { name: 'Todas as habilidades' }).click();
  await expect(card.getByTestId('mastery-level')).not.toHaveText('Ainda não praticada');

  expect(assets.failed).toEqual([]);
  expect(assets.mathlive.length).toBeGreaterThan(0);
  await studentContext.close();
  await teacherContext.close();
});

test('at 360 px: the list and the practice screen fit, answered with taps', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['numeric', 'single'], true);
  await page.goto('/dashboard/adaptive');
  const card = page.getByTestId('skill-card').filter({ hasText: SKILL_NAME });
  await expect(card).toContainText('2 questões');
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'skill list (360 px)');

  await page.getByRole('link', { name: 'O que eu mais preciso' }).tap();
  await expect(
    page.getByRole('heading', { level: 1, name: 'O que eu mais preciso' }),
  ).toBeVisible();
  const kind = await shownKind(page);
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'practice item (360 px)');

  const submit = page.getByRole('button', { name: 'Responder' });
  await expect(submit).toBeInViewport();
  if (kind === 'numeric') await page.getByRole('textbox', { name: 'Sua resposta' }).fill('2,5');
  else await page.getByRole('radio').first().tap();
  await submit.tap();
  // The feedback is brought into sight, above the sticky "Próxima questão".
  await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Próxima questão' })).toBeInViewport();
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'feedback (360 px)');
  await expect(page.getByTestId('mastery-panel').getByTestId('mastery-answers')).toHaveText(
    '1 resposta',
  );
  await studentContext.close();
  await teacherContext.close();
});

test('at 360 px the maths keyboard never covers "Responder"', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['expression'], true);
  await page.goto('/dashboard/adaptive');
  await page.getByRole('link', { name: 'O que eu mais preciso' }).tap();
  const field = page.locator('math-field');
  await expect(field).toBeVisible();
  await field.tap();
  // mathlive's on-screen keyboard comes up for a touch screen (shown here in case it did not).
  await page.evaluate(() =>
    (window as unknown as { mathVirtualKeyboard: { show(): void } }).mathVirtualKeyboard.show(),
  );
  await expect(page.locator('.ML__keyboard')).toBeVisible();
  await page.keyboard.type('2x+2');
  await expect
    .poll(() => field.evaluate((el) => (el as HTMLElement & { value: string }).value))
    .toBe('2x+2');
  // The button is on top where it is drawn: a tap there is not a key of the keyboard.
  const submit = page.getByRole('button', { name: 'Responder' });
  await expect(submit).toBeInViewport();
  await expect
    .poll(() =>
      submit.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && button.contains(hit);
      }),
    )
    .toBe(true);
  await submit.tap();
  await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeVisible();
  await studentContext.close();
  await teacherContext.close();
});

test('in English, and a failed send is retried under the same id', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['numeric']);
  await page.goto('/dashboard/adaptive');
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Adaptive practice' })).toBeVisible();
  const card = page.getByTestId('skill-card').filter({ hasText: 'EF07MA18' });
  await expect(card).toContainText('1 question');
  await expect(card.getByTestId('mastery-level')).toHaveText('Not practised yet');
  await expectAxeClean(page, 'skill list (en)');

  await page.getByRole('link', { name: 'What I need most' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What I need most' })).toBeVisible();
  expect(await shownKind(page)).toBe('numeric');
  await expect(
    page.getByText('Use a comma or a dot; fractions such as 3/4 work too'),
  ).toBeVisible();

  // The first send never reaches the server; the retry sends the same answer under the same id.
  consoleErrors.allow(/net::ERR_FAILED/, 'the first answer is cut off on purpose');
  const bodies: { id: string; lang: string; duration_ms: number; response: unknown }[] = [];
  let cut = false;
  await page.route('**/api/practice/answers', async (route) => {
    bodies.push(route.request().postDataJSON() as (typeof bodies)[number]);
    if (!cut) {
      cut = true;
      await route.abort('failed');
    } else await route.continue();
  });
  const field = page.getByRole('textbox', { name: 'Your answer' });
  await field.fill('2.5');
  await page.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Your answer was not sent');
  await expect(field).toHaveValue('2.5');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Right!' })).toBeVisible();
  expect(bodies).toHaveLength(2);
  expect(bodies[1]).toEqual(bodies[0]);
  expect(bodies[0]!.lang).toBe('en');
  expect(bodies[0]!.response).toEqual({ value: '2.5' });
  expect(bodies[0]!.duration_ms).toBeGreaterThanOrEqual(0);

  const panel = page.getByTestId('mastery-panel');
  await expect(panel.getByTestId('mastery-answers')).toHaveText('1 answer');
  await expectAxeClean(page, 'feedback (en)');
  // Only one item in the pool: it comes back (the server repeats when nothing fresh is left).
  await page.getByRole('button', { name: 'Next question' }).click();
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');
  await studentContext.close();
  await teacherContext.close();
});

test('mistakes become flashcards automatically once the student turns it on', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['single']);
  await page.goto('/dashboard/adaptive');
  const toggle = page.getByRole('switch', {
    name: 'Criar flashcards dos meus erros automaticamente',
  });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  // Stored on the account: another visit (another device) reads it back.
  await expect
    .poll(async () => {
      const res = await studentContext.request.get('/api/practice/settings');
      return ((await res.json()) as { auto_flashcards: boolean }).auto_flashcards;
    })
    .toBe(true);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('link', { name: 'O que eu mais preciso' }).click();
  expect(await shownKind(page)).toBe('single');
  // The second choice ("19") is wrong.
  await page.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Não foi dessa vez' })).toBeVisible();
  const note = page.getByTestId('auto-flashcard');
  await expect(note).toHaveText('Flashcard criado em Erros da prática');
  await expectAxeClean(page, 'feedback with the automatic flashcard');

  await note.getByRole('link', { name: 'Erros da prática' }).click();
  await expect(page).toHaveURL(/\/dashboard\/flashcard\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Erros da prática' })).toBeVisible();
  await expect(page.getByText(`${MARKER.single}`, { exact: false }).first()).toBeVisible();
  await studentContext.close();
  await teacherContext.close();
});

test('an answer typed and not sent yet survives a reload of the question', async ({
  browser,
  baseURL,
}) => {
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['numeric']);
  await page.goto('/dashboard/adaptive');
  await page.getByRole('link', { name: 'O que eu mais preciso' }).click();
  const field = page.getByRole('textbox', { name: 'Sua resposta' });
  await field.fill('2,5');
  await page.reload();
  await expect(field).toHaveValue('2,5');
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeVisible();
  // Once sent, the draft is gone: the question's next visit starts empty.
  await page.reload();
  await expect(field).toHaveValue('');
  await studentContext.close();
  await teacherContext.close();
});

test('an expression typed into the maths field and not sent survives a reload', async ({
  browser,
  baseURL,
}) => {
  const {
    student: page,
    studentContext,
    teacherContext,
  } = await seed(browser, baseURL, ['expression']);
  await page.goto('/dashboard/adaptive');
  await page.getByRole('link', { name: 'O que eu mais preciso' }).click();
  const field = page.locator('math-field');
  await expect(field).toBeVisible();
  await field.click();
  // mathlive takes the focus a moment after the click: type once it has it.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MATH-FIELD');
  await page.keyboard.type('2x+2');
  const value = () => field.evaluate((el) => (el as HTMLElement & { value: string }).value);
  await expect.poll(value).toBe('2x+2');
  await page.reload();
  await expect(field).toBeVisible();
  await expect.poll(value).toBe('2x+2');
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Certo!' })).toBeVisible();
  await studentContext.close();
  await teacherContext.close();
});
