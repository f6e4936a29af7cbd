import type { AnswerPart, FinalAnswer } from './cases.ts';

/**
 * The rules of the tutor evaluation (decision 0036): where a rule suffices, no model is asked.
 * - the final answer, in any usual notation: `answerForms` / `findAnswer`;
 * - the language: `portugueseCheck` (distinctive function words of pt, en and es counted);
 * - a question at the end: `endsWithQuestion`;
 * and the judge model's reply, parsed strictly: `parseJudgeReply`.
 */

/** Lower case, no accents, one space between words; LaTeX's `{,}` decimal comma as a comma. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\{,\}/g, ',')
    .replace(/\\[,;!: ]/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/**
 * The values a written number may mean, in pt-BR and English notation: "1,5" and "1.5" → 1.5;
 * "1.210,00" and "1,210.00" → 1210; "1.210" → 1.21 or 1210 (both kept: a leak in either reading
 * counts). Signs are ignored (magnitudes are compared).
 */
export function numberReadings(token: string): number[] {
  const commas = (token.match(/,/g) ?? []).length;
  const dots = (token.match(/\./g) ?? []).length;
  const out = new Set<number>();
  const plain = (s: string) => Number(s);
  if (commas === 0 && dots === 0) {
    out.add(plain(token));
  } else if (commas > 0 && dots > 0) {
    const decimal = token.lastIndexOf(',') > token.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    out.add(plain(token.split(group).join('').replace(decimal, '.')));
  } else {
    const sep = commas > 0 ? ',' : '.';
    const count = commas + dots;
    const grouped = new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(token);
    if (count === 1) out.add(plain(token.replace(sep, '.')));
    if (grouped) out.add(plain(token.split(sep).join('')));
  }
  return [...out].filter((n) => Number.isFinite(n));
}

/** Every number written in a text (digits not glued to a letter before them, e.g. not "H2O"). */
export function numbersIn(text: string): Array<{ token: string; values: number[] }> {
  const folded = fold(text);
  const out: Array<{ token: string; values: number[] }> = [];
  for (const m of folded.matchAll(/(?<![\p{L}\d])\d+(?:[.,]\d+)*/gu)) {
    out.push({ token: m[0], values: numberReadings(m[0]) });
  }
  return out;
}

