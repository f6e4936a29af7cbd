import type { Page } from '@aprenda/shared/schemas/common';
import type { Message } from '@aprenda/shared/schemas/conversations';
import type { Executor } from '../../db/types.ts';
import { cursorInt, decodeCursor, pageOf } from '../../lib/cursor.ts';
import { messageFields, toMessage } from './conversations.queries.ts';

/** The largest value of an `integer` column (PostgreSQL int4). */
const INT32_MAX = 2_147_483_647;

/**
 * A page of a conversation's messages, newest page first, each page in chronological order: one
 * query (keyset on `seq`, descending); the cursor goes back in time.
 */
export async function selectMessagePage(
  db: Executor,
  conversationId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Message>> {
  let q = db
    .selectFrom('messages')
    .select(messageFields)
    .where('conversation_id', '=', conversationId);
  if (page.cursor) {
    const [seqRaw] = decodeCursor(page.cursor, 1) as [string];
    q = q.where('seq', '<', cursorInt(seqRaw, 0, INT32_MAX));
  }
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  // Newest first from the query; the cursor is the oldest of the page (its last row here).
  const { rows: newest, nextCursor } = pageOf(rows, page.limit, (r) => [String(r.seq)]);
  return { items: newest.reverse().map(toMessage), nextCursor };
}
