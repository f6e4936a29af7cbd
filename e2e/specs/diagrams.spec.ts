import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { resetLlm, scriptLlmPlain } from '../fixtures/llm-client.ts';
import { DEMO_STUDENT } from '../fixtures/env.ts';
import { appOrigin, expect, newUser, signInHere, signUp, test } from '../fixtures/test.ts';

/**
 * Issue 15, points 3–7 (diagrams): type a diagram from a template, break it (the error names its
 * line, the last good drawing stays), fix it, save it with its title and description, reload and
 * see it, read its text outline, export an SVG (well-formed, no script or handlers) and a PNG that
 * decodes, open it on the whiteboard; XSS payloads in labels and `click` stay inert; the tutor
 * draws from a prompt (the fake LLM) on a phone in English; a diagram deleted in another tab is
 * saved as a new one; axe clean on the list and the editor.
 */

test.beforeEach(async () => {
  await resetLlm();
});

/** The CodeMirror content of the editor. */
function codeEditor(page: Page) {
  return page.locator('.cm-content[contenteditable="true"]');
}

/** Replace everything in the code pane with `code` (typed as one input, like a paste). */
async function replaceCode(page: Page, code: string) {
  await codeEditor(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** Append `text` at the very end of the code. */
async function appendCode(page: Page, text: string) {
  await codeEditor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
}

const preview = (page: Page) => page.getByTestId('diagram-preview');

/** Everything in the preview's SVG that could run: elements and attributes. */
async function activeContent(page: Page): Promise<string[]> {
  return preview(page).evaluate((root) => {
    const found: string[] = [];
    for (const el of root.querySelectorAll('script, foreignObject, img, iframe, object, embed')) {
      found.push(`<${el.tagName}>`);
    }
    for (const el of root.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
        if (/javascript:/i.test(attr.value)) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
    }
    return found;
  });
}

test('type a flowchart, break and fix it, save, reload, export SVG and PNG, open it on the board', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  page.on('dialog', (dialog) => {
    throw new Error(`a script ran: ${dialog.message()}`);
  });
  await signUp(page, newUser('teacher'));

  await page.goto('/dashboard/mermaid');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagramas' })).toBeVisible();
  await expect(page.getByText('Nenhum diagrama ainda')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A template: the mind map draws, then the flowchart.
  await page.getByRole('link', { name: 'Novo diagrama' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mermaid\/new$/);
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Mapa mental' });
  await page.getByRole('button', { name: 'Usar modelo' }).click();
  await expect(preview(page).locator('svg')).toContainText('Fotossíntese');
  // Only flowcharts become board shapes: the button says why it is off.
  await expect(page.getByRole('button', { name: 'Abrir no quadro branco' })).toBeDisabled();
  await expect(page.getByText(/Só fluxogramas viram formas editáveis/)).toBeVisible();

  // Type a flowchart; the preview follows.
  await replaceCode(page, 'flowchart TD\n  A[Chuva] --> B[Rio]\n  B -->|corre| C[Mar]');
  await expect(preview(page).locator('svg')).toContainText('Mar');

  // Break it: the error names line 4, the last good drawing stays.
  await appendCode(page, '\n  C --> {D');
  const error = page.getByRole('status').filter({ hasText: 'Erro de sintaxe' });
  await expect(error).toContainText('Erro de sintaxe na linha 4');
  await expect(error).toContainText('Símbolo inesperado');
  await expect(preview(page)).toHaveAttribute('data-stale', 'true');
  await expect(preview(page).locator('svg')).toContainText('Mar');

  // Fix it, with XSS payloads in a label and in a click.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(
    'D[Nuvem]\n  D --> E["<img src=x onerror=alert(1)>"]\n  click A href "javascript:alert(2)"',
  );
  await expect(preview(page).locator('svg')).toContainText('Nuvem');
  await expect(preview(page)).not.toHaveAttribute('data-stale', 'true');
  await expect(page.getByText('Erro de sintaxe')).toHaveCount(0);
  expect(await activeContent(page)).toEqual([]);
  await preview(page).locator('svg').getByText('Chuva').click();
  await expect(page).toHaveURL(/\/dashboard\/mermaid\/new$/);

  // Saving asks for the title and the description first.
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Campo obrigatório.')).toHaveCount(2);
  await expect(page.getByLabel('Título')).toBeFocused();
  await page.getByLabel('Título').fill('Ciclo da água');
  await page.getByLabel('Descrição').fill('A chuva corre pelos rios até o mar e volta como nuvem.');
  // The preview carries them for screen readers (accTitle/accDescr).
  await expect(preview(page).locator('svg title')).toHaveText('Ciclo da água');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/mermaid\/(?!new)[^/]+$/);
  const diagramId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Ciclo da água' })).toBeVisible();

  // The text outline, in reading order.
  await page.getByRole('button', { name: 'Mostrar o diagrama em texto' }).click();
  const outline = page.getByRole('region', { name: 'O diagrama em texto' });
  await expect(outline.getByRole('listitem').filter({ hasText: 'Chuva leva a Rio' })).toBeVisible();
  await expect(outline.getByText('Rio leva a Mar (corre)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Reload: it is saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ciclo da água' })).toBeVisible();
  await expect(preview(page).locator('svg')).toContainText('Nuvem');
  await expect(page.getByText('Alterações não salvas')).toHaveCount(0);

  // SVG export: well-formed, nothing active in it.
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe('Ciclo da água.svg');
  const svgText = await readFile((await svgDownload.path())!, 'utf8');
  const svgCheck = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'image/svg+xml');
    const bad: string[] = [];
    if (doc.querySelector('parsererror')) bad.push('parsererror');
    if (doc.documentElement.localName !== 'svg') bad.push(doc.documentElement.localName);
    for (const el of doc.querySelectorAll('*')) {
      if (['script', 'foreignObject', 'img', 'iframe'].includes(el.localName))
        bad.push(el.localName);
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name) || /javascript:/i.test(attr.value)) bad.push(attr.name);
      }
    }
    return { bad, text: doc.documentElement.textContent ?? '' };
  }, svgText);
  expect(svgCheck.bad).toEqual([]);
  expect(svgCheck.text).toContain('Nuvem');

  // PNG export: a PNG the browser decodes.
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar PNG' }).click(),
  ]);
  const png = await readFile((await pngDownload.path())!);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const size = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    return { width: bitmap.width, height: bitmap.height };
  }, png.toString('base64'));
  expect(size.width).toBeGreaterThan(50);
  expect(size.height).toBeGreaterThan(50);

  // On the whiteboard: a new board of editable shapes.
  await page.getByRole('button', { name: 'Abrir no quadro branco' }).click();
  await expect(page).toHaveURL(/\/dashboard\/whiteboard\/[^/]+$/, { timeout: 20_000 });
  const boardId = page.url().split('/').pop()!;
  const board = await page.request.get(`/api/boards/${boardId}`);
  expect(board.status()).toBe(200);
  const { title, scene } = (await board.json()) as {
    title: string;
    scene: { elements: { type: string; text?: string }[] };
  };
  expect(title).toBe('Ciclo da água');
  const types = new Set(scene.elements.map((e) => e.type));
  expect(types.has('rectangle') && types.has('arrow') && types.has('text')).toBe(true);
  expect(scene.elements.map((e) => e.text ?? '')).toEqual(
    expect.arrayContaining(['Chuva', 'Nuvem']),
  );

  // The list shows it.
  await page.goto('/dashboard/mermaid');
  await expect(page.getByRole('link', { name: 'Ciclo da água' })).toHaveAttribute(
    'href',
    `/dashboard/mermaid/${diagramId}`,
  );
});

