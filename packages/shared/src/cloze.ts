/**
 * Cloze deletions (`{{c1::answer}}`, `{{c1::answer::hint}}`), as Anki writes them. Pure: the server
 * derives review items from them (one per distinct number) and renders each item's front and back;
 * the web uses the same functions for the editor (numbers, "did the answer change?").
 *
 * - A number is 1–999 (`c0`, `c1000` and malformed openers are plain text).
 * - The same number may appear several times: one item shows all of them hidden.
 * - Braces inside a deletion nest (`{{c1::$\frac{a}{b}$}}`): the deletion ends at the first `}}`
 *   outside inner braces. The first `::` outside inner braces starts the hint.
 * - Deletions do not nest: `{{c1::a {{c2::b}}}}` is one deletion whose text holds the other as
 *   written.
 * - An unterminated `{{c1::…` is plain text.
 */

export const CLOZE_MAX_NUMBER = 999;

export interface ClozeDeletion {
  kind: 'cloze';
  n: number;
  answer: string;
  hint: string | null;
  /** The deletion as written. */
  raw: string;
}

export type ClozeSegment = { kind: 'text'; text: string } | ClozeDeletion;

const OPENER = /\{\{c(\d{1,4})::/g;

/** Splits text into plain text and deletions, in order. */
export function parseCloze(text: string): ClozeSegment[] {
  const segments: ClozeSegment[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    OPENER.lastIndex = i;
    const m = OPENER.exec(text);
    if (!m) break;
    const n = Number(m[1]);
    const bodyStart = m.index + m[0].length;
    const end = n >= 1 && n <= CLOZE_MAX_NUMBER ? scanBody(text, bodyStart) : null;
    if (!end) {
      i = m.index + 2;
      continue;
    }
    if (m.index > plainStart) {
      segments.push({ kind: 'text', text: text.slice(plainStart, m.index) });
    }
    const body = text.slice(bodyStart, end.close);
    const answer = end.hintAt === null ? body : text.slice(bodyStart, end.hintAt);
    const hint = end.hintAt === null ? null : text.slice(end.hintAt + 2, end.close);
    segments.push({
      kind: 'cloze',
      n,
      answer,
      hint: hint === null || hint.trim() === '' ? null : hint,
      raw: text.slice(m.index, end.close + 2),
    });
    i = end.close + 2;
    plainStart = i;
  }
  if (plainStart < text.length) segments.push({ kind: 'text', text: text.slice(plainStart) });
  return segments;
}

/** Where a deletion's body closes (`}}` at depth 0) and where its hint starts, or null. */
function scanBody(text: string, from: number): { close: number; hintAt: number | null } | null {
  let depth = 0;
  let hintAt: number | null = null;
  for (let j = from; j < text.length; j++) {
    const ch = text[j];
    if (ch === '{') depth++;
    else if (ch === '}') {
      if (depth === 0) return text[j + 1] === '}' ? { close: j, hintAt } : null;
      depth--;
    } else if (ch === ':' && depth === 0 && hintAt === null && text[j + 1] === ':') {
      hintAt = j;
      j++;
    }
  }
  return null;
}

/** The distinct cloze numbers of a text, ascending. */
export function clozeNumbers(text: string): number[] {
  const set = new Set<number>();
  for (const s of parseCloze(text)) if (s.kind === 'cloze') set.add(s.n);
  return [...set].sort((a, b) => a - b);
}

/** The answers of each number, in order of appearance (what "the answer" of a cloze card is). */
export function clozeAnswers(text: string): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const s of parseCloze(text)) {
    if (s.kind !== 'cloze') continue;
    const list = map.get(s.n) ?? [];
    list.push(s.answer.trim());
    map.set(s.n, list);
  }
  return map;
}

/** The question side of item `ord`: its deletions as `**[...]**` (or `**[hint]**`), others as text. */
export function renderClozeFront(text: string, ord: number): string {
  return parseCloze(text)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      if (s.n !== ord) return s.answer;
      return `**[${s.hint ?? '...'}]**`;
    })
    .join('');
}

/** The answer side of item `ord`: its deletions revealed in bold, others as text. */
export function renderClozeBack(text: string, ord: number): string {
  return parseCloze(text)
    .map((s) => {
      if (s.kind === 'text') return s.text;
      if (s.n !== ord) return s.answer;
      return s.answer.trim() === '' ? s.answer : `**${s.answer}**`;
    })
    .join('');
}

/** The review item numbers of a card: `[0]` for basic, the distinct cloze numbers for cloze. */
export function itemOrds(kind: 'basic' | 'cloze', front: string): number[] {
  return kind === 'basic' ? [0] : clozeNumbers(front);
}

export interface CardContent {
  kind: 'basic' | 'cloze';
  front: string;
  back: string;
}

/**
 * Whether an edit changes what a student must answer — the only case where the editor asks
 * "reiniciar o progresso deste cartão?": the back of a basic card, the text of a cloze deletion
 * (or the set of cloze numbers), or the kind. Whitespace at the ends does not count.
 */
export function answerChanged(before: CardContent, after: CardContent): boolean {
  if (before.kind !== after.kind) return true;
  if (before.kind === 'basic') return before.back.trim() !== after.back.trim();
  const a = clozeAnswers(before.front);
  const b = clozeAnswers(after.front);
  if (a.size !== b.size) return true;
  for (const [n, answers] of a) {
    const other = b.get(n);
    if (!other || other.length !== answers.length) return true;
    if (answers.some((x, k) => x !== other[k])) return true;
  }
  return false;
}
