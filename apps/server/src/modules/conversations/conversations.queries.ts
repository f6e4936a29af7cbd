import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Conversation,
  LinkedConversation,
  Message,
  MessageRole,
  MessageStatus,
  TutorMode,
} from '@aprenda/shared/schemas/conversations';
import { sql, type Selectable } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { ConversationTable, Executor, MessageTable, Trx } from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';

// ---------------------------------------------------------------------------------------------
// Rows → answers (shared by the module's queries)

/**
 * A conversation's row with its class title (null when it has no class, or the class is gone) and
 * whether that class requires Socratic mode.
 */
export type ConversationRow = Selectable<ConversationTable> & {
  class_title: string | null;
  class_requires_socratic: number | boolean | null;
};

/** The columns of a message that its answer shows (`messageFields`). */
export type MessageRow = Pick<
  Selectable<MessageTable>,
  'id' | 'seq' | 'role' | 'text' | 'status' | 'error_code' | 'model' | 'created_at'
>;

export const asMode = (mode: string): TutorMode => (mode === 'direct' ? 'direct' : 'socratic');

export function toConversation(r: ConversationRow): Conversation {
  const socraticRequired = Boolean(r.class_id) && Boolean(Number(r.class_requires_socratic ?? 0));
  return {
    id: r.id,
    title: r.title,
    mode: socraticRequired ? 'socratic' : asMode(r.mode),
    class_id: r.class_id,
    class_title: r.class_id ? r.class_title : null,
    socratic_required: socraticRequired,
    pinned: Boolean(r.pinned),
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_message_at: r.last_message_at,
  };
}

export function toMessage(r: MessageRow): Message {
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
export const conversationFields = [
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

/** The columns of `MessageRow`, in the order every message read selects them. */
export const messageFields = [
  'id',
  'seq',
  'role',
  'text',
  'status',
  'error_code',
  'model',
  'created_at',
] as const;

/** Conversations with their class title (one left join; no per-row queries). */
function selectConversations(db: Executor) {
  return db
    .selectFrom('conversations as c')
    .leftJoin('classes as cl', 'cl.id', 'c.class_id')
    .select([
      ...conversationColumns,
      'cl.title as class_title',
      'cl.require_socratic as class_requires_socratic',
    ]);
}

// ---------------------------------------------------------------------------------------------
// Reads

function searchCondition(engine: Pick<DbHandle, 'dialect'>, words: string[]) {
  // One search document per conversation (title + all its messages, migration 0007): a search
  // reads each matching conversation once, whatever the number of matching messages.
  if (engine.dialect === 'postgres') {
    const tsq = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
    return sql<boolean>`c.search_doc @@ to_tsquery('simple', ${tsq})`;
  }
  const match = words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
  // `+c.rowid`: walk the user's list index in page order and stop after a page of matches (the
  // matching rowids become a Bloom-filtered set), instead of looking every match up and sorting —
  // about 3× less work for a common word; at worst one pass over the user's list index.
  return sql<boolean>`+c.rowid in (select rowid from conversation_search where conversation_search match ${match})`;
}

/**
 * A page of the user's conversations: pinned first, then newest activity first. One query (keyset
 * on (pinned, activity_at, id), the index's order); with `words`, only those whose title or
 * messages hold them all (the last one as a prefix).
 */
export async function selectConversationPage(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  userId: string,
  page: { limit: number; cursor?: string | undefined; words: string[] },
): Promise<Page<Conversation>> {
  let q = selectConversations(db).where('c.user_id', '=', userId);
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
  const { words } = page;
  if (words.length > 0) q = q.where(searchCondition(engine, words));
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
  return { items: pageRows.map(toConversation), nextCursor };
}

/** A conversation as stored: its answer (never read-only here) and who owns it. */
export interface StoredConversation {
  conversation: Conversation;
  ownerId: string;
}

export async function selectConversation(
  db: Executor,
  id: string,
): Promise<StoredConversation | undefined> {
  const row = await selectConversations(db).where('c.id', '=', id).executeTakeFirst();
  return row && { conversation: toConversation(row), ownerId: row.user_id };
}

/**
 * A page of a class's conversations owned by `studentIds`, newest activity first (keyset on
 * (activity_at, id)), with each student's name; all read-only.
 */
export async function selectLinkedConversationPage(
  db: Executor,
  classId: string,
  studentIds: string[],
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<LinkedConversation>> {
  let q = selectConversations(db)
    .innerJoin('user as u', 'u.id', 'c.user_id')
    .select('u.name as student_name')
    .where('c.class_id', '=', classId)
    .where('c.user_id', 'in', studentIds);
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
// Writes

/** Store a new conversation; its answer, with what the caller found of its class. */
export async function insertConversation(
  db: Executor,
  row: Selectable<ConversationTable>,
  klass: { title: string; requireSocratic: boolean } | null,
): Promise<Conversation> {
  await db.insertInto('conversations').values(row).execute();
  return toConversation({
    ...row,
    class_title: klass?.title ?? null,
    class_requires_socratic: klass?.requireSocratic ?? null,
  });
}

export async function updateConversationRow(
  db: Executor,
  id: string,
  input: {
    title?: string | undefined;
    pinned?: boolean | undefined;
    mode?: TutorMode | undefined;
    class_id?: string | null | undefined;
  },
  now: string,
): Promise<void> {
  const set: Partial<{
    title: string;
    pinned: number;
    mode: string;
    class_id: string | null;
    updated_at: string;
  }> = {
    updated_at: now,
  };
  if (input.title !== undefined) set.title = input.title;
  if (input.class_id !== undefined) set.class_id = input.class_id;
  if (input.pinned !== undefined) set.pinned = input.pinned ? 1 : 0;
  if (input.mode !== undefined) set.mode = input.mode;
  await db.updateTable('conversations').set(set).where('id', '=', id).execute();
}

/** A conversation and its messages (inside the caller's transaction). */
export async function deleteConversationRows(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('messages').where('conversation_id', '=', id).execute();
  await trx.deleteFrom('conversations').where('id', '=', id).execute();
}
