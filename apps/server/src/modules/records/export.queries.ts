import type { Executor } from '../../db/types.ts';
import { jsonText } from '../../lib/json-text.ts';

/** For "Baixar meus dados": the account as stored (never its password or sessions). */
export async function selectAccountForExport(db: Executor, userId: string) {
  const row = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'role', 'emailVerified', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    email_verified: Boolean(Number(row.emailVerified)),
    created_at: new Date(row.createdAt as string | Date).toISOString(),
  };
}

/** For "Baixar meus dados": the user's recorded actions (sign-ins, reviews, answers…), in order. */
export async function selectActionsForExport(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('user_actions')
    .select(['action', 'context', 'timestamp'])
    .where('user_id', '=', userId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, context: jsonText(r.context) }));
}
