/**
 * SQLite (3.54, as better-sqlite3 13 builds it) prepares a statement again on EVERY run when a
 * bare parameter (`?`) of it is in the statement's "expression mask" — the parameters whose values
 * its planner may look at — because better-sqlite3 binds every parameter on every run, and binding
 * one of those marks the statement expired, even with the same value. In practice every statement
 * with a bare parameter compared with a column paid a parse and a plan per run: the session lookup
 * 14 µs instead of 3, a two-table membership lookup 25 µs instead of 5 (decision 0037).
 *
 * `+?` is the same value (the unary plus is a no-op: same type, no affinity, as a bare parameter
 * has none) and the same plan (the column side stays bare, so indexes are used as before), but it
 * is not a bare parameter: the planner never looks at it, and the statement stays prepared. What
 * the planner loses is what it could only have guessed from one run's values (a `LIKE ?` prefix,
 * a `LIMIT ?`): the hot statements write those as literals already (db/sql-values.ts).
 *
 * Rewrites every `?` / `?NNN` outside string literals, quoted identifiers and comments. Pure; the
 * callers (db/client.ts) keep their statements by the original text, so it runs once per text.
 */
export function pinParameters(text: string): string {
  if (!text.includes('?')) return text;
  let out = '';
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      // A quoted string or identifier; a doubled quote inside it is an escaped one.
      i++;
      while (i < n) {
        if (text[i] === ch) {
          if (text[i + 1] === ch) i += 2;
          else break;
        } else i++;
      }
      i++;
    } else if (ch === '[') {
      const end = text.indexOf(']', i + 1);
      i = end === -1 ? n : end + 1;
    } else if (ch === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i + 2);
      i = end === -1 ? n : end + 1;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (ch === '?') {
      out += `${text.slice(from, i)}+`;
      from = i;
      i++;
    } else {
      i++;
    }
  }
  return out + text.slice(from);
}
