import type { Conversation, Message } from '@aprenda/shared/schemas/conversations';
import type { Insertable, Selectable } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { MessageTable, Trx, UserActionTable } from '../../db/types.ts';
import {
  conversationFields,
  messageFields,
  toConversation,
  toMessage,
} from './conversations.queries.ts';

/** Messages sent to the provider as context (the newest ones). */
const HISTORY_MAX_MESSAGES = 40;

/** An earlier message with text, as the provider gets it. */
export type HistoryRow = Pick<Selectable<MessageTable>, 'seq' | 'role' | 'text'>;

/** A stored message and its place in the conversation. */
export interface SequencedMessage {
  seq: number;
  message: Message;
}

/**
 * SQLite has one connection, and a transaction holds it: anything awaited inside the transaction
 * that needs the database of its own (a model's key) would wait for it forever. PostgreSQL runs
 * it on another pooled connection meanwhile.
 */
export function transactionHoldsTheConnection(engine: Pick<DbHandle, 'dialect'>): boolean {
  return engine.dialect !== 'postgres';
}

/**
 * The turn's first statement: marks the conversation's activity, which also locks its row until
 * commit (PostgreSQL) or takes SQLite's write lock. Only the owner's row matches: undefined when
 * the conversation is not the user's (or does not exist).
 */
export async function markTurnActivity(
  trx: Trx,
  conversationId: string,
  userId: string,
  iso: string,
): Promise<Conversation | undefined> {
  const row = await trx
    .updateTable('conversations')
    .set({ last_message_at: iso, activity_at: iso, updated_at: iso })
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .returning([
      ...conversationFields,
      (eb) =>
        eb
          .selectFrom('classes')
          .select('classes.title')
          .whereRef('classes.id', '=', 'conversations.class_id')
          .as('class_title'),
      (eb) =>
        eb
          .selectFrom('classes')
          .select('classes.require_socratic')
          .whereRef('classes.id', '=', 'conversations.class_id')
          .as('class_requires_socratic'),
    ])
    .executeTakeFirst();
  return row && toConversation(row);
}

/** The newest earlier messages with text (before `beforeSeq` when given), newest first. */
function history(trx: Trx, conversationId: string, beforeSeq?: number) {
  let query = trx
    .selectFrom('messages')
    .select(['seq', 'role', 'text'])
    .where('conversation_id', '=', conversationId)
    .where('text', '!=', '');
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  return query.orderBy('seq', 'desc').limit(HISTORY_MAX_MESSAGES);
}

/**
 * For a new question: the history (every earlier message with text, newest first) and the highest
 * seq (of any message, empty ones too) in one query; the seq alone when there is no history.
 */
export async function historyAndHighestSeq(
  trx: Trx,
  conversationId: string,
): Promise<{ earlier: HistoryRow[]; highestSeq: number }> {
  const highestSeq = trx
    .selectFrom('messages')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('conversation_id', '=', conversationId);
  const rows = await history(trx, conversationId).select(highestSeq.as('max_seq')).execute();
  const maxSeq = rows.length > 0 ? rows[0]!.max_seq : (await highestSeq.executeTakeFirst())?.seq;
  return { earlier: rows, highestSeq: Number(maxSeq ?? 0) };
}

/** The history before a message (newest first). */
export async function historyBefore(
  trx: Trx,
  conversationId: string,
  beforeSeq: number,
): Promise<HistoryRow[]> {
  return history(trx, conversationId, beforeSeq).execute();
}

/** The conversation's last message from the user, if any. */
export async function lastUserMessage(
  trx: Trx,
  conversationId: string,
): Promise<SequencedMessage | undefined> {
  const row = await trx
    .selectFrom('messages')
    .select(messageFields)
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'user')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { seq: row.seq, message: toMessage(row) };
}

/** Drop every message after `seq`. */
export async function deleteMessagesAfter(
  trx: Trx,
  conversationId: string,
  seq: number,
): Promise<void> {
  await trx
    .deleteFrom('messages')
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', seq)
    .execute();
}

export async function setMessageText(
  trx: Trx,
  id: string,
  text: string,
  iso: string,
): Promise<void> {
  await trx.updateTable('messages').set({ text, updated_at: iso }).where('id', '=', id).execute();
}

/**
 * Store the turn's question (when new) and the answer's empty `streaming` row in one statement:
 * one round trip, and on PostgreSQL one run of the statement triggers. With `record`, the
 * `message_sent` action in the same transaction — on PostgreSQL in the same statement too (a
 * data-modifying WITH): one round trip less before the provider is called.
 */
export async function insertTurnMessages(
  trx: Trx,
  engine: Pick<DbHandle, 'dialect'>,
  turn: {
    conversationId: string;
    /** The new question, when the turn adds one. */
    question: SequencedMessage | undefined;
    answer: { id: string; seq: number; model: string };
    iso: string;
  },
  record: Insertable<UserActionTable> | undefined,
): Promise<void> {
  const { conversationId, question, iso } = turn;
  const answerRow = {
    id: turn.answer.id,
    conversation_id: conversationId,
    seq: turn.answer.seq,
    role: 'assistant',
    text: '',
    status: 'streaming',
    error_code: null,
    model: turn.answer.model,
    created_at: iso,
    updated_at: iso,
  };
  const rows = question
    ? [
        {
          id: question.message.id,
          seq: question.seq,
          role: question.message.role,
          text: question.message.text,
          status: question.message.status,
          error_code: question.message.error_code,
          model: question.message.model,
          created_at: question.message.created_at,
          conversation_id: conversationId,
          updated_at: iso,
        },
        answerRow,
      ]
    : [answerRow];
  if (record && engine.dialect === 'postgres') {
    await trx
      .with('recorded', (db) => db.insertInto('user_actions').values(record))
      .insertInto('messages')
      .values(rows)
      .execute();
  } else {
    await trx.insertInto('messages').values(rows).execute();
    if (record) await trx.insertInto('user_actions').values(record).execute();
  }
}
