import type { Page } from '@aprenda/shared/schemas/common';
import {
  MESSAGE_TEXT_MAX,
  type Conversation,
  type LinkedConversation,
  type Message,
  type MessageRole,
  type MessageStatus,
  type TutorMode,
} from '@aprenda/shared/schemas/conversations';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../context.ts';
import { classAccess, listMembers, requireTeacher } from '../classes/public.ts';
import { cursorInt, decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';
import { createUserAction, userActionRow } from '../records/public.ts';

/** The largest value of an `integer` column (PostgreSQL int4). */
const INT32_MAX = 2_147_483_647;

type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

// ---------------------------------------------------------------------------------------------
// Rows → answers

interface ConversationRow {
  id: string;
  user_id: string;
  title: string;
  mode: string;
  class_id: string | null;
  class_title: string | null;
  pinned: number | boolean;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  activity_at: string;
}

export const asMode = (mode: string): TutorMode => (mode === 'direct' ? 'direct' : 'socratic');

function toConversation(r: ConversationRow, readonly = false): Conversation {
  return {
    id: r.id,
    title: r.title,
    mode: asMode(r.mode),
    class_id: r.class_id,
    class_title: r.class_id ? r.class_title : null,
    pinned: Boolean(r.pinned),
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_message_at: r.last_message_at,
    ...(readonly ? { readonly: true } : {}),
  };
}

interface MessageRow {
  id: string;
  seq: number;
  role: string;
  text: string;
  status: string;
  error_code: string | null;
  model: string | null;
  created_at: string;
}

function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    role: r.role as MessageRole,
    text: r.text,
    status: r.status as MessageStatus,
    error_code: r.error_code,
    model: r.model,
    created_at: r.created_at,
  };
}

/** A conversation's own columns (`conversationColumns`: the same, qualified by the `c` alias). */
const conversationFields = [
  'id',
  'user_id',
  'title',
  'mode',
  'class_id',
  'pinned',
  'created_at',
  'updated_at',
  'last_message_at',
  'activity_at',
] as const;
const conversationColumns = conversationFields.map((f) => `c.${f}` as const);

/** Conversations with their class title (one left join; no per-row queries). */
function selectConversations(ctx: ReadCtx) {
  return ctx.db.db
    .selectFrom('conversations as c')
    .leftJoin('classes as cl', 'cl.id', 'c.class_id')
    .select([...conversationColumns, 'cl.title as class_title']);
}

// ---------------------------------------------------------------------------------------------
// Search

/** Lower case without accents (the same folding the indexes use). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .toLowerCase();
}

/** The words of a query (letters and digits only), at most 8; the last one is a prefix. */
export function queryWords(q: string): string[] {
  return (foldText(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function searchCondition(ctx: ReadCtx, words: string[]) {
  // One search document per conversation (title + all its messages, migration 0007): a search
  // reads each matching conversation once, whatever the number of matching messages.
  if (ctx.db.dialect === 'postgres') {
    const tsq = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    return sql<boolean>`c.search_doc @@ to_tsquery('simple', ${tsq})`;
  }
  const match = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  // `+c.rowid`: walk the user's list index in page order and stop after a page of matches (the
  // matching rowids become a Bloom-filtered set), instead of looking every match up and sorting —
  // about 3× less work for a common word; at worst one pass over the user's list index.
  return sql<boolean>`+c.rowid in (select rowid from conversation_search where conversation_search match ${match})`;
}

// ---------------------------------------------------------------------------------------------
// Conversations

/**
 * My conversations: pinned first, then newest activity (last message, else creation) first.
 * One query per page (keyset on (pinned, activity_at, id), the index's order). `q` searches titles
 * and message text (full-text index; accent- and case-insensitive; last word as a prefix).
 */
export async function listConversations(
  ctx: ReadCtx,
  userId: string,
  page: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<Page<Conversation>> {
  let q = selectConversations(ctx).where('c.user_id', '=', userId);
  if (page.cursor) {
    const [pinnedRaw, activity, id] = decodeCursor(page.cursor, 3) as [string, string, string];
    const pinned = pinnedRaw === '1' ? 1 : 0;
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['c.pinned', pinned],
        ['c.activity_at', activity],
        ['c.id', id],
      ]),
    );
  }
  const words = page.q ? queryWords(page.q) : [];
  if (words.length > 0) q = q.where(searchCondition(ctx, words));
  const rows = await q
    .orderBy('c.pinned', 'desc')
    .orderBy('c.activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [
    r.pinned ? '1' : '0',
    r.activity_at,
    r.id,
  ]);
  return { items: pageRows.map((r) => toConversation(r)), nextCursor };
}

