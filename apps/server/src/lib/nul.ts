import type { FieldError } from '@aprenda/shared/errors';

/**
 * U+0000 cannot be stored in a PostgreSQL text value (it fails the statement) and has no use in
 * any field of ours, so it is refused everywhere input enters: JSON bodies, query values, paths
 * and cursors — on both engines alike.
 */
export const NUL = '\u0000';

const MESSAGE = 'must not contain the NUL character (U+0000)';

export function nulFieldError(path: string): FieldError {
  return { path, code: 'invalid_format', message: MESSAGE };
}

/**
 * Dotted paths of every string (and object key) holding U+0000 in a parsed JSON value, at most
 * `limit` of them. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulPaths(value: unknown, limit = 50): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0 && found.length < limit) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) found.push(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      // Pushed in reverse so the fields come out in the body's own order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const childPath = path ? `${path}.${k}` : k;
        if (k.includes(NUL)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found.map((p) => p.replaceAll(NUL, '\\0'));
}
