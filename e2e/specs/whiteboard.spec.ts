import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { appOrigin, expect, expectLoaded, newUser, test, type NewUser } from '../fixtures/test.ts';
import { ENV_POSTHOG_URL } from '../fixtures/env.ts';
import { signUpApi } from '../fixtures/screen-tour.ts';

/**
 * Issue 15 (whiteboard) in the browser: a board drawn, autosaved ("Salvo"), reloaded and exported
 * as a PNG that decodes; an imported scene with script in a text and a link stays inert (and its
 * SVG export carries the text as text); two tabs of one board: the stale save is refused and the
 * user chooses which version stays, and once the board is deleted in one tab the other says so and
 * saves its drawing as a new board; a teacher presents to a class and a student follows within
 * 2 s, then hands out copies and opens the grid; the list and editor at 360 px in English. axe runs on the list and the editor, **excluding
 * Excalidraw's own drawing surface** (`.excalidraw`: its canvases and toolbars are a third-party
 * widget we do not control; our header, status, dialogs and read-only banner are checked).
 */

interface BoardJson {
  id: string;
  version: number;
  thumbnailUrl: string | null;
  scene: { elements: { id: string; type: string; text?: string; link?: string | null }[] };
}

async function boardJson(page: Page, id: string): Promise<BoardJson> {
  const res = await page.request.get(`/api/boards/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as BoardJson;
}

async function expectAxeClean(page: Page, label: string) {
  await expectLoaded(page);
  const results = await new AxeBuilder({ page }).exclude('.excalidraw').analyze();
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `${label}:\n${found.join('\n')}`).toEqual([]);
}

async function contextFor(
  browser: Browser,
  baseURL: string | undefined,
  opts: { phone?: boolean; lang?: 'en' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: opts.lang ?? 'pt-BR',
    acceptDownloads: true,
    ...(opts.phone
      ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 900 } }),
  });
  if (opts.lang) {
    await context.addInitScript((lang) => {
      try {
        localStorage.setItem('aprenda.lang', lang);
      } catch {
        // about:blank has no storage
      }
    }, opts.lang);
  }
  return context;
}

/** The editor is up: Excalidraw's interactive canvas is there. */
async function editorReady(page: Page) {
  await expect(page.locator('.excalidraw canvas.interactive')).toBeVisible({ timeout: 20_000 });
}

/** Press `r` and drag on the canvas: one rectangle. */
async function drawRectangle(page: Page, from: [number, number], to: [number, number]) {
  const canvas = page.locator('.excalidraw canvas.interactive');
  const box = (await canvas.boundingBox())!;
  // Focus the editor on an empty spot (away from its toolbars), then the shortcut.
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.6);
  await page.locator('.excalidraw-container').focus();
  await page.keyboard.press('r');
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) / 2, box.y + (from[1] + to[1]) / 2, { steps: 4 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
}

const XSS_SCENE = JSON.stringify({
  type: 'excalidraw',
  version: 2,
  elements: [
    {
      id: 'xss-text',
      type: 'text',
      version: 2,
      versionNonce: 1,
      x: 100,
      y: 100,
      width: 300,
      height: 25,
      angle: 0,
      strokeColor: '#1e1e1e',
      backgroundColor: 'transparent',
      fillStyle: 'solid',
      strokeWidth: 1,
      strokeStyle: 'solid',
      roughness: 1,
      opacity: 100,
      seed: 1,
      isDeleted: false,
      groupIds: [],
      boundElements: null,
      updated: 1,
      locked: false,
      fontSize: 20,
      fontFamily: 1,
      text: '<img src=x onerror="window.__xss=1">',
      originalText: '<img src=x onerror="window.__xss=1">',
      textAlign: 'left',
      verticalAlign: 'top',
      containerId: null,
      lineHeight: 1.25,
      link: 'javascript:window.__xss=2',
    },
  ],
  appState: { viewBackgroundColor: '#ffffff' },
  files: {},
});

test('a board is drawn, autosaved, reloaded, exported as PNG; an imported XSS scene stays inert', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await contextFor(browser, baseURL);
  await signUpApi(context, newUser('student'));
  const page = await context.newPage();
  const externalRequests: string[] = [];
  // Our server and the test's fake analytics host (configured) are the only origins allowed.
  const analytics = new URL(process.env[ENV_POSTHOG_URL]!).origin;
  page.on('request', (req) => {
    const url = req.url();
    if (
      !url.startsWith(baseURL!) &&
      !url.startsWith(analytics) &&
      !url.startsWith('blob:') &&
      !url.startsWith('data:')
    ) {
      externalRequests.push(url);
    }
  });

  await page.goto('/dashboard/whiteboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Quadro branco' })).toBeVisible();
  await expect(page.getByText('Em breve')).toHaveCount(0);
  await expect(page.getByText('Nenhum quadro ainda')).toBeVisible();
  await expectAxeClean(page, 'board list (empty)');

  // Create.
  await page.getByRole('button', { name: 'Novo quadro' }).click();
  const form = page.getByRole('dialog', { name: 'Novo quadro' });
  await form.getByLabel('Título').fill('Ciclo da água');
  await form.getByRole('button', { name: 'Criar quadro' }).click();
  await expect(page).toHaveURL(/\/dashboard\/whiteboard\/[\w-]+$/);
  const boardId = page.url().split('/').pop()!;
  await editorReady(page);
  const status = page.getByTestId('board-save-status');
  await expect(status).toHaveText('Salvo');

  // Draw: saved a second after the change.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/boards/${boardId}/scene`) && r.request().method() === 'PUT',
  );
  await drawRectangle(page, [560, 150], [800, 320]);
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1');
  expect((await saved).status()).toBe(200);
  await expect(status).toHaveText('Salvo');
  const stored = await boardJson(page, boardId);
  expect(stored.scene.elements.map((e) => e.type)).toEqual(['rectangle']);
  await expectAxeClean(page, 'editor');
  // A thumbnail follows the save (a 320 px PNG, shown in the list).
  await expect
    .poll(async () => (await boardJson(page, boardId)).thumbnailUrl, { timeout: 6000 })
    .not.toBeNull();

  // Reload: the rectangle is back.
  await page.reload();
  await editorReady(page);
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1');
  await expect(status).toHaveText('Salvo');

  // Excalidraw's own hints in Portuguese, those its pt-BR catalogue lacks as well
  // (apps/web/scripts/excalidraw-pt-br.ts): the arrow tool's.
  await page.locator('.excalidraw-container').focus();
  await page.keyboard.press('a');
  await expect(page.getByText(/Clique para marcar vários pontos/)).toBeVisible();
  await expect(page.getByText(/Click to start multiple points/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('v');
  // Its menu and help send nobody out to social networks, and say "Ajuda", not "Ajudar".
  await page.locator('.excalidraw .main-menu-trigger').click();
  await expect(page.getByText('Excalidraw links')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /GitHub|Discord|Siga-nos/ })).toHaveCount(0);
  await page.locator('.excalidraw .dropdown-menu').getByText('Ajuda').click();
  await expect(page.locator('.excalidraw .HelpDialog h2')).toHaveText(/^Ajuda/);
  await expect(page.getByText('Leia o nosso blog')).toBeHidden();
  await page.locator('.excalidraw .HelpDialog h2').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.excalidraw .HelpDialog')).toHaveCount(0);

  // Export a PNG and decode it.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Exportar PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Ciclo da água.png');
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const png = Buffer.concat(chunks);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const decoded = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    return { width: bitmap.width, height: bitmap.height };
  }, png.toString('base64'));
  expect(decoded.width).toBeGreaterThan(100);
  expect(decoded.height).toBeGreaterThan(50);

  // Import a scene with script in a text element and a javascript: link.
  await page.goto('/dashboard/whiteboard');
  await page.evaluate(() => {
    window.addEventListener(
      'securitypolicyviolation',
      () => ((window as { __csp?: number }).__csp = 1),
    );
  });
  await page.getByTestId('board-import-input').setInputFiles({
    name: 'ataque.excalidraw',
    mimeType: 'application/json',
    buffer: Buffer.from(XSS_SCENE),
  });
  await expect(page).toHaveURL(/\/dashboard\/whiteboard\/[\w-]+$/);
  await editorReady(page);
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1');
  const importedId = page.url().split('/').pop()!;
  const imported = await boardJson(page, importedId);
  expect(imported.scene.elements[0]?.text).toBe('<img src=x onerror="window.__xss=1">');
  expect(imported.scene.elements[0]?.link ?? null).toBeNull();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  // Its SVG export (fonts embedded from our server) carries the text as text.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Exportar SVG' }).click(),
  ]);
  const svgChunks: Buffer[] = [];
  for await (const chunk of (await svgDownload.createReadStream())!)
    svgChunks.push(chunk as Buffer);
  const svg = Buffer.concat(svgChunks).toString('utf8');
  expect(svg).toMatch(/^<svg /);
  expect(svg).toContain('&lt;img src=x onerror=');
  expect(svg).not.toMatch(/<img|<script|javascript:/i);

  // A file that is not a scene is refused with the translated error.
  await page.goto('/dashboard/whiteboard');
  await page.getByTestId('board-import-input').setInputFiles({
    name: 'notas.excalidraw',
    mimeType: 'application/json',
    buffer: Buffer.from('{"type":"nada"}'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Este arquivo não é uma cena válida do Excalidraw.',
  );
  expect(externalRequests, 'no request leaves our server (no CDN)').toEqual([]);
  await context.close();
});

