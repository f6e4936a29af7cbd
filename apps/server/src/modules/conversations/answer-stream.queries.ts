import type { MessageStatus } from '@aprenda/shared/schemas/conversations';
import type { Executor } from '../../db/types.ts';

/**
 * Save an answer's text and status. A partial save (`streaming`) never overwrites an end state
 * (the answer's own, or the sweep's).
 */
export async function updateAnswer(
  db: Executor,
  id: string,
  update: { text: string; status: MessageStatus; error_code: string | null },
  now: string,
): Promise<void> {
  let q = db
    .updateTable('messages')
    .set({
      text: update.text,
      status: update.status,
      error_code: update.error_code,
      updated_at: now,
    })
    .where('id', '=', id);
  if (update.status === 'streaming') q = q.where('status', '=', 'streaming');
  await q.execute();
}

/** A live answer with no new text yet: only its `updated_at` (no text triggers fire). */
export async function touchStreamingRow(db: Executor, id: string, now: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'streaming')
    .execute();
}

/** Set a conversation's title, unless it has one (the user gave one meanwhile). */
export async function setTitleIfEmpty(
  db: Executor,
  id: string,
  title: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ title, updated_at: now })
    .where('id', '=', id)
    .where('title', '=', '')
    .execute();
}
