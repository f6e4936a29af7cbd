import type { Executor } from '../../db/types.ts';

/** The classes a user belongs to, for "Baixar meus dados": title, role, when they joined. */
export async function selectMembershipsForExport(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['c.id', 'c.title', 'c.owner_id', 'c.archived', 'm.role', 'm.joined_at'])
    .where('m.user_id', '=', userId)
    .orderBy('m.joined_at')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    class_id: r.id,
    title: r.title,
    role: r.role,
    owner: r.owner_id === userId,
    archived: Boolean(Number(r.archived)),
    joined_at: r.joined_at,
  }));
}
