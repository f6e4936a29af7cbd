/**
 * Limits of the conversations contract, without zod: the chat screen shows them at its first paint
 * and must not pull zod in for two numbers (decision 0033). schemas/conversations.ts re-exports them.
 */

export const CONVERSATION_TITLE_MAX = 200;
/** Longest message a user may send (characters). Longer → 413 `message_too_long`. */
export const MESSAGE_TEXT_MAX = 32_000;
