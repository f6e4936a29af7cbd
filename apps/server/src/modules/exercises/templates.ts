import type { Language } from '@aprenda/shared/constants';
import type { ItemInput, Template } from '@aprenda/shared/schemas/exercises';
import { formatDecimal, roundNoise } from '@aprenda/shared/decimal';
import { evaluateFormula } from './formula.ts';

/**
 * Template items (issue 13): each student gets their own variant of an item — numbers drawn from
 * the template's ranges with a seed made of the student and the item, so the same student always
 * sees the same numbers (a reload, a second device, the grading request) and their neighbour
 * usually different ones. Everything here is pure: the draw depends on the seed only, never on
 * `Math.random`, the clock or the engine (the generator uses 32-bit integer arithmetic, which is
 * exact and identical in every JavaScript engine).
 */

/** A stored item: what the teacher wrote (the shared `ItemInput`) and its id. */
export interface ItemSpec extends ItemInput {
  id: string;
}

/** An item as one student gets it: placeholders filled, a template's answer computed. */
export interface ResolvedItem extends ItemSpec {
  /** The drawn template values ({} for an item without a template). */
  values: Record<string, number>;
}

/**
 * cyrb128: a fast 128-bit string hash (public domain, bryc), the seed of the generator. Not a
 * cryptographic hash — nothing here needs one: the seed is not secret, only stable.
 */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * A seeded generator of numbers in [0, 1) with 53 random bits (two sfc32 outputs: sfc32 is a
 * small, well-tested 128-bit-state generator, public domain). Same seed, same sequence.
 */
export function seededRandom(seed: string): () => number {
  let [a, b, c, d] = cyrb128(seed);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: they still look like the hash.
  for (let i = 0; i < 12; i++) next();
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}

/** The seed of one student's variant of one item (`v1` names this recipe, should it change). */
export function variantSeed(userId: string, itemId: string): string {
  return `v1|${itemId}|${userId}`;
}

/** Decimals in the written form of `x` (0.25 → 2, 1e-7 → 7, 3 → 0), at most 15. */
function decimalsOf(x: number): number {
  const [mantissa = '', exp = '0'] = String(Math.abs(x)).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.min(15, Math.max(0, fraction.length - Number(exp)));
}

/**
 * The template's values for `seed`: each variable is min + k·step with k a whole number drawn
 * uniformly so that the value is at most max, rounded to the decimals of min and step (so that
 * 0.1 + 2·0.1 is 0.3, not 0.30000000000000004). Each variable has its own generator, seeded with
 * the seed and its name: adding a variable to a template does not change the others' values.
 */
export function drawVariables(template: Template, seed: string): Record<string, number> {
  const values: Record<string, number> = {};
  for (const { name, min, max, step } of template.variables) {
    const count = Math.floor((max - min) / step + 1e-9) + 1;
    const k = Math.min(count - 1, Math.floor(seededRandom(`${seed}|${name}`)() * count));
    const decimals = Math.max(decimalsOf(min), decimalsOf(step));
    let value = Number((min + k * step).toFixed(decimals));
    if (value > max) value = Number((min + (k - 1) * step).toFixed(decimals));
    values[name] = Object.is(value, -0) ? 0 : value;
  }
  return values;
}

/** `{{name}}` (spaces allowed inside the braces), the placeholder of a template variable. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variable names that `text`'s placeholders refer to. */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/**
 * `text` with each `{{name}}` replaced by its value, formatted for `locale` (a decimal comma in
 * Portuguese: 2,5). Placeholders of unknown names are left as they are.
 */
export function fillPlaceholders(
  text: string,
  values: Record<string, number>,
  locale: Language = 'pt-BR',
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? formatDecimal(values[name]!, locale) : whole,
  );
}

/**
 * `latex` with each `{{name}}` replaced by its value as a LaTeX group: a dot decimal, braces so
 * that `x^{{n}}` becomes `x^{12}` (not `x^12`), and parentheses around a negative value so that
 * `x-{{a}}` with a = −3 is `x-{(-3)}`.
 */
export function fillLatexPlaceholders(latex: string, values: Record<string, number>): string {
  return latex.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const text = formatDecimal(values[name]!, 'en');
    return values[name]! < 0 ? `{(${text})}` : `{${text}}`;
  });
}

/**
 * The concrete item for one student (`seed`: see `variantSeed`): the template's values drawn,
 * placeholders filled in the stem, the explanation, the choices' text and feedback and the
 * accepted texts (for `locale`), and in the expression answer (as LaTeX); a numeric item with a
 * formula gets the formula's value as its answer (null when the formula fails for these values —
 * the item is then marked wrong; `checkItem` tries to prevent it at authoring time). An item
 * without a template comes back unchanged (with empty `values`). With `shuffle_choices`, the
 * choices come in the student's own order (same seed, same order; grading goes by choice id).
 */
export function resolveItem(
  item: ItemSpec,
  seed: string,
  locale: Language = 'pt-BR',
): ResolvedItem {
  const filled = fillTemplate(item, seed, locale);
  if (!item.shuffle_choices || filled.choices.length < 2) return filled;
  return { ...filled, choices: seededShuffle(filled.choices, `${seed}:choices`) };
}

/** `list` in a seeded random order (Fisher–Yates): same seed, same order. */
export function seededShuffle<T>(list: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function fillTemplate(item: ItemSpec, seed: string, locale: Language): ResolvedItem {
  if (!item.template) return { ...item, values: {} };
  const values = drawVariables(item.template, seed);
  const fill = (text: string) => fillPlaceholders(text, values, locale);
  let numeric = item.numeric;
  if (numeric?.formula) {
    let answer: number | null;
    try {
      answer = roundNoise(evaluateFormula(numeric.formula, values));
    } catch {
      answer = null;
    }
    numeric = { ...numeric, answer };
  }
  return {
    ...item,
    values,
    stem: fill(item.stem),
    explanation: fill(item.explanation),
    choices: item.choices.map((c) => ({ ...c, text: fill(c.text), feedback: fill(c.feedback) })),
    numeric,
    text: item.text && { accepted: item.text.accepted.map(fill) },
    expression: item.expression && {
      answer: fillLatexPlaceholders(item.expression.answer, values),
    },
  };
}
