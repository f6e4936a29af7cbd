/**
 * A Mermaid parse failure as something a student can act on: the line it happened on (1-based,
 * within the code in the editor) and a hint, translated by the screen (`diagrams:errors.hint.*`).
 */
export type SyntaxHint =
  | 'unknownType'
  | 'missingEnd'
  | 'unclosed'
  | 'unexpectedLineEnd'
  | 'unexpectedToken'
  | 'tooLarge'
  | 'generic';

export interface SyntaxProblem {
  /** 1-based line in the code, or null when Mermaid does not say. */
  line: number | null;
  hint: SyntaxHint;
}

interface JisonHash {
  token?: unknown;
  line?: unknown;
  loc?: { first_line?: unknown; last_line?: unknown };
  expected?: unknown;
}

/** The 1-based number of the first line that is not blank, a comment or front matter. */
export function firstCodeLine(code: string): number {
  const lines = code.split('\n');
  let inFrontMatter = lines[0]?.trim() === '---';
  for (let i = inFrontMatter ? 1 : 0; i < lines.length; i += 1) {
    const text = lines[i]!.trim();
    if (inFrontMatter) {
      if (text === '---') inFrontMatter = false;
      continue;
    }
    if (text !== '' && !text.startsWith('%%')) return i + 1;
  }
  return 1;
}

function lineCount(code: string): number {
  return code.replace(/\n+$/, '').split('\n').length;
}

/** Map what `mermaid.parse()` threw onto a line of `code` and a hint. */
export function describeSyntaxError(error: unknown, code: string): SyntaxProblem {
  const err = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    hash?: JisonHash;
  };
  const message = typeof err.message === 'string' ? err.message : String(error);
  const lines = lineCount(code);
  const clamp = (n: number) => Math.min(Math.max(1, n), lines);

  if (err.name === 'UnknownDiagramError' || /no diagram type detected/i.test(message)) {
    return { line: firstCodeLine(code), hint: 'unknownType' };
  }

  // Correct code past one of Mermaid's size limits ("Edge limit exceeded. 501 edges found, but
  // the limit is 500", "Maximum text size in diagram exceeded"): not a syntax error to look for.
  if (/limit exceeded|maximum text size/i.test(message)) return { line: null, hint: 'tooLarge' };

  let line: number | null = null;
  const stated = /\bline (\d+)/i.exec(message);
  if (stated) line = clamp(Number(stated[1]));
  else if (typeof err.hash?.loc?.first_line === 'number') line = clamp(err.hash.loc.first_line);

  const hash = err.hash ?? {};
  const got =
    /got '([^']*)'/.exec(message)?.[1] ?? (hash.token === undefined ? '' : String(hash.token));
  const expected = Array.isArray(hash.expected)
    ? hash.expected.map(String)
    : (/Expecting (.*), got/.exec(message)?.[1]?.split(', ') ?? []);
  // jison's end of input is token 1 ('EOF'); class bodies have their own.
  const atEnd = got === '1' || /^EOF/.test(got) || /end of input/i.test(message);

  let hint: SyntaxHint;
  if (atEnd && expected.includes("'end'")) hint = 'missingEnd';
  else if (atEnd) hint = 'unclosed';
  else if (got === 'NEWLINE') hint = 'unexpectedLineEnd';
  else if (/Expecting|expecting token|unexpected|Lexical error|Lexer error/i.test(message))
    hint = 'unexpectedToken';
  else hint = 'generic';
  return { line, hint };
}
