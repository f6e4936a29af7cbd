import type { Expression, ExpressionBuilder, ReferenceExpression, SqlBool } from 'kysely';
import { badRequest } from './app-error.ts';

/** Opaque list cursor: base64url of a JSON array of `n` strings (the sort key of the last item). */
export function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string, n: number): string[] {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    // Strings of a sane length without U+0000 (PostgreSQL cannot compare a text holding it).
    if (
      Array.isArray(value) &&
      value.length === n &&
      value.every((v) => typeof v === 'string' && v.length <= 200 && !v.includes('\u0000'))
    ) {
      return value as string[];
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

const invalidCursor = () =>
  badRequest('Invalid cursor', [
    { path: 'cursor', code: 'invalid_format', message: 'Invalid cursor' },
  ]);

/** A cursor part that stands for an integer column: a whole number within [min, max], else 400. */
export function cursorInt(raw: string, min: number, max: number): number {
  const value = /^-?\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw invalidCursor();
  return value;
}

/**
 * Keyset condition: the rows that come after `keys` (the sort key of a page's last row, as
 * `[column, value]` pairs, most significant first) when every column is sorted `order`:
 * `a > x or (a = x and (b > y or (b = y and …)))` — `<` for `desc`.
 */
export function keysetAfter<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  order: 'asc' | 'desc',
  keys: ReadonlyArray<readonly [ReferenceExpression<DB, TB>, string | number]>,
): Expression<SqlBool> {
  const [first, ...rest] = keys;
  if (!first) throw new Error('keysetAfter: no keys');
  const [column, value] = first;
  // The value's type follows the column (checked by the callers' own columns); kysely cannot
  // relate a generic column to its value type here.
  const beyond = eb(column, order === 'asc' ? '>' : '<', value as never);
  if (rest.length === 0) return beyond;
  return eb.or([beyond, eb.and([eb(column, '=', value as never), keysetAfter(eb, order, rest)])]);
}

/**
 * A page from `rows` fetched with `limit + 1`: the first `limit` rows (query order) and the cursor
 * after the last of them (`keyOf` gives its sort key) when there are more.
 */
export function pageOf<R>(
  rows: R[],
  limit: number,
  keyOf: (last: R) => string[],
): { rows: R[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  return { rows: pageRows, nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null };
}