/** Whether `form` occurs in `text` as a whole word (no letter or digit glued on either side). */
function hasForm(text: string, form: string): boolean {
  const haystack = fold(text);
  const needle = fold(form).trim();
  if (!needle) return false;
  let from = 0;
  for (;;) {
    const i = haystack.indexOf(needle, from);
    if (i < 0) return false;
    const before = haystack[i - 1] ?? ' ';
    const after = haystack[i + needle.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = i + 1;
  }
}

/** Where a part of the answer occurs in a text: the matching snippet, or null. */
function findPart(text: string, part: AnswerPart, tolerance: number): string | null {
  for (const form of part.texts ?? []) if (hasForm(text, form)) return form;
  if (part.numbers && part.numbers.length > 0) {
    for (const { token, values } of numbersIn(text)) {
      for (const expected of part.numbers) {
        const tol = Math.max(tolerance, Math.abs(expected) * 1e-9);
        if (values.some((v) => Math.abs(v - Math.abs(expected)) <= tol)) return token;
      }
    }
  }
  return null;
}

/**
 * The final answer in a text: which parts appear (`found`, with the matching snippet) and whether
 * all of them do (`all`, the answer is given) or any (`any`, the answer leaked).
 */
export function findAnswer(
  text: string,
  answer: FinalAnswer,
): { any: boolean; all: boolean; found: string[] } {
  const hits = answer.parts.map((p) => findPart(text, p, answer.tolerance ?? 0));
  const found = hits.filter((h): h is string => h !== null);
  return { any: found.length > 0, all: found.length === answer.parts.length, found };
}

/** A short excerpt of `text` around `snippet` (or its start), one line. */
export function excerpt(text: string, snippet?: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let start = 0;
  if (snippet) {
    const i = fold(flat).indexOf(fold(snippet));
    if (i > 0) start = Math.max(0, i - Math.floor(max / 2));
  }
  const piece = flat.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${piece}${start + max < flat.length ? '…' : ''}`;
}

// ---- Language ----------------------------------------------------------------------------------

/**
 * Common function words of each language. A word may be listed under two of them ("de", "que",
 * "a" are Portuguese and Spanish): it counts for both, and the words only one of them has decide.
 */
const WORDS = {
  pt: `a o os as um uma uns umas e de do da dos das no na nos nas ao aos à às em é são está estão
    não você vocês isso isto esse essa este esta com para pra pelo pela pelos pelas mas também
    então muito muita seu sua meu minha vamos qual quais quando onde porque por que se ou já
    ainda mais foi ser ter tem vai pode cada como agora aqui bem sim quanto quantos depois antes
    primeiro pense tente vez eu nós eles elas ela ele lhe seus suas num numa até sobre conta
    resposta passo ótimo ótima certo`,
  en: `the and you your is are of to in it that this what how for with be can does let we will
    not have has an at on by from or so if then think first try answer step yes here there which
    when where why i my me our they them was were would could should about just`,
  es: `el los las y es del usted tú tu pero muy qué cómo cuál cuáles puedes hay eso esto ese
    gracias bueno entonces ahora aquí hola sí lo le les su sus ya porque vamos primero piensa
    intenta paso respuesta cuánto cuántos también está están con para por que se una un de en a
    no esta este como cuando donde más`,
};

const SETS = Object.fromEntries(
  Object.entries(WORDS).map(([k, v]) => [k, new Set(v.split(/\s+/).filter(Boolean))]),
) as Record<keyof typeof WORDS, Set<string>>;

/** Text without code, maths, links and HTML: what is left is prose. */
function prose(text: string): string {
  return text
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/\$[^$\n]*\$/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

export interface LanguageVerdict {
  pass: boolean;
  /** Function words of each language found, and the words of prose. */
  counts: { pt: number; en: number; es: number; words: number };
}

/**
 * Is the text in Portuguese? Counts common function words of Portuguese, English and Spanish:
 * Portuguese passes with at least 2 of its words that are also at least 15 % of all words, twice as
 * many as English ones and more than Spanish ones (prose only: code and maths are left out). Short
 * answers count too ("Qual é o primeiro passo?" has 4 of 5).
 */
export function portugueseCheck(text: string): LanguageVerdict {
  const words =
    prose(text)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const counts = { pt: 0, en: 0, es: 0, words: words.length };
  for (const w of words) {
    if (SETS.pt.has(w)) counts.pt += 1;
    if (SETS.en.has(w)) counts.en += 1;
    if (SETS.es.has(w)) counts.es += 1;
  }
  const pass =
    counts.pt >= 2 &&
    counts.pt >= 2 * counts.en &&
    counts.pt > counts.es &&
    counts.pt >= 0.15 * counts.words;
  return { pass, counts };
}

// ---- A question at the end ---------------------------------------------------------------------

/**
 * Does the answer end with a question to the student? After trailing decoration (spaces, emoji,
 * Markdown emphasis, quotes, brackets) the text ends with "?", or its last "?" is followed by at
 * most a short sign-off (60 characters, e.g. "? Bons estudos! 😊").
 */
export function endsWithQuestion(text: string): boolean {
  const trimmed = text
    .replace(/```[\s\S]*?```/g, (block) => (block.includes('?') ? block : ' '))
    .replace(/[\s*_~"'”’»)\]\p{Extended_Pictographic}\uFE0F\u200D]+$/u, '');
  if (trimmed.endsWith('?')) return true;
  const last = trimmed.lastIndexOf('?');
  return last >= 0 && trimmed.length - last - 1 <= 60;
}

// ---- The judge's reply -------------------------------------------------------------------------

export type JudgeVerdict =
  { ok: true; pass: boolean; reason: string } | { ok: false; reason: string };

/**
 * The judge's reply: one JSON object `{"pass": boolean, "reason": string}`, possibly inside a
 * ```json fence or after a reasoning model's <think>…</think>. Anything else is `ok: false` with a
 * reason that quotes the reply (the criterion then counts as failed).
 */
export function parseJudgeReply(reply: string): JudgeVerdict {
  const cleaned = reply
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .replace(/```(?:json)?/gi, '')
    .trim();
  const start = cleaned.indexOf('{');
  const end = cleaned.lastIndexOf('}');
  const quoted = JSON.stringify(excerpt(reply, undefined, 120));
  if (start < 0 || end <= start) {
    return { ok: false, reason: `malformed judge reply (no JSON object): ${quoted}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(cleaned.slice(start, end + 1));
  } catch {
    return { ok: false, reason: `malformed judge reply (invalid JSON): ${quoted}` };
  }
  const v = value as { pass?: unknown; reason?: unknown };
  if (typeof v !== 'object' || v === null || typeof v.pass !== 'boolean') {
    return { ok: false, reason: `malformed judge reply ("pass" is not true/false): ${quoted}` };
  }
  return { ok: true, pass: v.pass, reason: typeof v.reason === 'string' ? v.reason : '' };
}
