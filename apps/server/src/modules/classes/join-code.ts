import { z } from 'zod';
import { joinByCodeSchema, withoutCodeSeparators } from '@aprenda/shared/schemas/classes';

/**
 * POST /classes/join's body: the shared `joinByCodeSchema` (4–12 characters of the alphabet, any
 * case) read after dropping spaces and dashes — its errors stay those of the code field.
 */
export const joinCodeBodySchema = z.object({
  code: z.preprocess(
    (value) => (typeof value === 'string' ? withoutCodeSeparators(value) : value),
    joinByCodeSchema.shape.code,
  ),
});