test('a diagram saved with code that does not draw says so, then and after a reload', async ({
  page,
}) => {
  await signUp(page, newUser('teacher'));
  await page.goto('/dashboard/mermaid/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo diagrama' })).toBeVisible();
  await page.getByLabel('Título').fill('Rascunho da aula');
  await page.getByLabel('Descrição').fill('Ainda em construção.');
  await replaceCode(page, 'flowchart TD\n  A --> --> B [[[');
  await expect(page.getByRole('status').filter({ hasText: 'Erro de sintaxe' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByText(
      'Diagrama salvo. O código ainda tem um erro: o desenho só aparece depois de corrigido.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/mermaid\/(?!new)[^/]+$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Rascunho da aula' })).toBeVisible();
  await expect(preview(page)).toContainText(
    'O código tem um erro (veja acima) e ainda não dá um desenho.',
  );
  await expect(preview(page)).not.toContainText('Escreva o código');
});

test('on a desktop the title keeps its words whole beside the buttons', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, newUser('teacher'));
  const res = await page.request.post('/api/diagrams', {
    data: { title: 'Fotossíntese', description: 'As etapas.', code: 'flowchart TD\n  A --> B' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/mermaid/${id}`);
  const title = page.getByRole('heading', { level: 1, name: 'Fotossíntese' });
  await expect(title).toBeVisible();
  // One line: squeezed by the buttons, it broke as "Fotossínte / se".
  const lines = await title.evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});

test('a diagram deleted in another tab: saving says so and "Salvar como novo diagrama" keeps it', async ({
  page,
}) => {
  await signUp(page, newUser('teacher'));
  const res = await page.request.post('/api/diagrams', {
    data: { title: 'Ciclo da água', description: 'As etapas.', code: 'flowchart TD\n  A --> B' },
    headers: appOrigin(),
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/dashboard/mermaid/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ciclo da água' })).toBeVisible();
  // Another tab deletes it; this one goes on editing.
  const deleted = await page.request.delete(`/api/diagrams/${id}`, { headers: appOrigin() });
  expect(deleted.status()).toBe(204);
  await page.getByLabel('Título').fill('Ciclo da chuva');
  await appendCode(page, '\n  B --> C');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const banner = page.getByTestId('diagram-deleted');
  await expect(banner).toContainText('Este diagrama foi excluído.');
  await expect(page.getByText(/Não foi possível salvar/)).toHaveCount(0);
  await banner.getByRole('button', { name: 'Salvar como novo diagrama' }).click();
  await expect(page).not.toHaveURL(new RegExp(id));
  await expect(page.getByRole('heading', { level: 1, name: 'Ciclo da chuva' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  const newId = /\/dashboard\/mermaid\/([^/?#]+)/.exec(page.url())![1]!;
  const saved = (await (await page.request.get(`/api/diagrams/${newId}`)).json()) as {
    title: string;
    code: string;
  };
  expect(saved.title).toBe('Ciclo da chuva');
  expect(saved.code).toBe('flowchart TD\n  A --> B\n  B --> C');
});

test('the tutor draws from a prompt, on a 360 px phone in English', async ({ page }) => {
  await signUp(page, newUser('student'));
  await page.evaluate(() => localStorage.setItem('aprenda.lang', 'en'));
  await page.setViewportSize({ width: 360, height: 740 });
  await scriptLlmPlain({
    kind: 'answer',
    chunks: [
      '```mermaid\nflowchart LR\n  accTitle: The water cycle\n  accDescr: Water evaporates, condenses and falls as rain.\n  Sea --> Vapour\n  Vapour --> Cloud\n  Cloud --> Rain\n```',
    ],
  });

  await page.goto('/dashboard/mermaid/new?modelo=timeline');
  await expect(page.getByRole('heading', { level: 1, name: 'New diagram' })).toBeVisible();
  await expect(preview(page).locator('svg')).toContainText('Sputnik');
  await page.getByLabel('Describe the diagram').fill('The water cycle');
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  await expect(page.getByText('The AI wrote the diagram.')).toBeVisible();
  await expect(codeEditor(page)).toContainText('Vapour --> Cloud');
  await expect(preview(page).locator('svg')).toContainText('Rain');
  await expect(page.getByLabel('Title')).toHaveValue('The water cycle');
  await expect(page.getByLabel('Description')).toHaveValue(
    'Water evaporates, condenses and falls as rain.',
  );
  // Nothing saved until the user saves.
  const list = await page.request.get('/api/diagrams');
  expect(((await list.json()) as { mine: unknown[] }).mine).toHaveLength(0);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/mermaid\/(?!new)[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The water cycle' })).toBeVisible();
});

test("a student opens the class's diagram and board read-only (demo data)", async ({ page }) => {
  await page.goto('/auth');
  await signInHere(page, DEMO_STUDENT);
  await expect(page).toHaveURL(/\/dashboard\/?$/);

  await page.goto('/dashboard/mermaid');
  const shared = page.getByRole('region', { name: 'Compartilhados comigo' });
  await shared.getByRole('link', { name: /Como resolver uma equação do 2º grau/ }).click();
  await expect(page.getByText('Compartilhado por Helena Costa — somente leitura.')).toBeVisible();
  await expect(preview(page).locator('svg')).toBeVisible();
  // Every comparison sign of the labels is drawn (Mermaid's text labels dropped a lone `>`).
  const drawn = preview(page).locator('svg text');
  for (const label of ['Δ < 0', 'Δ = 0', 'Δ > 0']) {
    await expect(drawn.filter({ hasText: label })).not.toHaveCount(0);
  }
  await expect(page.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toHaveCount(0);

  await page.goto('/dashboard/whiteboard');
  await page
    .getByRole('region', { name: 'Compartilhados comigo' })
    .getByRole('link', { name: 'Plano cartesiano — 9º ano', exact: true })
    .click();
  await expect(page.getByText('Somente leitura', { exact: true })).toBeVisible();
  await expect(page.locator('.excalidraw canvas').first()).toBeVisible();
  // View mode: Excalidraw's shape toolbar is not offered.
  await expect(page.locator('[data-testid="toolbar-rectangle"]')).toHaveCount(0);
});
