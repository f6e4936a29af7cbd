import type { Browser, Page } from '@playwright/test';
import { appOrigin, expect, newUser, signUp, test } from '../fixtures/test.ts';
import { resetLlm, scriptLlm } from '../fixtures/llm-client.ts';

/**
 * Issue 11, point 8: the conversation pane keeps its failures to itself, a conversation is linked
 * to or unlinked from a class from its ⋮ menu, a class can require Socratic mode, touch screens get
 * no keyboard shortcuts or focused search box, and the markdown renderer is downloaded only when an
 * answer needs it.
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

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

test('a failure to load the messages shows an error with retry in the pane; sidebar and header stay', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 503/, 'the messages are answered 503 on purpose');
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'Frações');
  await page.route('**/api/conversations/*/messages*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'x',
        status: 503,
        code: 'database_unavailable',
      }),
    }),
  );
  await page.goto(`/dashboard/chat/${id}`);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Não foi possível carregar as mensagens.' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Conversas' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Suas conversas' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Frações' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
  await expect(page.getByText('Algo deu errado')).toHaveCount(0);

  await page.unroute('**/api/conversations/*/messages*');
  await alert.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('textbox', { name: 'Sua mensagem' })).toBeVisible();
  await expect(page.getByText('Faça sua primeira pergunta. O tutor responde aqui.')).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('link a conversation to a class from its ⋮ menu, the class requires Socratic mode, unlink', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const classTitle = `Física ${stamp}`;

  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  const created = await teacher.request.post('/api/classes', {
    data: { title: classTitle },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { id: string; code: string };

  const student = await newPage(browser, baseURL);
  await signUp(student, newUser('student'));
  const joined = await student.request.post('/api/classes/join', {
    data: { code: klass.code },
    headers: appOrigin(),
  });
  expect(joined.status()).toBe(200);
  const id = await createConversation(student, `Queda livre ${stamp}`);
  await student.goto(`/dashboard/chat/${id}`);
  const mode = student.getByRole('combobox', { name: 'Modo do tutor' });
  await mode.selectOption({ label: 'Direto' });
  await expect(toast(student, 'Modo alterado')).toBeVisible();

  // Link it from the ⋮ menu.
  await student.getByRole('button', { name: `Ações de Queda livre ${stamp}` }).click();
  await student.getByRole('menuitem', { name: 'Vincular a uma turma' }).click();
  const dialog = student.getByRole('dialog', { name: 'Vincular a uma turma' });
  await expect(
    dialog.getByText('Os professores da turma poderão ler esta conversa.'),
  ).toBeVisible();
  await dialog.getByLabel('Turma').selectOption({ label: classTitle });
  await dialog.getByRole('button', { name: 'Vincular' }).click();
  await expect(toast(student, `Conversa vinculada à turma ${classTitle}`)).toBeVisible();
  await expect(
    student.getByText(`Vinculada à turma ${classTitle}: os professores da turma podem ler`),
  ).toBeVisible();
  await expect(mode).toBeEnabled();

  // The teacher requires Socratic mode for the class.
  await teacher.goto(`/dashboard/teacher/${klass.id}?tab=conversations`);
  const setting = teacher.getByRole('switch', { name: 'Exigir o modo socrático' });
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await setting.click();
  await expect(toast(teacher, 'Modo socrático exigido nas conversas da turma')).toBeVisible();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await expect(teacher.getByRole('link', { name: `Queda livre ${stamp}` })).toBeVisible();

  // The student's mode switch is locked, with the reason; the tutor answers Socratically.
  await student.reload();
  await expect(mode).toBeDisabled();
  await expect(mode).toHaveValue('socratic');
  await expect(
    student.getByText(
      `Um professor da turma ${classTitle} exige o modo socrático: o tutor guia você com perguntas.`,
    ),
  ).toBeVisible();
  const refused = await student.request.patch(`/api/conversations/${id}`, {
    data: { mode: 'direct' },
    headers: appOrigin(),
  });
  expect(refused.status()).toBe(409);

  // Unlink from the ⋮ menu: the notice goes, the student's choice is back.
  await student.getByRole('button', { name: `Ações de Queda livre ${stamp}` }).click();
  await student.getByRole('menuitem', { name: 'Desvincular da turma' }).click();
  await expect(toast(student, `Conversa desvinculada da turma ${classTitle}`)).toBeVisible();
  await expect(student.getByText(`Vinculada à turma ${classTitle}`)).toHaveCount(0);
  await expect(mode).toBeEnabled();
  await expect(mode).toHaveValue('direct');
});

test('the markdown renderer is downloaded only for an answer that needs it', async ({ page }) => {
  const renderer: string[] = [];
  page.on('request', (req) => {
    if (/\/markdown-renderer-[^/]*\.js$/.test(new URL(req.url()).pathname))
      renderer.push(req.url());
  });
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'Texto simples');
  await page.goto(`/dashboard/chat/${id}`);
  await scriptLlm({
    kind: 'answer',
    chunks: ['Boa pergunta! ', 'O que você já sabe sobre isso?\n\n', 'Pense com calma.'],
  });
  await ask(page, 'Me ajuda?');
  const plain = page.getByRole('article', { name: 'Tutor' }).last();
  await expect(plain).toContainText('Pense com calma.');
  await expect(plain.locator('p')).toHaveCount(2);
  await page.waitForTimeout(500);
  expect(renderer).toEqual([]);

  await scriptLlm({ kind: 'answer', chunks: ['Isto é **importante** e `x = 1`.'] });
  await ask(page, 'E agora?');
  const rich = page.getByRole('article', { name: 'Tutor' }).last();
  await expect(rich.locator('strong')).toHaveText('importante');
  await expect(rich.locator('code')).toHaveText('x = 1');
  expect(renderer).toHaveLength(1);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('opening the list does not focus the search box; no "Enter envia" hint', async ({
    page,
  }) => {
    await signUp(page, newUser('student'));
    const id = await createConversation(page, 'No celular');
    await page.goto(`/dashboard/chat/${id}`);
    await expect(page.getByRole('textbox', { name: 'Sua mensagem' })).toBeVisible();
    await expect(page.getByText('Enter envia, Shift+Enter pula linha.')).toBeHidden();

    await page.getByRole('button', { name: 'Ver conversas' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Suas conversas' });
    await expect(drawer).toBeVisible();
    const search = drawer.getByRole('searchbox', { name: 'Buscar conversas' });
    await expect(search).toBeVisible();
    await expect(search).not.toBeFocused();
    // Focus stays inside the drawer (Escape still closes it).
    await expect(drawer).toBeFocused();
  });
});

test('with a mouse and keyboard the hint is there', async ({ page }) => {
  await signUp(page, newUser('student'));
  const id = await createConversation(page, 'No computador');
  await page.goto(`/dashboard/chat/${id}`);
  await expect(page.getByText('Enter envia, Shift+Enter pula linha.')).toBeVisible();
});
