import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import type { FieldError } from '@aprenda/shared/errors';
import { badRequest, notFound } from '../lib/app-error.ts';

/**
 * zod validator for a request part. Bad input → 400 `validation_failed` with field errors;
 * malformed JSON → 400 `invalid_json` (see errors.ts). Usage: `zv('json', schema)`.
 */
export function zv<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const check = validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest('Invalid input', fieldErrors(result.error));
    return result.data as z.output<T>;
  });
  if (target !== 'query') return check;
  // A URL without a query string always validates to the same thing: the schema's answer for
  // `{}`, worked out once (frozen: routes only read it) — most list requests carry no query
  // (decision 0046). Anything else, and a schema that refuses `{}`, takes the validator.
  let empty: { data: z.output<T> } | null | undefined;
  const fast: typeof check = (c, next) => {
    if (c.req.url.includes('?')) return check(c, next);
    if (empty === undefined) {
      const result = schema.safeParse({});
      empty = result.success ? { data: Object.freeze(result.data) as z.output<T> } : null;
    }
    if (empty === null) return check(c, next);
    c.req.addValidatedData(target, empty.data as object);
    return next();
  };
  return fast;
}

/**
 * Every id and token we hand out (UUIDv7, Better Auth's ids, base64url tokens) is 1–128 of
 * `A–Z a–z 0–9 _ -`. A path segment that cannot be one names nothing: 404 without a query.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Path parameters that are ids: each must look like one, else 404 `not_found`. */
export function idParams<K extends string>(...keys: K[]) {
  return validator('param', (value: Record<string, string>) => {
    for (const key of keys) {
      if (!ID_PATTERN.test(value[key] ?? '')) throw notFound('No such resource');
    }
    return value as Record<K, string>;
  });
}

/** zod issues → field errors (path, code, bounds). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const fe: FieldError = {
      path: issue.path.map(String).join('.'),
      code: issue.code,
      message: issue.message,
    };
    if (issue.code === 'too_small' && typeof issue.minimum === 'number') fe.minimum = issue.minimum;
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') fe.maximum = issue.maximum;
    if (issue.code === 'custom' && typeof issue.params?.maximum === 'number') {
      fe.maximum = issue.params.maximum;
    }
    return fe;
  });
}
