import type { ItemKind } from '@aprenda/shared/schemas/exercises';
import { GIFT_TEXT_MAX } from '@aprenda/shared/schemas/exercises';
import { mathSpans } from '@/lib/plain-text';

/** Texts of the item bank's lists (no JSX): summaries, difficulty in words, GIFT checks. */

/**
 * The first non-empty line of a stem as plain text for a list: images give their description,
 * links their text, the common markdown marks go (maths `$…$` stays for KaTeX), spaces collapse;
 * cut at `max` characters with "…".
 */
export function stemSummary(stem: string, max = 160): string {
  const line =
    stem
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l.length > 0 && !/^(```|\$\$)/.test(l)) ?? '';
  const plain = line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  // Never cut inside maths (KaTeX would get half a formula): a formula across the cut goes whole.
  // Only real maths counts (`mathSpans`), so the "R$" of a price near the end stays.
  const spans = mathSpans(plain);
  let end = max - 1;
  const across = spans.find((s) => s.start < end && end < s.end);
  if (across) end = across.start;
  let cut = plain.slice(0, end).trimEnd();
  // Nor let the cut make maths of what was none (`$x e y$5` cut before the 5): cut before it too.
  for (;;) {
    const made = mathSpans(`${cut}…`).find(
      (m) => !spans.some((s) => s.start === m.start && s.end === m.end),
    );
    if (!made) break;
    cut = cut.slice(0, made.start).trimEnd();
  }
  return `${cut}…`;
}

/** Whether a text has real maths to render (`$…$`, `$$…$$`, `\(…\)`; not "R$ 5 e R$ 7"). */
export { hasMaths } from '@/lib/plain-text';

/** `{{name}}` (spaces allowed inside the braces), the placeholder of a template variable. */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * A template's text as its author reads it: inside maths, `{{name}}` becomes a boxed name (KaTeX
 * reads `{{p}}` as a group and draws a bare "p", which looks like a letter of the formula); outside
 * maths it stays as written. A student's text never has placeholders (the server fills them in).
 */
export function markPlaceholders(text: string): string {
  return text.replace(/(\$\$?)([^$]+?)\1/g, (_whole, fence: string, body: string) => {
    const marked = body.replace(TEMPLATE_PLACEHOLDER, (_m, name: string) => {
      return `{\\boxed{\\mathrm{${name}}}}`;
    });
    return `${fence}${marked}${fence}`;
  });
}

export type DifficultyLevel = 'easy' | 'medium' | 'hard';

/**
 * The learner model's difficulty in words (0: a student of average ability gets it right half the
 * time): below −1 easy, above 1 hard, medium between; null before the first answer (the model has
 * only its starting guess then).
 */
export function difficultyLevel(difficulty: number, answers: number): DifficultyLevel | null {
  if (answers <= 0) return null;
  if (difficulty < -1) return 'easy';
  if (difficulty > 1) return 'hard';
  return 'medium';
}

/** The translation key of a kind's badge (`exercises:kinds.<kind>`). */
export function kindKey(kind: ItemKind): string {
  return `kinds.${kind}`;
}

export const GIFT_FILE_MAX_BYTES = GIFT_TEXT_MAX;

/** Whether a chosen file can be read for a GIFT import: null when fine, else an error key. */
export function giftFileProblem(file: { name: string; size: number }): 'tooBig' | 'type' | null {
  if (file.size > GIFT_FILE_MAX_BYTES) return 'tooBig';
  if (!/\.(gift|txt)$/i.test(file.name)) return 'type';
  return null;
}

/** GIFT import error codes with a sentence in `exercises:gift.errors`. */
export const GIFT_ERROR_CODES = [
  'syntax',
  'unsupported_type',
  'no_correct_answer',
  'empty',
  'invalid',
  'too_many',
] as const;

/** The translation key for a GIFT error code (an unknown code reads as `invalid`). */
export function giftErrorKey(code: string): string {
  return `gift.errors.${(GIFT_ERROR_CODES as readonly string[]).includes(code) ? code : 'invalid'}`;
}

/** A fresh seed for "Outra variante" of a template. */
export function randomSeed(): string {
  return `try-${Math.random().toString(36).slice(2, 10)}`;
}
