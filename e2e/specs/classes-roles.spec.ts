import type { Browser, Page } from '@playwright/test';
import {
  appOrigin,
  expect,
  mailTo,
  newUser,
  signUp,
  test,
  TOOLS,
  type NewUser,
} from '../fixtures/test.ts';
import { seriousViolations } from '../fixtures/axe.ts';

/**
 * Issue 11, points 4–7 in the browser: role-aware screens, adding by e-mail, event edits, time
 * zone names, leaving a class, the invite form's numbers, and the cards of "Minhas Turmas".
 */

const TIME_ZONE = 'America/Sao_Paulo';

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TIME_ZONE });
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

async function navToolNames(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Ferramentas' });
  await expect(nav.getByRole('link', { name: 'Flashcards', exact: true })).toBeVisible();
  const names: string[] = TOOLS.map(([, name]) => name);
  return (await nav.getByRole('link').allInnerTexts())
    .map((t) => t.trim())
    .filter((t) => names.includes(t));
}

test('role-aware screens: a student gets a student dashboard and cannot create classes; a teacher can', async ({
  browser,
  baseURL,
}) => {
  const student = await newPage(browser, baseURL);
  await signUp(student, newUser('student'));
  expect(await navToolNames(student)).toEqual(
    TOOLS.filter(([p]) => p !== 'teacher' && p !== 'analytics').map(([, name]) => name),
  );
  // The student dashboard: "Hoje" first, then the tools, "Minhas Turmas" first among them.
  const main = student.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Hoje' })).toBeVisible();
  const tools = main.getByRole('list', { name: 'Suas ferramentas' });
  await expect(tools.getByRole('link').first()).toHaveAttribute('href', '/dashboard/student');
  await expect(main.getByRole('link', { name: /^Professor/ })).toHaveCount(0);
  // The teacher screen by its address: no create button, a word on where to go.
  await student.goto('/dashboard/teacher');
  await expect(student.getByText('Esta área é para professores')).toBeVisible();
  await expect(student.getByRole('button', { name: 'Nova turma' })).toHaveCount(0);
  // The API refuses too, with a clear reason.
  const refused = await student.request.post('/api/classes', {
    data: { title: 'Minha turma' },
    headers: appOrigin(),
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'teacher_account_required' });

  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  expect(await navToolNames(teacher)).toEqual(TOOLS.map(([, name]) => name));
  await teacher.goto('/dashboard/teacher');
  await expect(teacher.getByRole('button', { name: 'Nova turma' }).first()).toBeVisible();

  await student.context().close();
  await teacher.context().close();
});

