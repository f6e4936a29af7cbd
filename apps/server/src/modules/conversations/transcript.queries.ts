import type { Executor } from '../../db/types.ts';

/**
 * The newest messages of a conversation that have text, newest first (at most `limit`): one
 * index range on messages (conversation_id, seq) read backwards.
 */
export async function selectRecentTexts(
  db: Executor,
  conversationId: string,
  limit: number,
): Promise<Array<{ role: string; text: string }>> {
  return db
    .selectFrom('messages')
    .select(['role', 'text'])
    .where('conversation_id', '=', conversationId)
    .where('text', '<>', '')
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}
