import type { Browser, Page } from '@playwright/test';
import { DEMO_STUDENT, DEMO_TEACHER } from '../fixtures/env.ts';
import {
  appOrigin,
  expect,
  newUser,
  signInHere,
  signUp,
  test,
  type NewUser,
} from '../fixtures/test.ts';
import { seriousViolations } from '../fixtures/axe.ts';

const NO_CLASSES = 'Você ainda não está em nenhuma turma. Aguarde um convite do professor.';
const FILTERED_EMPTY = 'Tente ajustar o filtro para encontrar a turma desejada.';
const FILTER = 'Filtrar por nome ou descrição...';

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  return context.newPage();
}

/** 'YYYY-MM-DDTHH:mm' for a datetime-local input, `days` from today at `hour` local time. */
function localInput(days: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

async function fillSignUp(page: Page, user: NewUser) {
  await page.getByRole('tab', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome', { exact: true }).fill(user.name);
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByRole('radio', { name: 'Aluno' }).check();
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();
}

test('a teacher invites a new student who joins, sees an event, and loses the class when removed', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Turma E2E ${stamp}`;
  const eventTitle = `Prova de frações ${stamp}`;

  // The teacher signs up and creates a class.
  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  await teacher.goto('/dashboard/teacher');
  await expect(teacher.getByRole('heading', { level: 1, name: 'Professor' })).toBeVisible();
  await teacher.getByRole('button', { name: 'Nova turma' }).first().click();
  const form = teacher.getByRole('dialog', { name: 'Nova turma' });
  await expect(form.getByLabel('Código de entrada')).toHaveValue(
    /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/,
  );
  await form.getByLabel('Nome da turma').fill(title);
  await form.getByLabel('Descrição').fill('Frações, porcentagem e equações do primeiro grau.');
  await form.getByRole('button', { name: 'Criar turma' }).click();
  await expect(teacher.getByText(`Turma ${title} criada.`)).toBeVisible();
  await expect(teacher).toHaveURL(/\/dashboard\/teacher\/[^/?]+/);
  const classId = decodeURIComponent(new URL(teacher.url()).pathname.split('/').pop() ?? '');
  await expect(teacher.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // … and an invite link.
  await teacher.getByRole('tab', { name: 'Convites' }).click();
  await teacher.getByRole('button', { name: 'Criar convite' }).click();
  const linkField = teacher.getByLabel('Link do convite');
  await expect(linkField).toHaveValue(/\/convite\/[\w-]{20,}$/);
  const invitePath = new URL(await linkField.inputValue()).pathname;
  await expect(teacher.getByText('Ativo')).toBeVisible();

  // A NEW student opens the link signed out, signs up, and comes back to the invite.
  const student = await newPage(browser, baseURL);
  const pupil = newUser('student');
  await student.goto(invitePath);
  await expect(
    student.getByRole('heading', { level: 1, name: 'Convite para uma turma' }),
  ).toBeVisible();
  await student.getByRole('main').getByRole('link', { name: 'Criar uma conta' }).click();
  await expect(student).toHaveURL(/\/auth\?/);
  await fillSignUp(student, pupil);
  await expect(student).toHaveURL(new RegExp(`${invitePath}$`));
  await expect(
    student.getByText(
      `Você entrou como ${pupil.name} (${pupil.email}) — entrar na turma ${title}?`,
    ),
  ).toBeVisible();
  await student.getByRole('button', { name: 'Entrar na turma' }).click();
  await expect(student).toHaveURL(new RegExp(`/dashboard/student/${classId}$`));
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The class is in "Minhas Turmas", and the filter finds it (trimmed, case-insensitive).
  await student.goto('/dashboard/student');
  await expect(student.getByRole('heading', { level: 1, name: 'Minhas Turmas' })).toBeVisible();
  const card = student.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await expect(student.getByText(`ID: ${classId}`)).toBeVisible();
  await expect(student.getByText('Fale com o professor para detalhes e atividades.')).toBeVisible();
  const filter = student.getByPlaceholder(FILTER);
  await filter.fill(`   ${title.toUpperCase()}  `);
  await expect(card).toBeVisible();
  await filter.fill('EQUAÇÕES do primeiro');
  await expect(card).toBeVisible();
  await filter.fill('biologia marinha');
  await expect(card).toHaveCount(0);
  await expect(student.getByText('Nenhuma turma encontrada')).toBeVisible();
  await expect(student.getByText(FILTERED_EMPTY)).toBeVisible();
  await filter.fill('');
  await expect(card).toBeVisible();

  // The teacher adds an event; the student sees it on the class page.
  await teacher.getByRole('tab', { name: 'Calendário' }).click();
  await teacher.getByRole('button', { name: 'Novo evento' }).click();
  const eventForm = teacher.getByRole('dialog', { name: 'Novo evento' });
  await eventForm.getByLabel('Título').fill(eventTitle);
  await eventForm.getByLabel('Início').fill(localInput(2, 10));
  await eventForm.getByLabel('Fim').fill(localInput(2, 11));
  await eventForm.getByLabel('Local').fill('Sala 12');
  await eventForm.getByRole('button', { name: 'Criar evento' }).click();
  await expect(teacher.getByText(`Evento ${eventTitle} criado.`)).toBeVisible();
  await teacher.getByRole('button', { name: 'Agenda' }).click();
  await expect(teacher.getByRole('heading', { name: eventTitle })).toBeVisible();

  await student.getByRole('link', { name: title }).click();
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(student.getByRole('heading', { name: eventTitle })).toBeVisible();
  await expect(student.getByText('Sala 12')).toBeVisible();

  // The teacher removes the student; the class disappears for them.
  await teacher.getByRole('tab', { name: 'Membros' }).click();
  await teacher.getByRole('button', { name: `Remover ${pupil.name}` }).click();
  const confirm = teacher.getByRole('alertdialog');
  await expect(confirm).toContainText(pupil.name);
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(teacher.getByText(`${pupil.name} não está mais na turma.`)).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Remover ${pupil.name}` })).toHaveCount(0);

  await student.goto('/dashboard/student');
  await expect(student.getByText(NO_CLASSES)).toBeVisible();
  await expect(student.getByRole('link', { name: title })).toHaveCount(0);
  await student.goto(`/dashboard/student/${classId}`);
  await expect(
    student.getByRole('heading', { level: 1, name: 'Turma não encontrada' }),
  ).toBeVisible();

  await teacher.context().close();
  await student.context().close();
});

