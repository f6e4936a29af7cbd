import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/** The user's most recently active conversation, if any ("Hoje"). */
export async function selectLatestConversation(
  db: Executor,
  userId: string,
): Promise<{ id: string; title: string; activity_at: string } | undefined> {
  return db
    .selectFrom('conversations')
    .select(['id', 'title', 'activity_at'])
    .where('user_id', '=', userId)
    .orderBy('activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
}
