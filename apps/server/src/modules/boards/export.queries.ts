import type { Executor } from '../../db/types.ts';
import { jsonText } from '../../lib/json-text.ts';

/** For "Baixar meus dados": the user's boards with their scenes (images listed as media). */
export async function selectBoardsForExport(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('boards')
    .select(['id', 'title', 'scene', 'created_at', 'updated_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((b) => ({ ...b, scene: jsonText(b.scene) }));
}