test('two tabs on one board: the stale save is refused and the user chooses, nothing is overwritten silently', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await contextFor(browser, baseURL);
  await signUpApi(context, newUser('student'));
  const first = await context.newPage();
  const created = await first.request.post('/api/boards', {
    headers: appOrigin(),
    data: { title: 'Duas abas' },
  });
  expect(created.status()).toBe(201);
  const boardId = ((await created.json()) as { id: string }).id;
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto(`/dashboard/whiteboard/${boardId}`);
    await editorReady(page);
  }

  // The first tab saves two rectangles (a tab draws while it is in front, as a person's would).
  await first.bringToFront();
  await drawRectangle(first, [560, 150], [800, 320]);
  await drawRectangle(first, [560, 400], [800, 560]);
  await expect
    .poll(async () => (await boardJson(first, boardId)).scene.elements.length, { timeout: 10_000 })
    .toBe(2);
  const { version, scene } = await boardJson(first, boardId);
  const theirs = scene.elements.map((e) => e.id);

  // The second tab, still on version 0, draws: its save is refused and it asks.
  const refused = second.waitForResponse(
    (r) => r.url().endsWith(`/api/boards/${boardId}/scene`) && r.request().method() === 'PUT',
  );
  await second.bringToFront();
  await drawRectangle(second, [560, 150], [800, 320]);
  expect((await refused).status()).toBe(409);
  const dialog = second.getByRole('alertdialog', { name: 'Este quadro mudou em outro lugar' });
  await expect(dialog).toBeVisible();
  await second.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // Nothing was overwritten while the question is open.
  await expect(second.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1');
  expect((await boardJson(first, boardId)).scene.elements.map((e) => e.id)).toEqual(theirs);

  await dialog.getByRole('button', { name: 'Usar a versão salva' }).click();
  await expect(dialog).toBeHidden();
  // The saved version (two rectangles) replaces the tab's own one.
  await expect(second.getByTestId('board-canvas')).toHaveAttribute('data-elements', '2');
  const after = await boardJson(first, boardId);
  expect(after.version).toBe(version);
  expect(after.scene.elements.map((e) => e.id)).toEqual(theirs);

  // The first tab deletes the board; the second one draws on: it says the board is gone, stops
  // saving, and "Salvar como novo quadro" keeps every shape in a new board.
  const deleted = await first.request.delete(`/api/boards/${boardId}`, { headers: appOrigin() });
  expect(deleted.status()).toBe(204);
  const gone = second.waitForResponse(
    (r) => r.url().endsWith(`/api/boards/${boardId}/scene`) && r.request().method() === 'PUT',
  );
  await drawRectangle(second, [250, 120], [480, 260]);
  expect((await gone).status()).toBe(404);
  await expect(second.getByTestId('board-save-status')).toHaveText(
    'Quadro excluído — nada é salvo',
  );
  const banner = second.getByTestId('board-deleted');
  await expect(banner).toContainText('Este quadro foi excluído.');
  await expect(second.getByTestId('board-canvas')).toHaveAttribute('data-elements', '3');
  await banner.getByRole('button', { name: 'Salvar como novo quadro' }).click();
  await expect(second).not.toHaveURL(new RegExp(boardId));
  const newId = /\/dashboard\/whiteboard\/([^/?#]+)/.exec(second.url())![1]!;
  await editorReady(second);
  await expect(second.getByTestId('board-canvas')).toHaveAttribute('data-elements', '3');
  await expect(second.getByTestId('board-deleted')).toHaveCount(0);
  expect((await boardJson(second, newId)).scene.elements).toHaveLength(3);
  await context.close();
});

test('a teacher presents a board to a class (a student follows within 2 s) and hands out copies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const teacherContext = await contextFor(browser, baseURL);
  const studentContext = await contextFor(browser, baseURL);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const teacherUser: NewUser = { ...newUser('teacher'), name: 'Professora Helena' };
  const studentUser: NewUser = { ...newUser('student'), name: 'Aluno Lucas' };
  await signUpApi(teacherContext, teacherUser);
  await signUpApi(studentContext, studentUser);
  const teacher = await teacherContext.newPage();
  const student = await studentContext.newPage();
  const className = `7º A ${stamp}`;
  const created = await teacher.request.post('/api/classes', {
    data: { title: className },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  const klass = (await created.json()) as { id: string; code: string };
  const joined = await student.request.post('/api/classes/join', {
    data: { code: klass.code },
    headers: appOrigin(),
  });
  expect(joined.ok()).toBe(true);
  const board = await teacher.request.post('/api/boards', {
    data: { title: 'Frações' },
    headers: appOrigin(),
  });
  expect(board.status()).toBe(201);
  const { id: boardId } = (await board.json()) as { id: string };

  // Present.
  await teacher.goto(`/dashboard/whiteboard/${boardId}`);
  await editorReady(teacher);
  await teacher.getByRole('button', { name: 'Apresentar para a turma' }).click();
  const present = teacher.getByRole('dialog', { name: 'Apresentar para a turma' });
  await present.getByLabel('Turma').selectOption({ label: className });
  await present.getByRole('button', { name: 'Começar a apresentar' }).click();
  await expect(teacher.getByRole('button', { name: 'Parar de apresentar' })).toBeVisible();

  // The student opens it: read-only, following.
  await student.goto('/dashboard/whiteboard');
  const shared = student.getByRole('region', { name: 'Compartilhados comigo' });
  await shared.getByRole('link', { name: 'Frações' }).click();
  await editorReady(student);
  await expect(student.getByTestId('board-read-only')).toContainText('Somente leitura');
  await expect(student.getByTestId('board-read-only')).toContainText('Ao vivo');
  await expect(student.getByTestId('board-canvas')).toHaveAttribute('data-elements', '0');
  await expectAxeClean(student, 'editor (read-only)');

  // The teacher draws; the student sees it within 2 s of the save.
  const saved = teacher.waitForResponse(
    (r) => r.url().endsWith(`/api/boards/${boardId}/scene`) && r.request().method() === 'PUT',
  );
  await drawRectangle(teacher, [560, 140], [780, 300]);
  expect((await saved).status()).toBe(200);
  await expect(student.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1', {
    timeout: 2000,
  });

  // Hand out copies and open the grid.
  await teacher.getByRole('button', { name: 'Entregar cópias' }).click();
  const handout = teacher.getByRole('dialog', { name: 'Entregar cópias' });
  await handout.getByLabel('Turma').selectOption({ label: className });
  await handout.getByRole('button', { name: 'Entregar', exact: true }).click();
  await teacher.getByRole('link', { name: `Ver cópias de ${className}` }).click();
  const grid = teacher.getByTestId('handout-grid');
  await expect(grid.getByText('Aluno Lucas')).toBeVisible();
  await expectAxeClean(teacher, 'hand-out grid');
  await grid.getByRole('link', { name: /^Aluno Lucas/ }).click();
  await editorReady(teacher);
  await expect(teacher.getByTestId('board-read-only')).toContainText('Somente leitura');
  await expect(teacher.getByTestId('board-canvas')).toHaveAttribute('data-elements', '1');

  // The student's copy is theirs to edit.
  await student.goto('/dashboard/whiteboard');
  const mine = student.getByRole('region', { name: 'Meus quadros' });
  await mine.getByRole('link', { name: 'Frações' }).click();
  await editorReady(student);
  await expect(student.getByTestId('board-read-only')).toHaveCount(0);
  await expect(student.getByTestId('board-save-status')).toHaveText('Salvo');

  // The teacher's board is deleted elsewhere while it is open: once the editor knows, the class
  // actions (which would only fail now) leave with the saving; "Salvar como novo quadro" stays.
  await teacher.goto(`/dashboard/whiteboard/${boardId}`);
  await editorReady(teacher);
  await expect(teacher.getByRole('button', { name: 'Entregar cópias' })).toBeVisible();
  const deleted = await teacher.request.delete(`/api/boards/${boardId}`, { headers: appOrigin() });
  expect(deleted.status()).toBe(204);
  await drawRectangle(teacher, [560, 360], [780, 500]);
  await expect(teacher.getByTestId('board-save-status')).toHaveText(
    'Quadro excluído — nada é salvo',
  );
  await expect(teacher.getByTestId('board-deleted')).toBeVisible();
  for (const name of ['Compartilhar', 'Entregar cópias', /apresentar/i]) {
    await expect(teacher.getByRole('button', { name })).toHaveCount(0);
  }
  await teacherContext.close();
  await studentContext.close();
});

test('the list and the editor at 360 px in English', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await contextFor(browser, baseURL, { phone: true, lang: 'en' });
  await signUpApi(context, newUser('student'));
  const page = await context.newPage();
  const created = await page.request.post('/api/boards', {
    data: { title: 'Water cycle' },
    headers: appOrigin(),
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard/whiteboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Whiteboard' })).toBeVisible();
  await expect(page.getByText(/Storage used: /)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'board list (en, 360 px)');
  await page
    .getByRole('region', { name: 'My boards' })
    .getByRole('link', { name: 'Water cycle' })
    .click();
  await editorReady(page);
  await expect(page.getByTestId('board-save-status')).toHaveText('Saved');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAxeClean(page, 'editor (en, 360 px)');
  await context.close();
});