export async function createConversation(
  ctx: Ctx,
  user: Pick<SessionUser, 'id' | 'role'>,
  input: { title?: string | undefined; class_id?: string | null | undefined; mode?: TutorMode },
): Promise<Conversation> {
  let classTitle: string | null = null;
  if (input.class_id) {
    // A class I am not a member of does not exist for me (404).
    classTitle = (await classAccess(ctx, input.class_id, user.id)).klass.title;
  }
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const row = {
    id: uuidv7(now.getTime()),
    user_id: user.id,
    title: input.title ?? '',
    mode: input.mode ?? (user.role === 'teacher' ? 'direct' : 'socratic'),
    class_id: input.class_id ?? null,
    pinned: 0,
    created_at: iso,
    updated_at: iso,
    last_message_at: null,
    activity_at: iso,
  };
  await ctx.db.db.insertInto('conversations').values(row).execute();
  await createUserAction(ctx, user.id, {
    action: 'conversation_created',
    context: { conversation_id: row.id, mode: row.mode, class_id: row.class_id },
  });
  return toConversation({ ...row, class_title: classTitle });
}

async function findConversation(ctx: ReadCtx, id: string): Promise<ConversationRow | undefined> {
  return selectConversations(ctx).where('c.id', '=', id).executeTakeFirst();
}

/** Can this user read someone else's conversation? (A teacher of its class, owner a student.) */
async function teacherCanRead(ctx: ReadCtx, row: ConversationRow, userId: string) {
  if (!row.class_id) return false;
  try {
    const mine = await classAccess(ctx, row.class_id, userId);
    if (mine.role !== 'teacher') return false;
    const owner = await classAccess(ctx, row.class_id, row.user_id);
    return owner.role === 'student';
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return false;
    throw err;
  }
}

/** A conversation the user may read: their own, or (read-only) a linked one of their student. */
export async function readableConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
): Promise<{ row: ConversationRow; readonly: boolean }> {
  const row = await findConversation(ctx, id);
  if (!row) throw notFound('No such conversation');
  if (row.user_id === userId) return { row, readonly: false };
  if (await teacherCanRead(ctx, row, userId)) return { row, readonly: true };
  throw notFound('No such conversation');
}

/** The user's own conversation for a write; a teacher who may only read it gets 403. */
export async function ownConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
): Promise<ConversationRow> {
  const { row, readonly } = await readableConversation(ctx, userId, id);
  if (readonly) throw forbidden('This conversation is read-only for you');
  return row;
}

export async function getConversation(ctx: ReadCtx, userId: string, id: string) {
  const { row, readonly } = await readableConversation(ctx, userId, id);
  return toConversation(row, readonly);
}

export async function updateConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
  input: { title?: string | undefined; pinned?: boolean | undefined; mode?: TutorMode | undefined },
): Promise<Conversation> {
  const row = await ownConversation(ctx, userId, id);
  const now = ctx.clock.now().toISOString();
  const set: Partial<{ title: string; pinned: number; mode: string; updated_at: string }> = {
    updated_at: now,
  };
  if (input.title !== undefined) set.title = input.title;
  if (input.pinned !== undefined) set.pinned = input.pinned ? 1 : 0;
  if (input.mode !== undefined) set.mode = input.mode;
  await ctx.db.db.updateTable('conversations').set(set).where('id', '=', row.id).execute();
  return getConversation(ctx, userId, id);
}

export async function deleteConversation(ctx: ReadCtx, userId: string, id: string) {
  const row = await ownConversation(ctx, userId, id);
  await ctx.db.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('messages').where('conversation_id', '=', row.id).execute();
    await trx.deleteFrom('conversations').where('id', '=', row.id).execute();
  });
}

