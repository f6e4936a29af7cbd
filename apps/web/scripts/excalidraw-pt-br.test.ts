// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Corrections,
  EXCALIDRAW_PT_BR,
  EXCALIDRAW_PT_BR_CORRECTIONS,
  fillExcalidrawPtBr,
} from './excalidraw-pt-br.ts';

/**
 * Every string of Excalidraw's English catalogue has a Portuguese one once our plugin has filled
 * its pt-BR locale module (vite.config.ts): the module as Excalidraw ships it, transformed, then
 * imported the way Excalidraw imports it (its namespace).
 */
const require = createRequire(import.meta.url);
// The package's main entry is dist/prod/index.js.
const dist = dirname(dirname(require.resolve('@excalidraw/excalidraw')));
const scratch = mkdtempSync(join(tmpdir(), 'excalidraw-pt-br-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const localeFile = (build: string, code: string) => {
  const dir = join(dist, build, 'locales');
  const name = readdirSync(dir).find((f) => f.startsWith(`${code}-`) && f.endsWith('.js'));
  if (!name) throw new Error(`no ${code} locale in ${dir}`);
  return join(dir, name);
};

/** Loads a locale module (its `../chunk-…` imports pointed back at Excalidraw's dist). */
async function load(file: string, code: string): Promise<Record<string, unknown>> {
  const chunks = pathToFileURL(join(dirname(file), '..')).href;
  const text = code
    .replace(/(["'])\.\.\//g, `$1${chunks}/`)
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const copy = join(scratch, `${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(copy, text);
  return (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as Record<string, unknown>;
}

/** `a.b.c` paths of every non-empty string in `data`. */
function strings(data: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!data || typeof data !== 'object') return out;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'default') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' && value !== '') out.set(path, value);
    else for (const [p, v] of strings(value, path)) out.set(p, v);
  }
  return out;
}

/** `a.b.c` → `[as shipped, as we say it]`. */
function correctionPaths(fixes: Corrections, prefix = ''): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const [key, value] of Object.entries(fixes)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out.set(path, value);
    else for (const [p, v] of correctionPaths(value, path)) out.set(p, v);
  }
  return out;
}

/** Words Portuguese takes as they are. */
const SAME_IN_BOTH = new Set(['element.iframe']);

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*\w+\s*}}|<\/?\w+>/g)].map(String).sort();

describe.each(['prod', 'dev'])('Excalidraw pt-BR (%s build)', (build) => {
  it('leaves no English string without a Portuguese one, and keeps every placeholder', async () => {
    const english = strings(
      await load(localeFile(build, 'en'), readFileSync(localeFile(build, 'en'), 'utf8')),
    );
    const file = localeFile(build, 'pt-BR');
    const original = readFileSync(file, 'utf8');
    const before = strings(await load(file, original));
    const missing = [...english.keys()].filter((path) => !before.has(path));
    // What the plugin is for (0.18: 127 strings); if Excalidraw translates them all, drop it.
    expect(missing.length).toBeGreaterThan(0);

    const filled = fillExcalidrawPtBr(original, file);
    expect(filled).not.toBeNull();
    const after = strings(await load(file, filled!));
    expect([...english.keys()].filter((path) => !after.has(path))).toEqual([]);
    for (const path of missing) {
      if (!SAME_IN_BOTH.has(path)) expect(after.get(path), path).not.toBe(english.get(path));
      expect(placeholders(after.get(path)!), path).toEqual(placeholders(english.get(path)!));
    }
    // Excalidraw's own translations are kept, but for the corrections, each made exactly.
    const fixes = correctionPaths(EXCALIDRAW_PT_BR_CORRECTIONS);
    for (const [path, [shipped, ours]] of fixes) {
      expect(before.get(path), `${path} changed in Excalidraw: look at the correction again`).toBe(
        shipped,
      );
      expect(after.get(path), path).toBe(ours);
    }
    for (const [path, text] of before) {
      if (!fixes.has(path)) expect(after.get(path), path).toBe(text);
    }
    // No placeholder of Excalidraw's translated by mistake (it turns only CtrlOrCmd into "Ctrl").
    expect([...after.values()].filter((text) => /CtrlOu/.test(text))).toEqual([]);
  });
});

describe('the supplement', () => {
  it('holds only strings Excalidraw has in English (no stale keys)', async () => {
    const english = strings(
      await load(localeFile('prod', 'en'), readFileSync(localeFile('prod', 'en'), 'utf8')),
    );
    expect([...strings(EXCALIDRAW_PT_BR).keys()].filter((path) => !english.has(path))).toEqual([]);
  });

  it('touches no other module', () => {
    expect(
      fillExcalidrawPtBr(
        'export { a as labels, b as default }',
        '/x/node_modules/@excalidraw/excalidraw/dist/prod/locales/pt-PT-AB12.js',
      ),
    ).toBeNull();
    expect(fillExcalidrawPtBr('x', '/x/src/pt-BR-AB12.js')).toBeNull();
  });
});
