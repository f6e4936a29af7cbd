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

/** LaTeX commands read as one symbol (`\times` → ×), for names read aloud. */
const MATH_SYMBOLS: Record<string, string> = {
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  leqslant: '≤',
  ge: '≥',
  geq: '≥',
  geqslant: '≥',
  ne: '≠',
  neq: '≠',
  lt: '<',
  gt: '>',
  approx: '≈',
  sim: '∼',
  equiv: '≡',
  cong: '≅',
  propto: '∝',
  infty: '∞',
  to: '→',
  rightarrow: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  implies: '⇒',
  Leftrightarrow: '⇔',
  iff: '⇔',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  subseteq: '⊆',
  cup: '∪',
  cap: '∩',
  emptyset: '∅',
  varnothing: '∅',
  forall: '∀',
  exists: '∃',
  neg: '¬',
  angle: '∠',
  perp: '⊥',
  parallel: '∥',
  triangle: '△',
  degree: '°',
  circ: '∘',
  prime: '′',
  sum: '∑',
  prod: '∏',
  int: '∫',
  partial: '∂',
  ldots: '…',
  cdots: '⋯',
  dots: '…',
  percent: '%',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'θ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
};

/** Commands whose one argument is read as it is (`\text{cm}` → cm, `\mathbb{R}` → R). */
const MATH_WRAPPERS = new Set([
  'text',
  'textrm',
  'textbf',
  'textit',
  'textsf',
  'texttt',
  'mathrm',
  'mathbf',
  'mathit',
  'mathsf',
  'mathtt',
  'mathbb',
  'mathcal',
  'mathfrak',
  'boldsymbol',
  'operatorname',
  'boxed',
  'overline',
  'underline',
  'vec',
  'hat',
  'bar',
  'tilde',
  'dot',
  'ddot',
  'widehat',
  'overrightarrow',
  'displaystyle',
  'textstyle',
]);

/** Commands that only size or space what follows: nothing to read. */
const MATH_SILENT = new Set([
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'bigl',
  'bigr',
  'Bigl',
  'Bigr',
  'biggl',
  'biggr',
  'middle',
  'limits',
  'nolimits',
]);

const MATH_SPACES = new Set(['quad', 'qquad', 'enspace', 'thinspace', 'medspace', 'thickspace']);

const SUPERSCRIPTS: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  n: 'ⁿ',
};

const SUBSCRIPTS: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
};

/** `text` in small raised (or lowered) characters when all of it has one, else null. */
function scriptOf(text: string, table: Record<string, string>): string | null {
  const chars = [...text];
  if (chars.length === 0 || chars.some((c) => !(c in table))) return null;
  return chars.map((c) => table[c]).join('');
}

/** A fraction's (or root's) part, in brackets unless one number or one letter ("(x + 1)/2"). */
function fractionPart(text: string): string {
  const trimmed = text.trim();
  return /^(\p{N}+([.,]\p{N}+)?|\p{L})?$/u.test(trimmed) ? trimmed : `(${trimmed})`;
}

/**
 * A LaTeX formula as text to read aloud (an accessible name, a confirmation): `3 \times 7` →
 * "3 × 7", `\frac{1}{2}` → "1/2", `x^2` → "x²", `\sqrt{x+1}` → "√(x+1)", `\text{cm}` → "cm";
 * sizes, spaces and braces go, and an unknown command keeps its name without the backslash. Not a
 * renderer: what KaTeX shows is still the maths on screen.
 */
export function mathsAsText(latex: string): string {
  let i = 0;

  // One argument: a `{…}` group, a command, or one character.
  function argument(): string {
    while (latex[i] === ' ') i += 1;
    if (i >= latex.length) return '';
    if (latex[i] === '{') {
      let depth = 0;
      const start = i + 1;
      for (; i < latex.length; i += 1) {
        if (latex[i] === '\\') i += 1;
        else if (latex[i] === '{') depth += 1;
        else if (latex[i] === '}' && --depth === 0) break;
      }
      const body = latex.slice(start, i);
      i += 1;
      return mathsAsText(body);
    }
    if (latex[i] === '\\') {
      const match = /^\\([A-Za-z]+|.)/.exec(latex.slice(i));
      const command = match?.[0] ?? '\\';
      i += command.length;
      return mathsAsText(command);
    }
    const char = [...latex.slice(i)][0]!;
    i += char.length;
    return char;
  }

  let out = '';
  while (i < latex.length) {
    const c = latex[i]!;
    if (c === '\\') {
      const name = /^[A-Za-z]+/.exec(latex.slice(i + 1))?.[0];
      if (!name) {
        // `\,` `\;` `\:` `\ ` are spaces, `\!` none, `\\` a new line; `\%` `\{` `\$`… the sign.
        const next = latex[i + 1] ?? '';
        i += 2;
        out += ',;: \\'.includes(next) ? ' ' : next === '!' ? '' : next;
        continue;
      }
      i += name.length + 1;
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac' || name === 'cfrac') {
        const top = argument();
        const bottom = argument();
        out += `${fractionPart(top)}/${fractionPart(bottom)}`;
      } else if (name === 'sqrt') {
        let index = '';
        if (latex[i] === '[') {
          const close = latex.indexOf(']', i);
          index = mathsAsText(latex.slice(i + 1, close < 0 ? latex.length : close));
          i = close < 0 ? latex.length : close + 1;
        }
        const radicand = argument();
        out += `${index ? (scriptOf(index, SUPERSCRIPTS) ?? `${index} `) : ''}√${fractionPart(radicand)}`;
      } else if (MATH_WRAPPERS.has(name)) {
        out += argument();
      } else if (MATH_SILENT.has(name)) {
        if (latex[i] === '.') i += 1;
      } else if (MATH_SPACES.has(name)) {
        out += ' ';
      } else {
        out += MATH_SYMBOLS[name] ?? name;
      }
    } else if (c === '^' || c === '_') {
      i += 1;
      const script = argument().trim();
      if (c === '^' && (script === '°' || script === '∘')) out += '°';
      else if (c === '^') {
        out +=
          scriptOf(script, SUPERSCRIPTS) ??
          ([...script].length === 1 ? `^${script}` : `^(${script})`);
      } else out += scriptOf(script, SUBSCRIPTS) ?? script;
    } else if (c === '{') {
      out += argument();
    } else if (c === '}' || c === '&') {
      i += 1;
      if (c === '&') out += ' ';
    } else if (c === '~') {
      i += 1;
      out += ' ';
    } else {
      i += 1;
      out += c;
    }
  }
  return out;
}

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
