import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { signUpApi } from '../fixtures/screen-tour.ts';
import { appOrigin, expect, newUser, test } from '../fixtures/test.ts';

/**
 * Issue 14, the student's metrics and "Hoje": a student rates three flashcards and answers two
 * practice items (one right, one wrong) through the API, then reads the figures on
 * /dashboard/metrics at 1280 and 360 px in pt-BR and English, opens "Ver como tabela", changes
 * the range; a new account sees the first step; "Hoje" for a student and for a teacher. axe on
 * every screen, no sideways scroll at 360 px. Expected figures are worked out by hand below.
 */

const TZ = 'America/Sao_Paulo';
const SKILL = 'bncc-ef07ma18';
const PHONE = { width: 360, height: 740 };

/** Today's study day in São Paulo (it starts at 04:00 there), as YYYY-MM-DD. */
function studyDay(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(
    new Date(Date.now() - 4 * 3_600_000),
  );
}
const dd = (day: string) => day.slice(8, 10);
const mm = (day: string) => day.slice(5, 7);

function choiceItem(stamp: string, n: number) {
  return {
    skill_id: SKILL,
    public: false,
    kind: 'single',
    stem: `Questão ${n} ${stamp}: quanto é $2 + ${n}$?`,
    explanation: `$2 + ${n} = ${2 + n}$.`,
    shuffle_choices: false,
    choices: [
      { id: 'a', text: `$${2 + n}$`, correct: true, feedback: '', misconception: '' },
      { id: 'b', text: `$${3 + n}$`, correct: false, feedback: '', misconception: '' },
    ],
  };
}

interface Seeded {
  teacher: BrowserContext;
  student: BrowserContext;
  studentName: string;
  classTitle: string;
  classId: string;
}

