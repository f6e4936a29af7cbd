import { z } from 'zod';
import {
  AI_PROVIDERS,
  MAX_ACTION_CONTEXT_BYTES,
  MAX_ACTION_LENGTH,
  MAX_API_KEY_LENGTH,
} from '../constants.ts';

export const aiProviderSchema = z.enum(AI_PROVIDERS);

/** Bytes of a string in UTF-8 (no DOM or Node APIs here). */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** JSON value of at most MAX_ACTION_CONTEXT_BYTES when serialised, or null. */
export const actionContextSchema = z
  .json()
  .nullable()
  .refine((v) => utf8ByteLength(JSON.stringify(v)) <= MAX_ACTION_CONTEXT_BYTES, {
    message: `context must be at most ${MAX_ACTION_CONTEXT_BYTES} bytes`,
    params: { maximum: MAX_ACTION_CONTEXT_BYTES },
  });

export const createUserActionSchema = z.object({
  action: z.string().trim().min(1).max(MAX_ACTION_LENGTH),
  context: actionContextSchema.default(null),
});
export type CreateUserActionInput = z.infer<typeof createUserActionSchema>;

export interface UserAction {
  id: string;
  user: string;
  action: string;
  context: unknown;
  timestamp: string;
}

export const putApiKeySchema = z.object({
  api_key: z.string().trim().min(8).max(MAX_API_KEY_LENGTH),
});
export type PutApiKeyInput = z.infer<typeof putApiKeySchema>;

/** What the server ever answers about a stored key: never the key itself. */
export interface MaskedApiKey {
  provider: z.infer<typeof aiProviderSchema>;
  masked: string;
  updated_at: string;
}
