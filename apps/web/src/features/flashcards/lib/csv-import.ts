import Papa from 'papaparse';
import { clozeNumbers } from '@aprenda/shared/cloze';
import { splitTags, unguardCell } from '@aprenda/shared/flashcards-csv';
import {
  CARD_SIDE_MAX,
  CARD_TAG_MAX,
  CARD_TAGS_MAX,
  IMPORT_ROWS_MAX,
  type CardKind,
} from '@aprenda/shared/schemas/flashcards';
import type { FieldError } from '@aprenda/shared/errors';

/**
 * CSV/TSV import, before anything is sent: the file's text (UTF-8 with or without BOM; a file
 * that is not UTF-8 is read as Windows-1252, what spreadsheet programs in Brazil save), parsed by
 * papaparse (delimiter detected: comma, tab, semicolon or pipe; quoted fields may hold line
 * breaks), a column mapping (front, back, tags or ignored; a header row or not) and the rows it
 * gives, each with its problems — the same checks the server makes, so what the preview says is
 * what the import does.
 */

export type ColumnRole = 'front' | 'back' | 'tags' | 'ignore';
export const COLUMN_ROLES: readonly ColumnRole[] = ['front', 'back', 'tags', 'ignore'];

export interface ParsedTable {
  /** Records as parsed (no empty lines), every one padded to `columns` cells. */
  records: string[][];
  /** The line of the file where each record starts (1-based; empty lines counted). */
  lines: number[];
  columns: number;
  delimiter: string;
  /**
   * The line where a quote opens and is never closed (the rest of the file then lands in one
   * cell), or null: said above the preview so a broken file is not imported unnoticed.
   */
  unclosedQuoteLine: number | null;
}

export type RowProblem =
  | { field: 'front'; code: 'required' }
  | { field: 'front' | 'back'; code: 'too_long'; max: number; count: number }
  | { field: 'tags'; code: 'tag_invalid'; max: number }
  | { field: 'tags'; code: 'too_many_tags'; max: number }
  | { field: 'front' | 'back' | 'tags' | 'row'; code: 'server'; error: FieldError };

export interface ImportRow {
  /** Index among the data records (0 = the first record after the header, if any). */
  index: number;
  /** The line of the file where the record starts (1-based), for messages. */
  line: number;
  kind: CardKind;
  front: string;
  back: string;
  tags: string[];
  problems: RowProblem[];
}

/** Bytes of a file → text: UTF-8 (BOM dropped), else Windows-1252. */
export function decodeText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return stripBom(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return stripBom(new TextDecoder('windows-1252').decode(bytes));
  }
}

/**
 * Whether a file's text is text at all (a spreadsheet saved as CSV or TSV), not a program, an
 * image or a .xlsx: no NUL character and at most 1 % other control characters.
 */
export function looksLikeText(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    // Control characters other than tab, line feed and carriage return.
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) control += 1;
  }
  return control <= text.length / 100;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Text → records. Papaparse guesses the delimiter; a single column is fine too. */
export function parseTable(text: string): ParsedTable {
  // Empty lines are parsed (as records of blank cells) so that every record's line can be counted,
  // then left out, as papaparse's `skipEmptyLines: 'greedy'` would.
  // The separator is guessed without the empty lines (they would make every guess look uneven).
  const body = stripBom(text);
  const guess = Papa.parse<string[]>(body, {
    delimiter: '',
    delimitersToGuess: [',', '\t', ';', '|'],
    skipEmptyLines: 'greedy',
    header: false,
    preview: 200,
  });
  const delimiter = guess.meta.delimiter || ',';
  const result = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false, header: false });
  const parsed = result.data.filter((r) => Array.isArray(r));
  const parsedLines = recordLines(parsed);
  const kept = parsed.flatMap((r, i) => (r.some((cell) => cell.trim() !== '') ? [i] : []));
  const records = kept.map((i) => parsed[i]!);
  const lines = kept.map((i) => parsedLines[i]!);
  const columns = records.reduce((max, r) => Math.max(max, r.length), 0);
  const padded = records.map((r) =>
    r.length < columns ? [...r, ...Array<string>(columns - r.length).fill('')] : r,
  );
  const unclosed = result.errors.find((e) => e.code === 'MissingQuotes');
  const at = unclosed?.row === undefined ? -1 : Math.min(unclosed.row, parsed.length - 1);
  return {
    records: padded,
    lines,
    columns,
    delimiter,
    unclosedQuoteLine: unclosed ? (at >= 0 ? parsedLines[at]! : 1) : null,
  };
}

const HEADER_NAMES: Record<Exclude<ColumnRole, 'ignore'>, RegExp> = {
  front: /^(front|frente|pergunta|question|term|termo|texto|text)$/i,
  back: /^(back|verso|resposta|answer|definition|defini[cç][aã]o|extra)$/i,
  tags: /^(tags?|etiquetas?|marcadores?)$/i,
};

