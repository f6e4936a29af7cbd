import { z } from 'zod';
import { joinByCodeSchema } from '@aprenda/shared/schemas/classes';

/**
 * What a student may type between a code's characters, as it was read out or written on the
 * board: spaces and dashes (a phone's keyboard turns `-` into `–`, `—` or `−`). They are no part
 * of any code (the alphabet has none), so they are dropped before the code is checked.
 */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;

/** `jcr zax`, `JCR-ZAX`, ` jcr–zax ` → `JCRZAX`; case is left to the shared schema. */
export function withoutSeparators(raw: string): string {
  return raw.replace(SEPARATORS, '');
}

/**
 * POST /classes/join's body: the shared `joinByCodeSchema` (4–12 characters of the alphabet, any
 * case) read after dropping spaces and dashes — its errors stay those of the code field.
 */
export const joinCodeBodySchema = z.object({
  code: z.preprocess(
    (value) => (typeof value === 'string' ? withoutSeparators(value) : value),
    joinByCodeSchema.shape.code,
  ),
});