test('a teacher adds by e-mail without learning who has an account, edits an event, and a student meets the cards, links and leaves', async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const title = `Matemática ${stamp}`;
  const eventTitle = `Prova de frações ${stamp}`;
  const teacherUser: NewUser = { ...newUser('teacher'), name: `Helena Prof ${stamp}` };

  // The teacher creates a class whose description holds a link.
  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, teacherUser);
  await teacher.goto('/dashboard/teacher');
  await teacher.getByRole('button', { name: 'Nova turma' }).first().click();
  const form = teacher.getByRole('dialog', { name: 'Nova turma' });
  await form.getByLabel('Nome da turma').fill(title);
  await form
    .getByLabel('Descrição')
    .fill('Material em https://escola.example/material (leia antes). javascript:alert(1)');
  await form.getByRole('button', { name: 'Criar turma' }).click();
  await expect(teacher).toHaveURL(/\/dashboard\/teacher\/[^/?]+/);
  const classId = decodeURIComponent(new URL(teacher.url()).pathname.split('/').pop() ?? '');
  const code = (
    (await (await teacher.request.get(`/api/classes/${classId}`)).json()) as {
      code: string;
    }
  ).code;

  // A student with no class: the empty state keeps the spec's words and offers the code.
  const student = await newPage(browser, baseURL);
  const pupil = newUser('student');
  await signUp(student, pupil);
  await student.goto('/dashboard/student');
  const empty = student
    .getByRole('main')
    .locator('div')
    .filter({ has: student.getByText('Nenhuma turma encontrada', { exact: true }) })
    .last();
  await expect(
    empty.getByText('Você ainda não está em nenhuma turma. Aguarde um convite do professor.'),
  ).toBeVisible();
  await empty.getByRole('button', { name: 'Entrar com código' }).click();
  const join = student.getByRole('dialog', { name: 'Entrar com código' });
  await join.getByLabel('Código da turma').fill(code);
  await join.getByRole('button', { name: 'Entrar na turma' }).click();
  await expect(student.getByText(`Você entrou na turma ${title}.`)).toBeVisible();

  // The teacher adds by e-mail: an account and an address without one get the same answer.
  await teacher.goto(`/dashboard/teacher/${classId}?tab=members`);
  const stranger = `sem-conta-${stamp}@example.com`;
  const classmate = newUser('student');
  const other = await newPage(browser, baseURL);
  await signUp(other, classmate);
  await other.context().close();
  const who = teacher.getByLabel('E-mail ou ID do usuário');
  const toasts: string[] = [];
  for (const email of [classmate.email, stranger]) {
    await who.fill(email);
    await teacher.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const toast = teacher.getByText(`Pronto (Aluno): se ${email} já tem conta, entrou na turma`);
    await expect(toast).toBeVisible();
    toasts.push((await toast.innerText()).replace(email, '<e-mail>'));
    await expect(who).toHaveValue('');
  }
  expect(toasts[0]).toBe(toasts[1]);
  // Adding again says nothing changed (without telling which of the two it was).
  for (const email of [classmate.email, stranger]) {
    await who.fill(email);
    await teacher.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(
      teacher.getByText(
        `Nada mudou: ${email} já está na turma como Aluno ou já tem um convite válido.`,
      ),
    ).toBeVisible();
  }
  await expect(teacher.getByText(classmate.name, { exact: true })).toBeVisible();
  await teacher.getByRole('tab', { name: 'Convites' }).click();
  await expect(teacher.getByText(stranger, { exact: true })).toBeVisible();
  const invited = await mailTo(stranger);
  expect(invited.subject).toBe(`Aprenda: convite para a turma ${title}`);
  expect(invited.links.some((l) => l.includes('/convite/'))).toBe(true);

  // The invite form's numbers say what is wanted; a revoked link leaves the copy box.
  const uses = teacher.getByLabel('Máximo de usos');
  await uses.fill('abc');
  await teacher.getByRole('button', { name: 'Criar convite' }).click();
  await expect(teacher.getByText('Digite um número inteiro de 1 a 10.000.')).toBeVisible();
  await expect(uses).toHaveValue('abc');
  await teacher.getByLabel('Validade (dias)').fill('400');
  await uses.fill('30');
  await teacher.getByRole('button', { name: 'Criar convite' }).click();
  await expect(teacher.getByText('Digite um número inteiro de 1 a 365.')).toBeVisible();
  await teacher.getByLabel('Validade (dias)').fill('14');
  await teacher.getByRole('button', { name: 'Criar convite' }).click();
  const link = teacher.getByLabel('Link do convite');
  await expect(link).toHaveValue(/\/convite\/[\w-]{20,}$/);
  await expect(teacher.getByText('0 de 30 usos')).toBeVisible();
  await teacher
    .getByRole('listitem')
    .filter({ hasText: '0 de 30 usos' })
    .getByRole('button', { name: 'Revogar' })
    .click();
  await teacher.getByRole('alertdialog').getByRole('button', { name: 'Revogar' }).click();
  await expect(teacher.getByText('Convite revogado.')).toBeVisible();
  await expect(link).toHaveCount(0);

  // An event with a link, then edited in the same form; the zone is named, not an IANA id.
  await teacher.getByRole('tab', { name: 'Calendário' }).click();
  await expect(teacher.getByText(/^Horários no seu fuso: Horário .*Brasília\.$/)).toBeVisible();
  await expect(teacher.getByText(/America\/Sao_Paulo/)).toHaveCount(0);
  await teacher.getByRole('button', { name: 'Novo evento' }).click();
  const eventForm = teacher.getByRole('dialog', { name: 'Novo evento' });
  await eventForm.getByLabel('Título').fill(eventTitle);
  await eventForm.getByLabel('Início').fill(localInput(3, 10));
  await eventForm.getByLabel('Fim').fill(localInput(3, 11));
  await eventForm.getByLabel('Local').fill('Sala 12 — mapa em https://escola.example/mapa');
  await eventForm.getByRole('button', { name: 'Criar evento' }).click();
  await expect(teacher.getByText(`Evento ${eventTitle} criado.`)).toBeVisible();
  await teacher.getByRole('button', { name: 'Agenda' }).click();
  await teacher.getByRole('button', { name: `Editar o evento ${eventTitle}` }).click();
  const editForm = teacher.getByRole('dialog', { name: 'Editar evento' });
  await expect(editForm.getByLabel('Início')).toHaveValue(localInput(3, 10));
  await expect(editForm.getByLabel('Fim')).toHaveValue(localInput(3, 11));
  await editForm.getByLabel('Início').fill(localInput(2, 14));
  await editForm.getByLabel('Fim').fill(localInput(2, 15));
  await editForm.getByRole('button', { name: 'Salvar evento' }).click();
  await expect(teacher.getByText(`Evento ${eventTitle} atualizado.`)).toBeVisible();
  const saved = (await (await teacher.request.get(`/api/classes/${classId}/events`)).json()) as {
    items: Array<{ title: string; starts_at: string }>;
  };
  const moved = saved.items.find((e) => e.title === eventTitle)!;
  // 14:00 in Brasília (UTC−3) is 17:00 UTC.
  expect(moved.starts_at).toBe(new Date(`${localInput(2, 14)}:00-03:00`).toISOString());
  await expect(teacher.getByRole('link', { name: 'https://escola.example/mapa' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // The student's card: teachers, next event, one-line ID with a copy button, a focus ring.
  await student.goto('/dashboard/student');
  const card = student.getByRole('listitem').filter({ hasText: `ID: ${classId}` });
  await expect(card.getByText(`Docente: ${teacherUser.name}`)).toBeVisible();
  await expect(card.getByText(new RegExp(`^Próximo evento: ${eventTitle} · `))).toBeVisible();
  await expect(card.getByText('Fale com o professor para detalhes e atividades.')).toBeVisible();
  const idLine = card.getByText(`ID: ${classId}`);
  const lineHeight = await idLine.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await idLine.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
  await card.getByRole('button', { name: `Copiar o ID da turma ${title}` }).click();
  await expect(student.getByText('ID copiado.')).toBeVisible();
  expect(await student.evaluate(() => navigator.clipboard.readText())).toBe(classId);
  const descriptionLink = card.getByRole('link', { name: 'https://escola.example/material' });
  await expect(descriptionLink).toHaveAttribute('target', '_blank');
  await expect(descriptionLink).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(card.getByRole('link', { name: /javascript/ })).toHaveCount(0);

  const cardLink = card.getByRole('link', { name: title });
  const ringBefore = await cardLink.evaluate((el) => getComputedStyle(el, '::after').boxShadow);
  await student.getByPlaceholder('Filtrar por nome ou descrição...').focus();
  await student.keyboard.press('Tab');
  await expect(cardLink).toBeFocused();
  const ringAfter = await cardLink.evaluate((el) => getComputedStyle(el, '::after').boxShadow);
  expect(ringAfter).not.toBe('none');
  expect(ringAfter).not.toBe(ringBefore);

  // The filter ignores accents.
  const filter = student.getByPlaceholder('Filtrar por nome ou descrição...');
  await filter.fill(`  matematica ${stamp.toUpperCase()} `);
  await expect(cardLink).toBeVisible();
  await filter.fill('biologia');
  await expect(cardLink).toHaveCount(0);
  await filter.fill('');

  // The class page: links work, the zone is named; "Sair da turma" asks, then leaves.
  await cardLink.click();
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    student.getByRole('main').getByRole('link', { name: 'https://escola.example/material' }),
  ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(student.getByText(/^Horários no seu fuso: Horário .*Brasília\.$/)).toBeVisible();
  await student.getByRole('button', { name: 'Sair da turma' }).click();
  const confirm = student.getByRole('alertdialog', { name: 'Sair da turma?' });
  await expect(confirm).toContainText(title);
  expect.soft(await seriousViolations(student), 'leave dialog').toEqual([]);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await student.getByRole('button', { name: 'Sair da turma' }).click();
  await confirm.getByRole('button', { name: 'Sair da turma' }).click();
  await expect(student.getByText(`Você saiu da turma ${title}.`)).toBeVisible();
  await expect(student).toHaveURL(/\/dashboard\/student$/);
  await expect(
    student.getByText('Você ainda não está em nenhuma turma. Aguarde um convite do professor.'),
  ).toBeVisible();

  // The owner is not offered to leave.
  await teacher.goto(`/dashboard/student/${classId}`);
  await expect(teacher.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(teacher.getByRole('button', { name: 'Sair da turma' })).toHaveCount(0);

  await teacher.context().close();
  await student.context().close();
});

test('the calendar month grid and its dialogs are axe-clean (day cells named by their text)', async ({
  browser,
  baseURL,
}) => {
  const teacher = await newPage(browser, baseURL);
  await signUp(teacher, newUser('teacher'));
  const created = await teacher.request.post('/api/classes', {
    data: { title: 'Calendário axe' },
    headers: appOrigin(),
  });
  const { id } = (await created.json()) as { id: string };
  const now = new Date();
  await teacher.request.post(`/api/classes/${id}/events`, {
    data: { title: 'Aula de campo', starts_at: new Date(now.getTime() + 3_600_000).toISOString() },
    headers: appOrigin(),
  });
  await teacher.goto(`/dashboard/teacher/${id}?tab=calendar`);
  const today = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeZone: TIME_ZONE }).format(
    now,
  );
  const cell = teacher.getByRole('button', { name: new RegExp(`^${today}`) });
  await expect(cell).toBeVisible();
  await expect(cell).not.toHaveAttribute('aria-label');
  expect.soft(await seriousViolations(teacher), 'calendar month').toEqual([]);
  await teacher.getByRole('button', { name: 'Agenda' }).click();
  await teacher.getByRole('button', { name: 'Editar o evento Aula de campo' }).click();
  await expect(teacher.getByRole('dialog', { name: 'Editar evento' })).toBeVisible();
  expect.soft(await seriousViolations(teacher), 'edit event dialog').toEqual([]);
  await teacher.context().close();
});

