import type { MessageRole } from '@aprenda/shared/schemas/conversations';
import { readableConversation, type ReadCtx } from './conversations.service.ts';
import { selectRecentTexts } from './transcript.queries.ts';

/** Messages read at most for a transcript (before the character budget trims it). */
const TRANSCRIPT_MAX_MESSAGES = 400;

export interface Transcript {
  title: string;
  /** Chronological; the newest messages that fit the budget (an older one is cut, not split). */
  messages: Array<{ role: MessageRole; text: string }>;
}

/**
 * The text of a conversation the user may read (their own, or a linked one of their student —
 * else 404, like every other read), for other modules such as flashcards' "cards from the
 * tutor": its newest messages with text, whole, whose lengths add up to at most `maxChars`; the
 * newest one alone is cut to `maxChars` when it is longer.
 */
export async function conversationTranscript(
  ctx: ReadCtx,
  userId: string,
  conversationId: string,
  maxChars: number,
): Promise<Transcript> {
  const { conversation } = await readableConversation(ctx, userId, conversationId);
  const newest = await selectRecentTexts(ctx.db.db, conversation.id, TRANSCRIPT_MAX_MESSAGES);
  const messages: Transcript['messages'] = [];
  let budget = maxChars;
  for (const row of newest) {
    const role: MessageRole = row.role === 'assistant' ? 'assistant' : 'user';
    if (row.text.length > budget) {
      if (messages.length === 0) messages.push({ role, text: row.text.slice(0, budget) });
      break;
    }
    budget -= row.text.length;
    messages.push({ role, text: row.text });
  }
  return { title: conversation.title, messages: messages.reverse() };
}