test('"Minhas Turmas" shows its loading, empty and error states with the exact texts', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 500/, 'the class list answers 500 on purpose (error state)');
  await signUp(page, newUser('student'));

  // Loading: hold the answer back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/classes/mine*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/student');
  await expect(page.getByText('Carregando turmas...', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
  release();

  // Empty: a new student has no classes.
  await expect(page.getByText('Nenhuma turma encontrada', { exact: true })).toBeVisible();
  await expect(page.getByText(NO_CLASSES, { exact: true })).toBeVisible();
  await expect(page.getByText('Carregando turmas...')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
  await page.getByPlaceholder(FILTER).fill('qualquer coisa');
  await expect(page.getByText('Nenhuma turma encontrada', { exact: true })).toBeVisible();
  await page.unroute('**/api/classes/mine*');

  // Error: the API answers 500.
  await page.route('**/api/classes/mine*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Internal',
        status: 500,
        code: 'internal',
      }),
    }),
  );
  await page.goto('/dashboard/student');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Não foi possível carregar suas turmas.' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toHaveClass(/border-red-500/);

  // Retry after the API is back.
  await page.unroute('**/api/classes/mine*');
  await alert.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByText(NO_CLASSES, { exact: true })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('axe finds no serious or critical violation on /dashboard/student and /dashboard/teacher', async ({
  page,
}) => {
  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/student');
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas Turmas' })).toBeVisible();
  await expect(page.getByText('Carregando turmas...')).toHaveCount(0);
  expect.soft(await seriousViolations(page), '/dashboard/student').toEqual([]);

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await signInHere(page, DEMO_TEACHER);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/teacher');
  await expect(page.getByRole('heading', { level: 1, name: 'Professor' })).toBeVisible();
  await expect(page.getByText('Carregando turmas...')).toHaveCount(0);
  expect.soft(await seriousViolations(page), '/dashboard/teacher').toEqual([]);

  // The demo class's management page, every tab.
  await page.getByRole('button', { name: 'Gerenciar Matemática — 9º ano' }).click();
  await expect(page.getByRole('tab', { name: 'Membros' })).toBeVisible();
  for (const tab of ['Membros', 'Convites', 'Calendário', 'Código']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Carregando/)).toHaveCount(0);
    expect.soft(await seriousViolations(page), `/dashboard/teacher/… ${tab}`).toEqual([]);
  }
});

test('a teacher archives a class: it leaves the student’s "Minhas Turmas" at once and comes back when restored', async ({
  browser,
  baseURL,
}) => {
  const title = `Turma arquivo ${Date.now().toString(36)}`;
  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  const created = await teacher.request.post('/api/classes', {
    data: { title },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  const { id: classId } = (await created.json()) as { id: string };

  const student = await newPage(browser, baseURL);
  await signUp(student, newUser('student'));
  const session = await student.request.get('/pb/auth/get-session');
  const studentId = ((await session.json()) as { user: { id: string } }).user.id;
  const added = await teacher.request.post(
    `/api/classes/${classId}/members?user_id=${studentId}&role=student`,
    { headers: appOrigin() },
  );
  expect(added.ok()).toBe(true);
  await student.goto('/dashboard/student');
  await expect(student.getByRole('heading', { name: title })).toBeVisible();

  // Archived from the class page, after a confirmation that says nothing is deleted.
  await teacher.goto(`/dashboard/teacher/${classId}`);
  await teacher.getByRole('button', { name: 'Arquivar turma' }).click();
  const confirm = teacher.getByRole('alertdialog', { name: `Arquivar ${title}?` });
  await expect(confirm).toContainText('nada é apagado');
  await confirm.getByRole('button', { name: 'Arquivar turma' }).click();
  await expect(teacher.getByText(`Turma ${title} arquivada.`)).toBeVisible();
  await expect(teacher.getByText('Turma arquivada', { exact: true })).toBeVisible();

  await student.reload();
  await expect(student.getByText(NO_CLASSES)).toBeVisible();
  await student.goto(`/dashboard/student/${classId}`);
  await expect(student.getByRole('heading', { name: title })).toHaveCount(0);

  // Restored from "Arquivadas" on the teacher page: back for the student.
  await teacher.goto('/dashboard/teacher');
  await teacher.getByRole('button', { name: 'Ver turmas arquivadas' }).click();
  await teacher.getByRole('button', { name: `Desarquivar ${title}` }).click();
  await expect(teacher.getByText(`Turma ${title} desarquivada.`, { exact: false })).toBeVisible();
  await student.goto('/dashboard/student');
  await expect(student.getByRole('heading', { name: title })).toBeVisible();
  await teacher.context().close();
  await student.context().close();
});