test('at 360 px the class screens hold long content without scrolling sideways', async ({
  browser,
  baseURL,
}) => {
  const long = (c: string, n: number) => c.repeat(n);
  const teacherUser: NewUser = { ...newUser('teacher'), name: long('Professora', 10) };
  const pupil: NewUser = { ...newUser('student'), name: long('Aluno', 20) };
  const teacher = await browser.newPage({
    baseURL,
    locale: 'pt-BR',
    timezoneId: TIME_ZONE,
    viewport: { width: 360, height: 740 },
  });
  await signUp(teacher, teacherUser);
  const url = `https://escola.example/${long('caminho-muito-longo', 9)}?q=${long('x', 60)}`;
  const created = await teacher.request.post('/api/classes', {
    data: { title: long('T', 120), description: `${long('Descrição', 80)} ${url} fim` },
    headers: appOrigin(),
  });
  const klass = (await created.json()) as { id: string; code: string };
  await teacher.request.post(`/api/classes/${klass.id}/events`, {
    data: {
      title: long('E', 120),
      description: url,
      location: url.slice(0, 200),
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
    headers: appOrigin(),
  });
  await teacher.request.post(`/api/classes/invites`, {
    data: { class_id: klass.id, email: `${long('a', 60)}@${long('b', 60)}.example` },
    headers: appOrigin(),
  });
  const student = await browser.newPage({
    baseURL,
    locale: 'pt-BR',
    timezoneId: TIME_ZONE,
    viewport: { width: 360, height: 740 },
  });
  await signUp(student, pupil);
  await student.request.post('/api/classes/join', {
    data: { code: klass.code },
    headers: appOrigin(),
  });

  const fits = async (page: Page, where: string) => {
    await expect(page.getByText(/^Carregando/)).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `${where}: no sideways scrolling at 360 px`).toBeLessThanOrEqual(360);
  };

  await student.goto('/dashboard/student');
  await expect(student.getByText(`ID: ${klass.id}`)).toBeVisible();
  await fits(student, 'Minhas Turmas');
  await student.goto(`/dashboard/student/${klass.id}`);
  await expect(student.getByRole('heading', { level: 1 })).toBeVisible();
  await fits(student, 'class page');
  await student.getByRole('button', { name: 'Sair da turma' }).click();
  await expect(student.getByRole('alertdialog')).toBeVisible();
  await fits(student, 'leave dialog');

  await teacher.goto('/dashboard/teacher');
  await expect(teacher.getByRole('link', { name: long('T', 120) })).toBeVisible();
  await fits(teacher, 'teacher list');
  for (const tab of ['members', 'invites', 'code'] as const) {
    await teacher.goto(`/dashboard/teacher/${klass.id}?tab=${tab}`);
    await expect(teacher.getByRole('tab', { selected: true })).toBeVisible();
    await fits(teacher, `manage ${tab}`);
  }
  await teacher.goto(`/dashboard/teacher/${klass.id}?tab=calendar`);
  await fits(teacher, 'calendar month');
  await teacher.getByRole('button', { name: 'Agenda' }).click();
  await expect(teacher.getByRole('heading', { name: long('E', 120) })).toBeVisible();
  await fits(teacher, 'agenda');
  await teacher.getByRole('button', { name: `Editar o evento ${long('E', 120)}` }).click();
  await expect(teacher.getByRole('dialog', { name: 'Editar evento' })).toBeVisible();
  await fits(teacher, 'edit event dialog');

  await teacher.context().close();
  await student.context().close();
});
