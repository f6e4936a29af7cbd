import type { AppContext } from '../../context.ts';
import { selectLatestConversation } from './latest.queries.ts';

/** The caller's last conversation (by its last activity) for the "Hoje" screen, or null. */
export async function lastConversation(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<{ id: string; title: string; updated_at: string } | null> {
  const row = await selectLatestConversation(ctx.db.db, userId);
  return row ? { id: row.id, title: row.title, updated_at: row.activity_at } : null;
}
