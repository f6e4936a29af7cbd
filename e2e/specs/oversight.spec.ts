import type { Browser, Page } from '@playwright/test';
import { appOrigin, expect, newUser, signUp, test } from '../fixtures/test.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { resetLlm, scriptLlm } from '../fixtures/llm-client.ts';

test.beforeEach(async () => {
  await resetLlm();
});

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

/** Screenshots of the tab for review, only when E2E_SCREENSHOT_DIR is set. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('a teacher reads the conversations students linked to the class, read-only; other teachers cannot', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const classTitle = `Biologia ${stamp}`;
  const conversationTitle = `Fotossíntese ${stamp}`;
  const question = 'Por que as folhas são verdes?';
  const answer = 'Boa pergunta! O que você sabe sobre a clorofila?';

  // The teacher creates a class.
  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  await teacher.goto('/dashboard/teacher');
  await teacher.getByRole('button', { name: 'Nova turma' }).first().click();
  const form = teacher.getByRole('dialog', { name: 'Nova turma' });
  await form.getByLabel('Nome da turma').fill(classTitle);
  await form.getByRole('button', { name: 'Criar turma' }).click();
  await expect(teacher).toHaveURL(/\/dashboard\/teacher\/[^/?]+/);
  const classId = decodeURIComponent(new URL(teacher.url()).pathname.split('/').pop() ?? '');
  const klass = (await (await teacher.request.get(`/api/classes/${classId}`)).json()) as {
    code: string;
  };

  // Before any student: the tab's empty state.
  await teacher.getByRole('tab', { name: 'Conversas' }).click();
  await expect(teacher).toHaveURL(/[?&]tab=conversations/);
  await expect(teacher.getByText('Nenhuma conversa vinculada')).toBeVisible();

  // A student joins with the code (API setup), then links a new conversation to the class.
  const student = await newPage(browser, baseURL);
  const studentUser = newUser('student');
  await signUp(student, studentUser);
  const joined = await student.request.post('/api/classes/join', {
    data: { code: klass.code },
    headers: appOrigin(),
  });
  expect(joined.status()).toBe(200);
  // Also an unlinked conversation, which the teacher must not see.
  const privateRes = await student.request.post('/api/conversations', {
    data: { title: `Particular ${stamp}` },
    headers: appOrigin(),
  });
  expect(privateRes.status()).toBe(201);

  await student.goto('/dashboard/chat');
  await student.getByRole('button', { name: 'Nova conversa', exact: true }).click();
  const create = student.getByRole('dialog', { name: 'Nova conversa' });
  await create.getByLabel('Título da conversa').fill(conversationTitle);
  await create.getByLabel('Turma (opcional)').selectOption({ label: classTitle });
  await expect(
    create.getByText('Os professores da turma poderão ler esta conversa.'),
  ).toBeVisible();
  await create.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(student).toHaveURL(/\/dashboard\/chat\/[^/]+$/);
  const conversationPath = new URL(student.url()).pathname;
  await expect(
    student.getByText(
      `Vinculada à turma ${classTitle}: os professores da turma podem ler esta conversa.`,
    ),
  ).toBeVisible();

  await scriptLlm({
    kind: 'answer',
    chunks: ['Boa pergunta! ', 'O que você sabe ', 'sobre a clorofila?'],
  });
  await student.getByRole('textbox', { name: 'Sua mensagem' }).fill(question);
  await student.getByRole('button', { name: 'Enviar' }).click();
  await expect(student.getByRole('article', { name: 'Tutor' }).last()).toContainText(answer);

  // The teacher's Conversas tab lists it (student, title, last activity) — and only it.
  await teacher.goto(`/dashboard/teacher/${encodeURIComponent(classId)}?tab=conversations`);
  await expect(teacher.getByRole('tab', { name: 'Conversas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const link = teacher.getByRole('link', { name: conversationTitle });
  await expect(link).toBeVisible();
  const row = teacher.getByRole('listitem').filter({ has: link });
  await expect(row).toContainText(`Aluno(a): ${studentUser.name}`);
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(teacher.getByRole('link', { name: `Particular ${stamp}` })).toHaveCount(0);
  expect(await seriousViolations(teacher)).toEqual([]);
  await screenshot(teacher, 'conversations-tab-1280');
  const narrow = await newPage(browser, baseURL, 360);
  await narrow.context().addCookies(await teacher.context().cookies());
  await narrow.goto(`/dashboard/teacher/${encodeURIComponent(classId)}?tab=conversations`);
  await expect(narrow.getByRole('link', { name: conversationTitle })).toBeVisible();
  const overflow = await narrow.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(narrow, 'conversations-tab-360');
  await narrow.context().close();

  // Opening it: the messages, read-only — no composer, no rename/delete, no mode.
  await link.click();
  await expect(teacher).toHaveURL(conversationPath);
  await expect(teacher.getByRole('heading', { level: 2, name: conversationTitle })).toBeVisible();
  await expect(
    teacher.getByText('Somente leitura: você está vendo a conversa de um aluno.'),
  ).toBeVisible();
  await expect(teacher.getByRole('article', { name: 'Aluno(a)' })).toContainText(question);
  await expect(teacher.getByRole('article', { name: 'Tutor' })).toContainText(answer);
  await expect(teacher.getByRole('textbox', { name: 'Sua mensagem' })).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: 'Enviar' })).toHaveCount(0);
  await expect(teacher.getByRole('combobox', { name: 'Modo do tutor' })).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: `Ações de ${conversationTitle}` })).toHaveCount(
    0,
  );
  await expect(
    teacher.getByRole('button', { name: /Gerar outra resposta|Editar pergunta/ }),
  ).toHaveCount(0);
  // The server agrees: writes are refused.
  const conversationId = conversationPath.split('/').pop() ?? '';
  expect(
    (
      await teacher.request.patch(`/api/conversations/${conversationId}`, {
        data: { title: 'Mudado' },
        headers: appOrigin(),
      })
    ).status(),
  ).toBe(403);
  const refused = await teacher.request.delete(`/api/conversations/${conversationId}`, {
    headers: appOrigin(),
  });
  expect(refused.status()).toBe(403);
  // Refused because she may only read it — not because of where the request came from.
  expect(((await refused.json()) as { code: string }).code).toBe('forbidden');

  // A teacher outside the class: "not found", in the page and in the API.
  const outsider = await newPage(browser, baseURL);
  await signUp(outsider, newUser('teacher'));
  await outsider.goto(conversationPath);
  await expect(outsider.getByText('Não encontramos esta conversa.')).toBeVisible();
  await expect(outsider.getByText(question)).toHaveCount(0);
  expect((await outsider.request.get(`/api/conversations/${conversationId}`)).status()).toBe(404);
  expect(
    (
      await outsider.request.get(`/api/classes/${encodeURIComponent(classId)}/conversations`)
    ).status(),
  ).toBe(404);
  await outsider.goto(`/dashboard/teacher/${encodeURIComponent(classId)}?tab=conversations`);
  await expect(
    outsider.getByRole('heading', { level: 1, name: 'Turma não encontrada' }),
  ).toBeVisible();

  for (const page of [teacher, student, outsider]) await page.context().close();
});
