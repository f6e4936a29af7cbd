import type { MiddlewareHandler } from 'hono';
import type { FieldError } from '@aprenda/shared/errors';
import { NUL, nulFieldError } from '../lib/nul.ts';
import { problemResponse } from './errors.ts';

/**
 * Hostile input in the URL, before any route or query sees it: a NUL (U+0000, `%00`) in the path
 * or in a query name or value → 400 `validation_failed` with a field error (`path`, or the query
 * parameter's name). JSON bodies are checked by the body guard.
 */
export function inputGuard(): MiddlewareHandler {
  // Not `async`: a pass-through hands on next()'s promise as it is (decision 0046).
  return (c, next) => {
    const url = c.req.url;
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const errors: FieldError[] = [];
    if (/%00/.test(rawPath) || rawPath.includes(NUL)) errors.push(nulFieldError('path'));
    if (q !== -1 && (url.includes('%00', q) || url.includes(NUL, q))) {
      for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
        if (name.includes(NUL) || value.includes(NUL)) {
          errors.push(nulFieldError(name.replaceAll(NUL, '\\0')));
        }
      }
    }
    if (errors.length > 0) {
      return Promise.resolve(
        problemResponse(c, 400, 'validation_failed', 'Invalid input', { errors }),
      );
    }
    return next();
  };
}
