/**
 * Markdown with LaTeX maths as plain text: maths written out without its delimiters
 * (`$x + 7 = 12$` → `x + 7 = 12`, `$$…$$`, `\(…\)`, `\[…\]`), everything else as it was. Only
 * real inline maths counts, by pandoc's rules: an opening `$` is not followed by
 * a space, the closing one is not preceded by a space nor followed by a digit, and `\$` is a
 * dollar sign — so money ("R$ 30,00", "custa R$ 5 e R$ 7", "de $20 a $30") stays as typed.
 */
export function stripMathDelimiters(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '\\' && next === '$') {
      out += '$';
      i += 2;
    } else if (c === '\\' && (next === '(' || next === '[')) {
      const end = text.indexOf(next === '(' ? '\\)' : '\\]', i + 2);
      if (end < 0) {
        out += c + next;
        i += 2;
      } else {
        out += text.slice(i + 2, end);
        i = end + 2;
      }
    } else if (c === '$' && next === '$') {
      const end = text.indexOf('$$', i + 2);
      if (end < 0 || text.slice(i + 2, end).trim() === '') {
        out += '$$';
        i += 2;
      } else {
        out += text.slice(i + 2, end).replace(/\\\$/g, '$');
        i = end + 2;
      }
    } else if (c === '$') {
      const end = inlineMathEnd(text, i);
      if (end < 0) {
        out += '$';
        i += 1;
      } else {
        out += text.slice(i + 1, end).replace(/\\\$/g, '$');
        i = end + 1;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
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
