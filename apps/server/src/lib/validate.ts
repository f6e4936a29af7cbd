import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { badRequest, fieldErrors } from '../middleware/errors.ts';

/**
 * zod validator for a request part. Bad input → 400 `validation_failed` with field errors;
 * malformed JSON → 400 `invalid_json` (see errors.ts). Usage: `zv('json', schema)`.
 */
export function zv<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest('Invalid input', fieldErrors(result.error));
    return result.data as z.output<T>;
  });
}