/** Messages, newest page first; each page in chronological order; the cursor goes back in time. */
export async function listMessages(
  ctx: ReadCtx,
  userId: string,
  conversationId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<Message>> {
  const { row } = await readableConversation(ctx, userId, conversationId);
  let q = ctx.db.db
    .selectFrom('messages')
    .select(['id', 'seq', 'role', 'text', 'status', 'error_code', 'model', 'created_at'])
    .where('conversation_id', '=', row.id);
  if (page.cursor) {
    const [seqRaw] = decodeCursor(page.cursor, 1) as [string];
    q = q.where('seq', '<', cursorInt(seqRaw, 0, INT32_MAX));
  }
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  // Newest first from the query; the cursor is the oldest of the page (its last row here).
  const { rows: newest, nextCursor } = pageOf(rows, page.limit, (r) => [String(r.seq)]);
  return { items: newest.reverse().map(toMessage), nextCursor };
}

/** GET /classes/{classId}/conversations: linked conversations of the class's students. */
export async function listClassConversations(
  ctx: ReadCtx,
  userId: string,
  classId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<LinkedConversation>> {
  const access = await classAccess(ctx, classId, userId);
  requireTeacher(access);
  const students: string[] = [];
  let memberCursor: string | undefined;
  do {
    const members = await listMembers(ctx, access, { limit: 100, cursor: memberCursor });
    for (const m of members.items) if (m.role === 'student') students.push(m.user_id);
    memberCursor = members.nextCursor ?? undefined;
  } while (memberCursor);
  if (students.length === 0) return { items: [], nextCursor: null };

  let q = selectConversations(ctx)
    .innerJoin('user as u', 'u.id', 'c.user_id')
    .select('u.name as student_name')
    .where('c.class_id', '=', classId)
    .where('c.user_id', 'in', students);
  if (page.cursor) {
    const [activity, id] = decodeCursor(page.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['c.activity_at', activity],
        ['c.id', id],
      ]),
    );
  }
  const rows = await q
    .orderBy('c.activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.activity_at, r.id]);
  return {
    items: pageRows.map((r) => ({
      ...toConversation(r),
      user_id: r.user_id,
      student_name: r.student_name,
      readonly: true as const,
    })),
    nextCursor,
  };
}

// ---------------------------------------------------------------------------------------------
// Chat turns

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

/** Messages sent to the provider as context (the newest ones). */
const HISTORY_MAX_MESSAGES = 40;
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
  // SQLite has one connection, and the transaction holds it: a model lookup awaited inside would
  // wait for the transaction forever. There the model is settled first (its error still comes
  // after the ownership and text checks); PostgreSQL resolves it on another connection meanwhile.
  const settled =
    ctx.db.dialect === 'postgres'
      ? undefined
      : await input.model.then(
          (id) => ({ id }),
          (error: unknown) => ({ error }),
        );
  const result = await ctx.db.db
    .transaction()
    .execute(async (trx) => {
      // Ownership, the lock and the activity mark in one statement (only the owner's row matches).
      const conversation = await trx
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
        ])
        .executeTakeFirst();
      if (!conversation) throw NOT_OWN;
      const text = input.action === 'regenerate' ? undefined : checkMessageText(input.text ?? '');
      let model: string;
      if (!settled) model = await input.model;
      else if ('error' in settled) throw settled.error;
      else model = settled.id;
      return turnRows(trx, conversation, { action: input.action, text, model });
    })
    .catch(async (err: unknown) => {
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
  let budget = HISTORY_MAX_CHARS - result.userRow.text.length;
  for (const m of result.earlier) {
    budget -= m.text.length;
    if (budget < 0) break;
    history.unshift({ role: m.role === 'assistant' ? 'assistant' : 'user', text: m.text });
  }
  // A conversation must start with a user turn for some providers.
  while (history[0]?.role === 'assistant') history.shift();
  history.push({ role: 'user', text: result.userRow.text });

  return {
    conversation: toConversation(conversation),
    userMessage: toMessage(result.userRow),
    assistantMessageId,
    history,
    untitled: conversation.title === '',
  };

  /** The rest of the turn, inside the transaction, once the conversation is locked. */
  async function turnRows(
    trx: Transaction<Database>,
    conversation: ConversationRow,
    input: { action: 'send' | 'edit' | 'regenerate'; text: string | undefined; model: string },
  ) {
    const history = (beforeSeq?: number) => {
      let query = trx
        .selectFrom('messages')
        .select(['seq', 'role', 'text'])
        .where('conversation_id', '=', conversation.id)
        .where('text', '!=', '');
      if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
      return query.orderBy('seq', 'desc').limit(HISTORY_MAX_MESSAGES);
    };

    let userRow: MessageRow;
    let newUserRow: MessageRow | undefined;
    let earlier: Array<{ role: string; text: string }>;
    if (input.action === 'send') {
      // The history (every earlier message) and the highest seq (of any message, empty ones too);
      // the seq alone when there is no history.
      const highestSeq = trx
        .selectFrom('messages')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('conversation_id', '=', conversation.id);
      const rows = await history().select(highestSeq.as('max_seq')).execute();
      const maxSeq =
        rows.length > 0 ? rows[0]!.max_seq : (await highestSeq.executeTakeFirst())?.seq;
      earlier = rows;
      userRow = newUserRow = {
        id: uuidv7(now.getTime()),
        seq: Number(maxSeq ?? 0) + 1,
        role: 'user',
        text: input.text!,
        status: 'complete',
        error_code: null,
        model: null,
        created_at: iso,
      };
    } else {
      const lastUser = await trx
        .selectFrom('messages')
        .select(['id', 'seq', 'role', 'text', 'status', 'error_code', 'model', 'created_at'])
        .where('conversation_id', '=', conversation.id)
        .where('role', '=', 'user')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!lastUser) {
        throw new AppError('nothing_to_regenerate', 'There is no question to answer yet');
      }
      await trx
        .deleteFrom('messages')
        .where('conversation_id', '=', conversation.id)
        .where('seq', '>', lastUser.seq)
        .execute();
      userRow = lastUser;
      if (input.action === 'edit') {
        await trx
          .updateTable('messages')
          .set({ text: input.text!, updated_at: iso })
          .where('id', '=', lastUser.id)
          .execute();
        userRow = { ...lastUser, text: input.text! };
      }
      earlier = await history(userRow.seq).execute();
    }
    // The question (when new) and the answer's empty row in one statement: one round trip, and on
    // PostgreSQL one run of the statement triggers.
    const answerRow = {
      id: assistantMessageId,
      conversation_id: conversation.id,
      seq: userRow.seq + 1,
      role: 'assistant',
      text: '',
      status: 'streaming',
      error_code: null,
      model: input.model,
      created_at: iso,
      updated_at: iso,
    };
    const rows = newUserRow
      ? [{ ...newUserRow, conversation_id: conversation.id, updated_at: iso }, answerRow]
      : [answerRow];
    // `message_sent` in the same transaction: a record exactly when the message exists. On
    // PostgreSQL in the same statement too (a data-modifying WITH): one round trip less before
    // the provider is called.
    const record =
      input.action === 'regenerate'
        ? undefined
        : userActionRow(ctx, userId, {
            action: 'message_sent',
            context: {
              conversation_id: conversation.id,
              message_id: userRow.id,
              edited: input.action === 'edit',
              model: input.model,
            },
          });
    if (record && ctx.db.dialect === 'postgres') {
      await trx
        .with('recorded', (db) => db.insertInto('user_actions').values(record))
        .insertInto('messages')
        .values(rows)
        .execute();
    } else {
      await trx.insertInto('messages').values(rows).execute();
      if (record) await trx.insertInto('user_actions').values(record).execute();
    }
    return { conversation, userRow, earlier };
  }
}

