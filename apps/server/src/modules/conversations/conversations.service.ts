import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Conversation,
  LinkedConversation,
  TutorMode,
} from '@aprenda/shared/schemas/conversations';
import type { AppContext, SessionUser } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { classAccess, listMembers, requireTeacher } from '../classes/public.ts';
import { createUserAction } from '../records/public.ts';
import {
  deleteConversationRows,
  insertConversation,
  selectConversation,
  selectConversationPage,
  selectLinkedConversationPage,
  updateConversationRow,
  type StoredConversation,
} from './conversations.queries.ts';

export type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

// ---------------------------------------------------------------------------------------------
// Search

/**
 * Lower case without accents, as the indexes fold (SQLite's unicode61 with remove_diacritics,
 * PostgreSQL's aprenda_fold): canonical decomposition only (NFD), so that the ordinals º and ª of
 * "1º ano" and "2ª série" stay as the indexes keep them (NFKD made them an o and an a).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .toLowerCase();
}

/** The words of a query (letters and digits only), at most 8; the last one is a prefix. */
export function queryWords(q: string): string[] {
  return (foldText(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
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
  return selectConversationPage(ctx.db.db, ctx.db, userId, {
    limit: page.limit,
    cursor: page.cursor,
    words: page.q ? queryWords(page.q) : [],
  });
}

export async function createConversation(
  ctx: Ctx,
  user: Pick<SessionUser, 'id' | 'role'>,
  input: { title?: string | undefined; class_id?: string | null | undefined; mode?: TutorMode },
): Promise<Conversation> {
  let klass: { title: string; requireSocratic: boolean } | null = null;
  if (input.class_id) klass = await linkableClass(ctx, user.id, input.class_id);
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
  const conversation = await insertConversation(ctx.db.db, row, klass);
  await createUserAction(ctx, user.id, {
    action: 'conversation_created',
    context: { conversation_id: row.id, mode: row.mode, class_id: row.class_id },
  });
  return conversation;
}

/** Can this user read someone else's conversation? (A teacher of its class, owner a student.) */
async function teacherCanRead(ctx: ReadCtx, stored: StoredConversation, userId: string) {
  const classId = stored.conversation.class_id;
  if (!classId) return false;
  try {
    const mine = await classAccess(ctx, classId, userId);
    if (mine.role !== 'teacher') return false;
    const owner = await classAccess(ctx, classId, stored.ownerId);
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
): Promise<StoredConversation & { readonly: boolean }> {
  const stored = await selectConversation(ctx.db.db, id);
  if (!stored) throw notFound('No such conversation');
  if (stored.ownerId === userId) return { ...stored, readonly: false };
  if (await teacherCanRead(ctx, stored, userId)) return { ...stored, readonly: true };
  throw notFound('No such conversation');
}

/** The user's own conversation for a write; a teacher who may only read it gets 403. */
export async function ownConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
): Promise<StoredConversation> {
  const { readonly, ...stored } = await readableConversation(ctx, userId, id);
  if (readonly) throw forbidden('This conversation is read-only for you');
  return stored;
}

export async function getConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
): Promise<Conversation> {
  const { conversation, readonly } = await readableConversation(ctx, userId, id);
  return readonly ? { ...conversation, readonly: true } : conversation;
}

/** A class the user may link a conversation to: one they are a member of (else 404). */
async function linkableClass(ctx: ReadCtx, userId: string, classId: string) {
  const { klass } = await classAccess(ctx, classId, userId);
  return { title: klass.title, requireSocratic: Boolean(klass.require_socratic) };
}

/**
 * Rename, pin, change the tutor mode, link to one of my classes or unlink (`class_id: null`).
 * While the (new) linked class requires Socratic mode, `mode: 'direct'` is refused (409
 * `socratic_required`) — and the tutor answers Socratically whatever mode is stored.
 */
export async function updateConversation(
  ctx: ReadCtx,
  userId: string,
  id: string,
  input: {
    title?: string | undefined;
    pinned?: boolean | undefined;
    mode?: TutorMode | undefined;
    class_id?: string | null | undefined;
  },
): Promise<Conversation> {
  const { conversation } = await ownConversation(ctx, userId, id);
  let socraticRequired = conversation.socratic_required;
  if (input.class_id !== undefined) {
    socraticRequired = input.class_id
      ? (await linkableClass(ctx, userId, input.class_id)).requireSocratic
      : false;
  }
  if (input.mode === 'direct' && socraticRequired) {
    throw new AppError('socratic_required', 'The linked class requires Socratic mode');
  }
  const now = ctx.clock.now().toISOString();
  await updateConversationRow(ctx.db.db, conversation.id, input, now);
  return getConversation(ctx, userId, id);
}

export async function deleteConversation(ctx: ReadCtx, userId: string, id: string) {
  const { conversation } = await ownConversation(ctx, userId, id);
  await inTransaction(ctx.db, (trx) => deleteConversationRows(trx, conversation.id));
}

// ---------------------------------------------------------------------------------------------
// Oversight

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
  return selectLinkedConversationPage(ctx.db.db, classId, students, page);
}