/** A teacher with a class and two items on a skill; a student in that class. */
async function seedClass(browser: Browser, baseURL: string | undefined): Promise<Seeded> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const teacher = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TZ });
  const student = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TZ });
  const studentUser = newUser('student');
  await signUpApi(teacher, newUser('teacher'));
  await signUpApi(student, studentUser);
  const session = await student.request.get('/pb/auth/get-session');
  const studentId = ((await session.json()) as { user: { id: string } }).user.id;
  const classTitle = `Turma métricas ${stamp}`;
  const created = await teacher.request.post('/api/classes', {
    data: { title: classTitle },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { id: string };
  const added = await teacher.request.post(
    `/api/classes/${klass.id}/members?user_id=${studentId}&role=student`,
    { headers: appOrigin() },
  );
  expect(added.ok(), await added.text()).toBe(true);
  for (const n of [1, 2]) {
    const res = await teacher.request.post('/api/items', {
      data: choiceItem(stamp, n),
      headers: appOrigin(),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { teacher, student, studentName: studentUser.name, classTitle, classId: klass.id };
}

/**
 * The student's records: 3 cards rated "Bom" (20 s each) and 2 answers (30 s each; the first
 * right, the second wrong). By hand: 3 reviews, 2 answers, 1 correct (50%), 3·20 + 2·30 = 120 s
 * = 2 min, 5 actions today, all on today's study day.
 */
async function study(student: BrowserContext) {
  const r = student.request;
  const headers = appOrigin();
  const deck = await r.post('/api/decks', { data: { title: 'Capitais' }, headers });
  expect(deck.status()).toBe(201);
  const deckId = ((await deck.json()) as { id: string }).id;
  const batch = await r.post(`/api/decks/${deckId}/cards/batch`, {
    data: {
      cards: [
        ['Brasil', 'Brasília'],
        ['Peru', 'Lima'],
        ['Chile', 'Santiago'],
      ].map(([front, back]) => ({ kind: 'basic', front, back })),
    },
    headers,
  });
  expect(batch.status()).toBe(201);
  const queue = await r.get(`/api/decks/${deckId}/queue?tz=${encodeURIComponent(TZ)}`);
  expect(queue.ok()).toBe(true);
  const items = ((await queue.json()) as { items: { item_id: string }[] }).items;
  expect(items).toHaveLength(3);
  for (const item of items) {
    const res = await r.post('/api/reviews', {
      data: {
        id: randomUUID(),
        item_id: item.item_id,
        rating: 3,
        duration_ms: 20_000,
        client_time: new Date().toISOString(),
        tz: TZ,
      },
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (const choice of ['a', 'b']) {
    const next = await r.post('/api/practice/next', { data: { skill_id: SKILL }, headers });
    expect(next.ok(), await next.text()).toBe(true);
    const item = ((await next.json()) as { item: { id: string } | null }).item;
    expect(item).not.toBeNull();
    const res = await r.post('/api/practice/answers', {
      data: {
        id: randomUUID(),
        item_id: item!.id,
        response: { choice },
        duration_ms: 30_000,
        lang: 'pt-BR',
        tz: TZ,
      },
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return deckId;
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

async function useEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('aprenda.lang', 'en'));
}

test('a student reads their figures on /dashboard/metrics at 1280 and 360 px, in pt-BR and English', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const seeded = await seedClass(browser, baseURL);
  await study(seeded.student);
  const day = studyDay();
  const page = await seeded.student.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/dashboard/metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();
  const totals = page.getByTestId('metrics-totals');
  await expect(totals).toContainText('Revisões3');
  await expect(totals).toContainText('Respostas2');
  await expect(totals).toContainText('Acertos50%');
  await expect(totals).toContainText('Tempo de estudo2 min');
  await expect(totals).toContainText('Dias com estudo1');
  await expect(page.getByTestId('metrics-streak')).toContainText(
    'Um dia conta quando você revisa ou responde pelo menos 10 itens, ou zera os cartões do dia.',
  );
  const activity = page.getByTestId('chart-activity');
  await expect(activity).toContainText(
    `Você revisou 3 cartões e respondeu 2 itens em 30 dias; o melhor dia foi ${dd(day)}/${mm(day)}, com 5.`,
  );
  await expect(page.getByTestId('chart-accuracy')).toContainText(
    'Você acertou 1 de 2 respostas (50%) em 30 dias.',
  );
  await expect(page.getByTestId('chart-time')).toContainText('Você estudou 2 min em 30 dias');
  await expect(page.getByTestId('metrics-knowledge')).toContainText('dos 3 cartões estudados');
  await expect(
    page
      .getByTestId('metrics-skills')
      .getByRole('link', { name: /Praticar|Equações/ })
      .first(),
  ).toHaveAttribute('href', /\/dashboard\/adaptive\?habilidade=/);
  // The charts drew (recharts and the heatmap, loaded lazily).
  await expect(activity.locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('chart-heatmap').locator('svg').first()).toBeVisible();
  await expectAxeClean(page, 'metrics 1280 pt-BR');

  // "Ver como tabela": today's row has 3 reviews, 2 answers, 1 correct.
  await activity.getByRole('button', { name: 'Ver como tabela' }).click();
  const table = activity.getByRole('table', { name: 'Revisões e respostas por dia' });
  await expect(table).toBeVisible();
  const todayRow = table.getByRole('row').nth(1);
  await expect(todayRow.getByRole('rowheader')).toContainText(`${dd(day)}/${mm(day)}`);
  await expect(todayRow.getByRole('cell')).toHaveText(['3', '2', '1', /Sim|Não/]);
  await expectAxeClean(page, 'metrics table');
  await activity.getByRole('button', { name: 'Ver como gráfico' }).click();
  await expect(activity.locator('svg.recharts-surface')).toBeVisible();

  // The range: 7 days.
  await page.getByRole('button', { name: '7 dias' }).click();
  await expect(page).toHaveURL(/periodo=7d/);
  await expect(activity).toContainText('Você revisou 3 cartões e respondeu 2 itens em 7 dias');
  await expect(page.getByRole('button', { name: '7 dias' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // 360 px: nothing overflows the page; the charts scroll inside their boxes.
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/metrics');
  await expect(activity).toContainText('Você revisou 3 cartões');
  await expect(activity.locator('svg.recharts-surface')).toBeVisible();
  await expectNoSideScroll(page);
  // A time line wider than the phone opens on its latest days (today at the right edge).
  for (const chart of ['chart-activity', 'chart-heatmap']) {
    const box = page.getByTestId(chart).getByRole('region');
    const { left, width, scroll } = await box.evaluate((el) => ({
      left: el.scrollLeft,
      width: el.clientWidth,
      scroll: el.scrollWidth,
    }));
    expect(scroll, chart).toBeGreaterThan(width);
    expect(left + width, chart).toBeGreaterThanOrEqual(scroll - 1);
  }
  await expectAxeClean(page, 'metrics 360 pt-BR');
  await page.getByTestId('chart-forecast').getByRole('button', { name: 'Ver como tabela' }).click();
  await expect(page.getByTestId('chart-forecast').getByRole('table')).toBeVisible();
  await expectNoSideScroll(page);

  // English, 360 then 1280.
  await useEnglish(page);
  await page.goto('/dashboard/metrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(activity).toContainText(
    `You reviewed 3 cards and answered 2 items in 30 days; your best day was ${mm(day)}/${dd(day)}, with 5.`,
  );
  await expect(page.getByTestId('metrics-streak')).toContainText(
    'A day counts when you review or answer at least 10 items',
  );
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'metrics 360 en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('chart-accuracy')).toContainText(
    'You got 1 of 2 answers right (50%) in 30 days.',
  );
  await page.getByTestId('chart-accuracy').getByRole('button', { name: 'View as table' }).click();
  await expect(
    page.getByTestId('chart-accuracy').getByRole('table').getByRole('row').nth(1).getByRole('cell'),
  ).toHaveText(['2', '1', '50%']);
  await expectAxeClean(page, 'metrics 1280 en');

  // "Hoje" for this student: each item links where it is done.
  await page.evaluate(() => localStorage.setItem('aprenda.lang', 'pt-BR'));
  await page.goto('/dashboard');
  const today = page.getByTestId('today-student');
  await expect(today).toBeVisible();
  await expect(page.getByTestId('today-streak')).toContainText('Um dia conta quando');
  await expect(page.getByTestId('today-practice').getByRole('link')).toHaveAttribute(
    'href',
    /\/dashboard\/adaptive\?habilidade=/,
  );
  await expect(page.getByTestId('today-assignments')).toContainText(
    'Nenhuma atividade para entregar nos próximos 7 dias.',
  );
  await expect(page.getByTestId('today-conversation').getByRole('link')).toHaveAttribute(
    'href',
    '/dashboard/chat',
  );
  // The tools stay reachable.
  await expect(page.getByRole('list', { name: 'Suas ferramentas' }).getByRole('link')).toHaveCount(
    8,
  );
  await expectAxeClean(page, 'hoje student 1280');
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'hoje student 360');

  await seeded.student.close();
  await seeded.teacher.close();
});

test('a new account sees the first step, never invented figures', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TZ });
  await signUpApi(context, newUser('student'));
  const page = await context.newPage();
  await page.goto('/dashboard/metrics');
  await expect(page.getByText('Ainda não há nada para medir')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Estudar flashcards' })).toHaveAttribute(
    'href',
    '/dashboard/flashcard',
  );
  await expect(page.getByRole('link', { name: 'Praticar exercícios' })).toHaveAttribute(
    'href',
    '/dashboard/adaptive',
  );
  await expect(page.getByTestId('metrics-body')).toHaveCount(0);
  await expectAxeClean(page, 'metrics empty');

  await page.goto('/dashboard');
  await expect(page.getByTestId('today-cards')).toContainText('Você ainda não tem baralhos');
  await expect(page.getByTestId('today-streak')).toContainText('Nenhum dia seguido');
  await expect(page.getByTestId('today-conversation').getByRole('link')).toHaveText(
    'Começar uma conversa',
  );
  await expectAxeClean(page, 'hoje new student');
  await context.close();
});

test('"Hoje" for a teacher: their class, who needs attention and why, at 1280 and 360 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seeded = await seedClass(browser, baseURL);
  const page = await seeded.teacher.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const classes = page.getByTestId('today-classes');
  await expect(classes.getByRole('link', { name: new RegExp(seeded.classTitle) })).toHaveAttribute(
    'href',
    `/dashboard/analytics/${seeded.classId}`,
  );
  await expect(classes).toContainText('1 estudante');
  // The student never studied: flagged, with the reason in words.
  const attention = page.getByTestId('today-attention');
  await expect(attention).toContainText(seeded.studentName);
  await expect(attention).toContainText('Ainda não estudou no Aprenda');
  // One click to their results.
  await expect(
    attention.getByRole('link', { name: new RegExp(seeded.studentName) }),
  ).toHaveAttribute('href', new RegExp(`/dashboard/analytics/${seeded.classId}/aluno/`));
  await expect(page.getByTestId('today-events')).toBeVisible();
  await expectAxeClean(page, 'hoje teacher 1280');

  await page.setViewportSize(PHONE);
  await useEnglish(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(page.getByTestId('today-attention')).toContainText('Has not studied on Aprenda yet');
  await expectNoSideScroll(page);
  await expectAxeClean(page, 'hoje teacher 360 en');
  await seeded.student.close();
  await seeded.teacher.close();
});
