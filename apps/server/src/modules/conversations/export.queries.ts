import type { Executor } from '../../db/types.ts';

/** Every conversation of a user with its messages in order, for "Baixar meus dados". */
export async function selectConversationsForExport(db: Executor, userId: string) {
  const conversations = await db
    .selectFrom('conversations')
    .select(['id', 'title', 'mode', 'class_id', 'pinned', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const messages = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select([
      'm.conversation_id',
      'm.seq',
      'm.role',
      'm.text',
      'm.status',
      'm.model',
      'm.created_at',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('m.conversation_id')
    .orderBy('m.seq')
    .execute();
  const byConversation = new Map<string, Array<Record<string, unknown>>>();
  for (const m of messages) {
    const list = byConversation.get(m.conversation_id) ?? [];
    list.push({
      role: m.role,
      text: m.text,
      status: m.status,
      model: m.model,
      created_at: m.created_at,
    });
    byConversation.set(m.conversation_id, list);
  }
  return conversations.map((c) => ({
    id: c.id,
    title: c.title,
    mode: c.mode,
    class_id: c.class_id,
    pinned: Boolean(Number(c.pinned)),
    created_at: c.created_at,
    updated_at: c.updated_at,
    messages: byConversation.get(c.id) ?? [],
  }));
}
