import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Excalidraw's own pt-BR catalogue lacks 127 of its English strings (0.18: the arrow types and
 * heads, the element names of the stats panel, the laser pointer, search, the link editor, the
 * crop and flowchart hints, …), and Excalidraw shows the English ones in their place: a pt-BR
 * whiteboard spoke half English. `excalidraw-pt-br.json` holds our translation of exactly those
 * strings; this plugin adds them to Excalidraw's pt-BR locale module as it is built (and
 * pre-bundled by the dev server), filling only what the catalogue leaves missing or empty — a
 * string Excalidraw translates itself in a later version keeps its translation. A top-level
 * section the module does not export at all (`search`, `commandPalette`, …) is exported: Excalidraw
 * looks strings up on the module's namespace. `scripts/excalidraw-pt-br.test.ts` fails when any
 * English string is left without a Portuguese one (after an upgrade, say).
 *
 * `excalidraw-pt-br-corrections.json` mends a few of the catalogue's own strings, each given as
 * `[as shipped, as we say it]` and replaced only while the shipped text is exactly the first: a
 * placeholder translated by mistake (`CtrlOuCmd`, which Excalidraw does not turn into "Ctrl"),
 * "Ajudar" as the help dialog's title, "Flecha" beside "Seta", a misspelling. The test fails when
 * a shipped text no longer matches (Excalidraw changed it: look again).
 */
export const EXCALIDRAW_PT_BR: Record<string, object> = JSON.parse(
  readFileSync(new URL('./excalidraw-pt-br.json', import.meta.url), 'utf8'),
) as Record<string, object>;

/** Leaf `[as shipped, as we say it]` pairs, by section, like the catalogue. */
export type Corrections = { [key: string]: [string, string] | Corrections };

export const EXCALIDRAW_PT_BR_CORRECTIONS: Corrections = JSON.parse(
  readFileSync(new URL('./excalidraw-pt-br-corrections.json', import.meta.url), 'utf8'),
) as Corrections;

const PT_BR_LOCALE =
  /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/](dev|prod)[\\/]locales[\\/]pt-BR-[\w-]+\.js$/;

/** `export { a as labels, … }` (or `export { labels, … }`): exported name → local name. */
function exportedNames(code: string): Map<string, string> | null {
  const clauses = [...code.matchAll(/export\s*\{([^}]*)\}/g)];
  if (clauses.length === 0) return null;
  const names = new Map<string, string>();
  for (const clause of clauses) {
    for (const part of clause[1]!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      if (local && exported) names.set(exported, local);
    }
  }
  return names;
}

/** Sets every key of `extra` that `target` lacks or holds as "", recursively. */
const FILL = `function __aprendaFill(target, extra) {
  for (const key of Object.keys(extra)) {
    const value = extra[key];
    if (value && typeof value === 'object') {
      if (!target[key] || typeof target[key] !== 'object') target[key] = {};
      __aprendaFill(target[key], value);
    } else if (target[key] === undefined || target[key] === '') {
      target[key] = value;
    }
  }
}
function __aprendaCorrect(target, fixes) {
  for (const key of Object.keys(fixes)) {
    const fix = fixes[key];
    if (Array.isArray(fix)) {
      if (target[key] === fix[0]) target[key] = fix[1];
    } else if (target[key] && typeof target[key] === 'object') {
      __aprendaCorrect(target[key], fix);
    }
  }
}`;

/** The pt-BR locale module's code with our strings added (null: not that module). */
export function fillExcalidrawPtBr(
  code: string,
  id: string,
  extra: Record<string, object> = EXCALIDRAW_PT_BR,
  corrections: Corrections = EXCALIDRAW_PT_BR_CORRECTIONS,
): string | null {
  if (!PT_BR_LOCALE.test(id.split('?')[0]!)) return null;
  const names = exportedNames(code);
  if (!names?.has('default') || !names.has('labels')) {
    throw new Error(`Excalidraw's pt-BR locale module has an unexpected shape: ${id}`);
  }
  let tail = `\n${FILL}\n`;
  for (const [section, fixes] of Object.entries(corrections)) {
    const local = names.get(section);
    if (local) tail += `__aprendaCorrect(${local}, ${JSON.stringify(fixes)});\n`;
  }
  for (const [section, values] of Object.entries(extra)) {
    const local = names.get(section);
    tail += local
      ? `__aprendaFill(${local}, ${JSON.stringify(values)});\n`
      : `export const ${section} = ${JSON.stringify(values)};\n`;
  }
  return code + tail;
}

export function excalidrawPtBr(): Plugin {
  return {
    name: 'aprenda:excalidraw-pt-br',
    transform(code, id) {
      try {
        const filled = fillExcalidrawPtBr(code, id);
        return filled === null ? null : { code: filled, map: null };
      } catch (err) {
        this.error((err as Error).message);
      }
    },
  };
}