/** Whether the first record looks like column names (it names the front or the back). */
export function looksLikeHeader(table: ParsedTable): boolean {
  const first = table.records[0];
  if (!first) return false;
  return first.some((cell) => {
    const name = cell.trim();
    return HEADER_NAMES.front.test(name) || HEADER_NAMES.back.test(name);
  });
}

/** The mapping to start from: by the header's names, else front, back, tags in that order. */
export function guessMapping(table: ParsedTable, hasHeader: boolean): ColumnRole[] {
  const roles: ColumnRole[] = Array<ColumnRole>(table.columns).fill('ignore');
  const header = hasHeader ? table.records[0] : undefined;
  if (header) {
    for (const role of ['front', 'back', 'tags'] as const) {
      const at = header.findIndex(
        (cell, i) => roles[i] === 'ignore' && HEADER_NAMES[role].test(cell.trim()),
      );
      if (at >= 0) roles[at] = role;
    }
    if (roles.includes('front')) return roles;
    roles.fill('ignore');
  }
  (['front', 'back', 'tags'] as const).forEach((role, i) => {
    if (i < table.columns) roles[i] = role;
  });
  return roles;
}

/** The column names to show: the header's cells, or none. */
export function headerCells(table: ParsedTable, hasHeader: boolean): string[] | null {
  return hasHeader && table.records[0] ? table.records[0] : null;
}

/**
 * Lines where each record starts: papaparse does not report them, so a record's line is 1 + the
 * line breaks of the records before it (quoted line breaks included). Right only when no line was
 * skipped: empty lines must be among the records.
 */
function recordLines(records: readonly string[][]): number[] {
  const lines: number[] = [];
  let line = 1;
  for (const record of records) {
    lines.push(line);
    line += 1 + record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return lines;
}

/** The data records under a mapping, each checked. */
export function buildRows(
  table: ParsedTable,
  mapping: readonly ColumnRole[],
  hasHeader: boolean,
): ImportRow[] {
  const lines = table.lines;
  const start = hasHeader ? 1 : 0;
  const rows: ImportRow[] = [];
  for (let r = start; r < table.records.length; r++) {
    const record = table.records[r]!;
    const cell = (role: ColumnRole) =>
      mapping
        .map((m, i) => (m === role ? unguardCell(record[i] ?? '') : null))
        .filter((v): v is string => v !== null);
    const front = cell('front').join('\n').trim();
    const back = cell('back').join('\n').trim();
    const tags = [...new Set(cell('tags').flatMap(splitTags))];
    rows.push(checkRow({ index: r - start, line: lines[r]!, front, back, tags }));
  }
  return rows;
}

/** A row with its kind (cloze when the front has `{{c1::…}}`) and its problems. */
export function checkRow(
  row: Pick<ImportRow, 'index' | 'line' | 'front' | 'back' | 'tags'>,
): ImportRow {
  const problems: RowProblem[] = [];
  if (row.front.trim() === '') problems.push({ field: 'front', code: 'required' });
  for (const field of ['front', 'back'] as const) {
    if (row[field].length > CARD_SIDE_MAX) {
      problems.push({ field, code: 'too_long', max: CARD_SIDE_MAX, count: row[field].length });
    }
  }
  if (row.tags.some((t) => t.length > CARD_TAG_MAX)) {
    problems.push({ field: 'tags', code: 'tag_invalid', max: CARD_TAG_MAX });
  }
  if (row.tags.length > CARD_TAGS_MAX) {
    problems.push({ field: 'tags', code: 'too_many_tags', max: CARD_TAGS_MAX });
  }
  const kind: CardKind = clozeNumbers(row.front).length > 0 ? 'cloze' : 'basic';
  return { ...row, kind, problems };
}

/**
 * The lines of the rows that would be imported as basic cards with an empty back (a front and
 * nothing else): allowed — a teacher may want a prompt only — but said above the import, since it
 * is more often the answer's column left unmapped. Rows without a front are problems already.
 */
export function emptyBackLines(rows: readonly ImportRow[]): number[] {
  return rows
    .filter((row) => row.kind === 'basic' && row.front !== '' && row.back === '')
    .map((row) => row.line);
}

/** The server's per-row errors (`rows.<i>.<field>`) added to the rows they name. */
export function withServerErrors(
  rows: ImportRow[],
  sent: readonly number[],
  errors: readonly FieldError[],
): ImportRow[] {
  const byRow = new Map<number, RowProblem[]>();
  for (const error of errors) {
    const m = /^rows\.(\d+)(?:\.(\w+))?/.exec(error.path);
    if (!m) continue;
    const row = sent[Number(m[1])];
    if (row === undefined) continue;
    const field = m[2] === 'front' || m[2] === 'back' || m[2] === 'tags' ? m[2] : 'row';
    byRow.set(row, [...(byRow.get(row) ?? []), { field, code: 'server', error }]);
  }
  return rows.map((row) => {
    const extra = byRow.get(row.index);
    return extra ? { ...row, problems: [...row.problems, ...extra] } : row;
  });
}

export { IMPORT_ROWS_MAX };
