import type { MessageStatus } from '@aprenda/shared/schemas/conversations';
import type { Executor } from '../../db/types.ts';

/**
 * Save an answer's text and status. A partial save (`streaming`) never overwrites an end state
 * (the answer's own, the sweep's, or a Stop asked on another instance). Returns whether the row
 * was written (false: no such row, or a partial save of an answer that is no longer streaming).
 */
export async function updateAnswer(
  db: Executor,
  id: string,
  update: { text: string; status: MessageStatus; error_code: string | null },
  now: string,
): Promise<boolean> {
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
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A live answer with no new text yet: only its `updated_at` (no text triggers fire). Returns
 * whether it is still `streaming`.
 */
export async function touchStreamingRow(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'streaming')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An answer as a reader follows it: its stored text and state, and the question it answers. */
export interface StoredAnswer {
  id: string;
  conversationId: string;
  text: string;
  status: MessageStatus;
  errorCode: string | null;
  model: string | null;
  /** The user message just before it (null when there is none). */
  questionId: string | null;
}

/** The newest message of a conversation, when it is an answer (with the question before it). */
export async function selectLastAnswer(
  db: Executor,
  conversationId: string,
): Promise<StoredAnswer | null> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'role', 'text', 'status', 'error_code', 'model'])
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(2)
    .execute();
  const [last, before] = rows;
  if (!last || last.role !== 'assistant') return null;
  return {
    id: last.id,
    conversationId,
    text: last.text,
    status: last.status as MessageStatus,
    errorCode: last.error_code,
    model: last.model,
    questionId: before?.role === 'user' ? before.id : null,
  };
}

/** One answer's stored text and state (null when it was deleted, e.g. regenerated). */
export async function selectAnswerState(
  db: Executor,
  id: string,
): Promise<Pick<StoredAnswer, 'text' | 'status' | 'errorCode'> | null> {
  const row = await db
    .selectFrom('messages')
    .select(['text', 'status', 'error_code'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { text: row.text, status: row.status as MessageStatus, errorCode: row.error_code }
    : null;
}

/**
 * Stop asked for an answer generated elsewhere: `stopped`, keeping the text saved so far, unless
 * it already ended. Its generator sees the row is no longer streaming at its next save, stops, and
 * writes its whole text. Returns whether the row changed.
 */
export async function markAnswerStopped(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ status: 'stopped', error_code: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'streaming')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
