import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STUDENT, DEMO_TEACHER } from '../fixtures/env.ts';
import { resetLlm, scriptLlm } from '../fixtures/llm-client.ts';
import {
  appOrigin,
  expect,
  expectLoaded,
  newUser,
  signInHere,
  signUp,
  test,
} from '../fixtures/test.ts';

/** Issue 11, point 9 (and the existing-e-mail message of point 1), in a real browser. */

async function language(page: Page, label: 'English' | 'Português') {
  const current = label === 'English' ? 'Idioma' : 'Language';
  await page.getByRole('combobox', { name: current }).first().selectOption({ label });
}

test('every route sets its title in the current language, and follows a language switch', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Início · Aprenda');
  await page.goto('/about');
  await expect(page).toHaveTitle('Sobre · Aprenda');
  await page.goto('/auth');
  await expect(page).toHaveTitle('Entrar · Aprenda');
  await page.goto('/auth?mode=signUp');
  await expect(page).toHaveTitle('Criar conta · Aprenda');
  // The title follows the tab.
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await expect(page).toHaveTitle('Entrar · Aprenda');
  await page.goto('/auth/esqueci-senha');
  await expect(page).toHaveTitle('Esqueci minha senha · Aprenda');
  await page.goto('/nao-existe');
  await expect(page).toHaveTitle('Página não encontrada · Aprenda');

  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page).toHaveTitle('Painel · Aprenda');
  await page.goto('/dashboard/student');
  await expectLoaded(page);
  await expect(page).toHaveTitle('Minhas Turmas · Aprenda');

  // The switch re-titles the page at once, without a navigation.
  await language(page, 'English');
  await expect(page).toHaveTitle('My Classes · Aprenda');
  await page
    .getByRole('navigation', { name: 'Tools' })
    .getByRole('link', { name: 'Conversations', exact: true })
    .click();
  await expect(page).toHaveTitle('Conversations · Aprenda');
  await page.goto('/dashboard/flashcard');
  await expect(page).toHaveTitle('Flashcards · Aprenda');
  await page.goto('/dashboard/metrics');
  await expect(page).toHaveTitle('Metrics · Aprenda');
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile · Aprenda');
  await language(page, 'Português');
  await expect(page).toHaveTitle('Perfil · Aprenda');
});

test('the home page’s "Tudo pronto para começar?" box has its buttons, signed out and in', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('group', { name: 'Tudo pronto para começar?' });
  await expect(box).toBeVisible();
  await expect(box).toContainText(
    'Crie sua conta em menos de um minuto, para estudar ou para dar aula.',
  );
  await expect(box.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute(
    'href',
    '/auth',
  );
  await box.getByRole('link', { name: 'Criar conta grátis' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signUp$/);
  await expect(page.getByRole('tab', { name: 'Criar conta' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.goto('/');
  await box.getByRole('link', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  await page.goto('/');
  await expect(box.getByRole('link', { name: 'Criar conta grátis' })).toHaveCount(0);
  await box.getByRole('link', { name: 'Ir para o painel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  await language(page, 'English');
  await page.goto('/');
  const boxEn = page.getByRole('group', { name: 'Ready to start?' });
  await expect(boxEn.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
});

test('signing up with an e-mail that has an account says so, and "entrar?" signs in with it', async ({
  page,
}) => {
  await page.goto('/auth?mode=signUp');
  await page.getByLabel('Nome', { exact: true }).fill('Helena de novo');
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO_TEACHER);
  await page.getByLabel('Senha', { exact: true }).fill('outra-senha-123');
  await page.getByRole('radio', { name: 'Professor(a)', exact: true }).check();
  await page.getByRole('button', { name: 'Criar conta', exact: true }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Este e-mail já tem uma conta — entrar?');
  await expect(page.getByText('Você não tem permissão para isso.')).toHaveCount(0);
  await alert.getByRole('button', { name: 'entrar?' }).click();

  await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(DEMO_TEACHER);
  await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
  await expect(page).toHaveTitle('Entrar · Aprenda');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test('KaTeX fonts load under the CSP (font-src self), none blocked or inlined', async ({
  page,
}) => {
  await resetLlm();
  await signUp(page, newUser('student'));
  const res = await page.request.post('/api/conversations', {
    data: { title: 'Fórmulas' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/chat/${id}`);

  // \bigg and \Bigg use KaTeX_Size3/Size4: the smallest KaTeX fonts, which a build would inline.
  await scriptLlm({
    kind: 'answer',
    chunks: [
      'Veja:\n\n$$\n\\bigg( \\sum_{i=1}^{n} i \\bigg) = \\Bigg[ \\frac{n(n+1)}{2} \\Bigg]\n$$\n\n',
      'e $\\mathcal{A} \\cup \\mathbb{R}$.',
    ],
  });
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill('Soma de 1 a n?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const answer = page.getByRole('article', { name: 'Tutor' }).last();
  await expect(answer.locator('.katex-display')).toHaveCount(1);

  const wanted = ['KaTeX_Main', 'KaTeX_Math', 'KaTeX_Size3', 'KaTeX_Size4'];
  await page.waitForFunction(
    (families) =>
      document.fonts.status === 'loaded' &&
      families.every((family) =>
        [...document.fonts].some(
          (f) => f.family.replace(/["']/g, '') === family && f.status === 'loaded',
        ),
      ),
    wanted,
    { timeout: 15_000 },
  );
  const failed = await page.evaluate(() =>
    [...document.fonts]
      .filter((f) => f.status === 'error')
      .map((f) => `${f.family} ${f.weight} ${f.style}`),
  );
  expect(failed).toEqual([]);

  // The built stylesheets point every font at a file of our own (no data: URL), and it is served.
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].map((s) => s.href).filter((h): h is string => Boolean(h)),
  );
  const fontUrls = new Set<string>();
  for (const href of sheets) {
    const css = await (await page.request.get(href)).text();
    expect(/url\(\s*["']?data:font/.test(css), `${href} inlines a font as a data: URL`).toBe(false);
    for (const m of css.matchAll(/url\(([^)]*KaTeX_Size3[^)]*\.woff2)\)/g)) {
      fontUrls.add(new URL(m[1]!.replace(/["']/g, ''), href).toString());
    }
  }
  expect(fontUrls.size).toBe(1);
  for (const url of fontUrls) {
    const font = await page.request.get(url);
    expect(font.status()).toBe(200);
    expect(font.headers()['content-type']).toBe('font/woff2');
  }
  // A CSP violation would also have failed this test through the shared fixture.
});
