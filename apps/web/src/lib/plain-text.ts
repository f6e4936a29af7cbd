/** One formula of a text (see `mathSpans`). */
export interface MathSpan {
  /** Index of the opening delimiter. */
  start: number;
  /** Index just after the closing delimiter. */
  end: number;
  delimiter: '$' | '$$' | '\\(' | '\\[';
}

/**
 * Where the real maths of a text is, by pandoc's rules: `$$…$$` (not empty), `\(…\)`, `\[…\]`
 * (which `normalizeMath` turns into dollars for the renderer), and inline `$…$`
 * whose opening `$` is not followed by a space and whose closing `$` is not preceded by a space
 * nor followed by a digit; `\$` is a dollar sign and opens nothing. So money ("R$ 30,00", "custa
 * R$5 e R$7", "de $20 a $30") is no maths. Spans in order, without overlap; `end` is exclusive.
 */
export function mathSpans(text: string): MathSpan[] {
  const spans: MathSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\\' && next === '$') {
      i += 2;
    } else if (c === '\\' && (next === '(' || next === '[')) {
      const end = text.indexOf(next === '(' ? '\\)' : '\\]', i + 2);
      if (end < 0) {
        i += 2;
      } else {
        spans.push({ start: i, end: end + 2, delimiter: next === '(' ? '\\(' : '\\[' });
        i = end + 2;
      }
    } else if (c === '$' && next === '$') {
      const end = text.indexOf('$$', i + 2);
      if (end < 0 || text.slice(i + 2, end).trim() === '') {
        i += 2;
      } else {
        spans.push({ start: i, end: end + 2, delimiter: '$$' });
        i = end + 2;
      }
    } else if (c === '$') {
      const end = inlineMathEnd(text, i);
      if (end < 0) {
        i += 1;
      } else {
        spans.push({ start: i, end: end + 1, delimiter: '$' });
        i = end + 1;
      }
    } else {
      i += 1;
    }
  }
  return spans;
}

/** Whether a text has real maths to typeset (see `mathSpans`): "R$ 5 e R$ 7" has none. */
export function hasMaths(text: string): boolean {
  return mathSpans(text).length > 0;
}

/**
 * Markdown with LaTeX maths as plain text: maths written out without its delimiters
 * (`$x + 7 = 12$` → `x + 7 = 12`, `$$…$$`, `\(…\)`, `\[…\]`), everything else as it was. Only
 * real inline maths counts (`mathSpans`), and `\$` is a dollar sign — so money ("R$ 30,00",
 * "custa R$ 5 e R$ 7", "de $20 a $30") stays as typed.
 */
export function stripMathDelimiters(text: string): string {
  let out = '';
  let from = 0;
  for (const span of mathSpans(text)) {
    out += unescapeDollars(text.slice(from, span.start));
    const body = text.slice(span.start + span.delimiter.length, span.end - span.delimiter.length);
    out += span.delimiter.startsWith('$') ? unescapeDollars(body) : body;
    from = span.end;
  }
  return out + unescapeDollars(text.slice(from));
}

function unescapeDollars(text: string): string {
  return text.replace(/\\\$/g, '$');
}

/**
 * Where the `$` closing the inline maths opened at `open` is, or -1 when that `$` opens nothing
 * (followed by a space, no closing `$` in the paragraph, or the next `$` cannot close it).
 */
function inlineMathEnd(text: string, open: number): number {
  const first = text[open + 1];
  if (first === undefined || /\s/.test(first)) return -1;
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') {
      j += 1; // an escaped character (`\$` included) is part of the formula
    } else if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(j))) {
      return -1; // maths never spans paragraphs
    } else if (c === '$') {
      const closes = !/\s/.test(text[j - 1] ?? '') && !/\d/.test(text[j + 1] ?? '');
      return closes ? j : -1;
    }
  }
  return -1;
}
