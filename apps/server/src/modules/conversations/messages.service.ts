import type { Page } from '@aprenda/shared/schemas/common';
import type { Message } from '@aprenda/shared/schemas/conversations';
import { readableConversation, type ReadCtx } from './conversations.service.ts';
import { selectMessagePage } from './messages.queries.ts';

/** Messages, newest page first; each page in chronological order; the cursor goes back in time. */
export async function listMessages(
  ctx: ReadCtx,
  userId: string,
  conversationId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Message>> {
  const { conversation } = await readableConversation(ctx, userId, conversationId);
  return selectMessagePage(ctx.db.db, conversation.id, page);
}
