/**
 * CSV of flashcards, written by the server (GET /decks/{id}/export.csv) and read back by the web's
 * import (which parses with papaparse): RFC 4180 (comma, CRLF, fields quoted when they hold a
 * quote, comma or line break, quotes doubled), a UTF-8 BOM so spreadsheet programs read the
 * accents, a `front,back,tags` header and tags separated by spaces.
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-`, `@` (or a tab or carriage return) as a
 * formula ("CSV injection"): such a cell is written with a `'` in front, which they show as text;
 * the import takes that `'` off again (`unguardCell`), so an export imports as the same cards.
 */

export const CSV_HEADER = ['front', 'back', 'tags'] as const;
export const CSV_BOM = '\ufeff';

const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/**
 * One cell, guarded and quoted as needed — quoted also when it holds `separator` (`;` for a
 * spreadsheet in a language whose decimal separator is the comma).
 */
export function csvCell(value: string, separator: ',' | ';' = ','): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) || guarded.includes(separator) || /^\s|\s$/.test(guarded)
    ? `"${guarded.replace(/"/g, '""')}"`
    : guarded;
}

/** Rows of cells → CSV text (BOM, CRLF after every record). */
export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return CSV_BOM + rows.map((row) => `${row.map((cell) => csvCell(cell)).join(',')}\r\n`).join('');
}

/** A cell as read from a CSV: the formula guard of `csvCell` taken off. */
export function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/** Tags as written in a cell: separated by spaces or commas. */
export function splitTags(text: string): string[] {
  return text.split(/[\s,]+/).filter((t) => t !== '');
}

/** Tags into one cell. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(' ');
}