/** Save the assistant's text so far (while streaming) or its final state. */
export async function saveAssistantMessage(
  ctx: ReadCtx,
  id: string,
  update: { text: string; status: MessageStatus; error_code?: string | null },
): Promise<void> {
  let q = ctx.db.db
    .updateTable('messages')
    .set({
      text: update.text,
      status: update.status,
      error_code: update.error_code ?? null,
      updated_at: ctx.clock.now().toISOString(),
    })
    .where('id', '=', id);
  // A partial save never overwrites an end state (the answer's own, or the sweep's).
  if (update.status === 'streaming') q = q.where('status', '=', 'streaming');
  await q.execute();
}

/** A live answer with no new text yet: only its `updated_at` (no text triggers fire). */
export async function touchStreamingAnswer(ctx: ReadCtx, id: string): Promise<void> {
  await ctx.db.db
    .updateTable('messages')
    .set({ updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'streaming')
    .execute();
}

/** PostgreSQL advisory lock key of the sweep (one instance at a time): 'aprenda.sweep'. */
const SWEEP_LOCK_KEY = 7_301_337_010;

/**
 * Answers left `streaming` by a process that died mid-answer: a live stream saves its text every
 * second while it flows, touches its row every 10 s while it waits, and fails on its own after the
 * first-token timeout, so a `streaming` row untouched for longer than `olderThanMs` (that timeout
 * plus a margin) has no writer any more. Mark it `failed` (`provider_stream_dropped`) with its
 * partial text, so the chat shows the reason and Retry instead of an endless cursor.
 * Reads only streaming rows (partial index `messages_streaming_idx`, migration 0010). With several
 * instances, one at a time sweeps (PostgreSQL advisory lock; SQLite serialises writers anyway).
 * Returns how many answers it failed.
 */
export async function failAbandonedAnswers(ctx: ReadCtx, olderThanMs: number): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - olderThanMs).toISOString();
  return ctx.db.db.transaction().execute(async (trx) => {
    if (ctx.db.dialect === 'postgres') {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`.execute(trx);
      if (!rows[0]?.locked) return 0;
    }
    const result = await trx
      .updateTable('messages')
      .set({
        status: 'failed',
        error_code: 'provider_stream_dropped',
        updated_at: ctx.clock.now().toISOString(),
      })
      .where('status', '=', 'streaming')
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Set a generated title, unless the user gave one meanwhile. */
export async function setGeneratedTitle(ctx: ReadCtx, id: string, title: string): Promise<void> {
  await ctx.db.db
    .updateTable('conversations')
    .set({ title, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', id)
    .where('title', '=', '')
    .execute();
}
