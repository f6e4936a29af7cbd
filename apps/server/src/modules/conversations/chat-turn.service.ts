import {
  MESSAGE_TEXT_MAX,
  type Conversation,
  type Message,
  type MessageRole,
} from '@aprenda/shared/schemas/conversations';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Trx } from '../../db/types.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { userActionRow } from '../records/public.ts';
import {
  deleteMessagesAfter,
  historyAndHighestSeq,
  historyBefore,
  insertTurnMessages,
  lastUserMessage,
  markTurnActivity,
  setMessageText,
  transactionHoldsTheConnection,
  type HistoryRow,
  type SequencedMessage,
} from './chat-turn.queries.ts';
import { ownConversation } from './conversations.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

/** Check a message before anything is stored or sent: empty → 400, too long → 413. */
export function checkMessageText(text: string): string {
  if (text.length > MESSAGE_TEXT_MAX) {
    throw new AppError('message_too_long', `A message has at most ${MESSAGE_TEXT_MAX} characters`);
  }
  if (text.trim() === '') {
    throw badRequest('Invalid input', [
      { path: 'text', code: 'too_small', message: 'The message is empty', minimum: 1 },
    ]);
  }
  return text;
}

/** What a chat turn needs once its rows are stored. */
export interface ChatTurn {
  conversation: Conversation;
  userMessage: Message;
  assistantMessageId: string;
  /** Earlier messages with text, then the user's message (chronological). */
  history: Array<{ role: MessageRole; text: string }>;
  /** The conversation's title was empty when the turn started. */
  untitled: boolean;
}

/** Characters of history sent to the provider as context (the newest messages). */
const HISTORY_MAX_CHARS = 120_000;

/**
 * Store a turn before the provider is called: `send` adds the user's message; `edit` replaces the
 * text of the last user message and drops what came after it; `regenerate` drops the answer(s)
 * after the last user message. Then an empty assistant message with status `streaming`.
 *
 * Round trips matter here (they delay the first token): the turn's first statement marks the
 * conversation's activity, which also locks its row until commit (PostgreSQL) or takes SQLite's
 * write lock, so two turns of one conversation never interleave; every later read runs after the
 * lock and sees what a previous turn committed (a read inside the locking statement would not:
 * its snapshot predates the wait). A `send` then reads the history and the highest `seq` in one
 * query, and stores the question and the answer's empty row in one insert.
 */
export async function beginChatTurn(
  ctx: Ctx,
  userId: string,
  conversationId: string,
  input: {
    action: 'send' | 'edit' | 'regenerate';
    /** As received: checked (checkMessageText) once the conversation is known to be the user's. */
    text?: string | undefined;
    /**
     * The model's id, resolved by the caller while the turn starts; awaited before anything is
     * stored, so a rejection (no key, unknown model) stores nothing.
     */
    model: Promise<string>;
  },
): Promise<ChatTurn> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const assistantMessageId = uuidv7(now.getTime());
  const NOT_OWN = Symbol('not-own');
  // Awaited below only when the turn gets that far; a rejection before then is not "unhandled".
  input.model.catch(() => {});
  // When the transaction holds the only connection (SQLite), a model lookup awaited inside would
  // wait for the transaction forever. There the model is settled first (its error still comes
  // after the ownership and text checks); PostgreSQL resolves it on another connection meanwhile.
  const settled = transactionHoldsTheConnection(ctx.db)
    ? await input.model.then(
        (id) => ({ id }),
        (error: unknown) => ({ error }),
      )
    : undefined;
  const result = await inTransaction(ctx.db, async (trx) => {
    // Ownership, the lock and the activity mark in one statement (only the owner's row matches).
    const conversation = await markTurnActivity(trx, conversationId, userId, iso);
    if (!conversation) throw NOT_OWN;
    const text = input.action === 'regenerate' ? undefined : checkMessageText(input.text ?? '');
    let model: string;
    if (!settled) model = await input.model;
    else if ('error' in settled) throw settled.error;
    else model = settled.id;
    return turnRows(trx, conversation, { action: input.action, text, model });
  }).catch(async (err: unknown) => {
    // Not the owner's: the same answer as every other write (404, or 403 for a teacher who
    // may read it), from the usual check.
    if (err === NOT_OWN) {
      await ownConversation(ctx, userId, conversationId);
      throw notFound('No such conversation');
    }
    throw err;
  });
  const { conversation } = result;

  const history: ChatTurn['history'] = [];
  let budget = HISTORY_MAX_CHARS - result.userMessage.text.length;
  for (const m of result.earlier) {
    budget -= m.text.length;
    if (budget < 0) break;
    history.unshift({ role: m.role === 'assistant' ? 'assistant' : 'user', text: m.text });
  }
  // A conversation must start with a user turn for some providers.
  while (history[0]?.role === 'assistant') history.shift();
  history.push({ role: 'user', text: result.userMessage.text });

  return {
    conversation,
    userMessage: result.userMessage,
    assistantMessageId,
    history,
    untitled: conversation.title === '',
  };

  /** The rest of the turn, inside the transaction, once the conversation is locked. */
  async function turnRows(
    trx: Trx,
    conversation: Conversation,
    input: { action: 'send' | 'edit' | 'regenerate'; text: string | undefined; model: string },
  ) {
    let user: SequencedMessage;
    let newUser: SequencedMessage | undefined;
    let earlier: HistoryRow[];
    if (input.action === 'send') {
      // The history (every earlier message) and the highest seq (of any message, empty ones too).
      const read = await historyAndHighestSeq(trx, conversation.id);
      earlier = read.earlier;
      user = newUser = {
        seq: read.highestSeq + 1,
        message: {
          id: uuidv7(now.getTime()),
          role: 'user',
          text: input.text!,
          status: 'complete',
          error_code: null,
          model: null,
          created_at: iso,
        },
      };
    } else {
      const lastUser = await lastUserMessage(trx, conversation.id);
      if (!lastUser) {
        throw new AppError('nothing_to_regenerate', 'There is no question to answer yet');
      }
      await deleteMessagesAfter(trx, conversation.id, lastUser.seq);
      user = lastUser;
      if (input.action === 'edit') {
        await setMessageText(trx, lastUser.message.id, input.text!, iso);
        user = { ...lastUser, message: { ...lastUser.message, text: input.text! } };
      }
      earlier = await historyBefore(trx, conversation.id, user.seq);
    }
    // `message_sent` in the same transaction: a record exactly when the message exists.
    const record =
      input.action === 'regenerate'
        ? undefined
        : userActionRow(ctx, userId, {
            action: 'message_sent',
            context: {
              conversation_id: conversation.id,
              message_id: user.message.id,
              edited: input.action === 'edit',
              model: input.model,
            },
          });
    await insertTurnMessages(
      trx,
      ctx.db,
      {
        conversationId: conversation.id,
        question: newUser,
        answer: { id: assistantMessageId, seq: user.seq + 1, model: input.model },
        iso,
      },
      record,
    );
    return { conversation, userMessage: user.message, earlier };
  }
}
