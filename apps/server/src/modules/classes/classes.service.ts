import { randomInt } from 'node:crypto';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  type ClassDetail,
  type ClassSummary,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { UserRole } from '@aprenda/shared/constants';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { isoString } from '../../lib/clock.ts';
import { uuidv7 } from '../../lib/ids.ts';
import {
  classAccess,
  DAY_MS,
  isArchived,
  lockClass,
  logAction,
  ownerOnly,
  requireActive,
  requireTeacher,
  visibleClassAccess,
  type ClassAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import type { ClassRow } from './access.queries.ts';
import {
  countMembers,
  deleteOwnedClass,
  insertClassWithOwner,
  isUniqueViolation,
  selectTeachers,
  selectUserClassPage,
  setClassArchived,
  setClassCode,
  setClassOwner,
  toClassDetail,
  updateClassRow,
  type ClassChanges,
} from './classes.queries.ts';
import { selectUpcomingEvents } from './events.queries.ts';
import { selectMemberRole } from './members.queries.ts';

export { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH };

/** A join code from a CSPRNG: 6 characters of the alphabet. */
export function generateClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++)
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

// ---------------------------------------------------------------------------------------------
// Lists of my classes (GET /classes/mine, /classes/teaching)

/**
 * Classes the user belongs to, newest first. `which: 'mine'` = every membership;
 * `'teaching'` = memberships with role teacher. Archived classes are left out; `archived: true`
 * (the teacher's "Arquivadas", with `'teaching'`) lists only archived ones. One query per page,
 * teachers' names and each class's next event included (classes.queries.ts).
 */
export function listUserClasses(
  ctx: ReadCtx,
  userId: string,
  which: 'mine' | 'teaching',
  page: { limit: number; cursor?: string | undefined },
  archived = false,
): Promise<Page<ClassSummary>> {
  const now = isoString(ctx.clock.now());
  return selectUserClassPage(ctx.db.db, userId, which, page, now, archived);
}

/**
 * Until when a list of classes stays true without any write: the first moment one of its next
 * events is over (then another event becomes the next); undefined when time changes nothing.
 */
export function classListValidUntil(page: Page<ClassSummary>): number | undefined {
  let until: number | undefined;
  for (const item of page.items) {
    const event = item.next_event;
    if (!event) continue;
    const end = Date.parse(eventRangeEnd(event));
    if (until === undefined || end < until) until = end;
  }
  return until;
}

/** The exclusive end of an event as range queries see it (see events.service.ts). */
function eventRangeEnd(event: {
  starts_at: string;
  ends_at: string | null;
  all_day: boolean;
}): string {
  if (event.all_day) {
    return new Date(Date.parse(event.ends_at ?? event.starts_at) + DAY_MS).toISOString();
  }
  return event.ends_at ?? event.starts_at;
}

// ---------------------------------------------------------------------------------------------
// One class

/** The class page: the class, my role, its teachers, member count and next events. */
export async function classDetail(ctx: ReadCtx, access: ClassAccess): Promise<ClassDetail> {
  const { klass } = access;
  const now = ctx.clock.now().toISOString();
  const [teachers, memberCount, upcoming] = await Promise.all([
    selectTeachers(ctx.db.db, [klass.id]),
    countMembers(ctx.db.db, klass.id),
    selectUpcomingEvents(ctx.db.db, klass.id, now),
  ]);
  return toClassDetail(klass, access.role, { teachers, memberCount, upcoming });
}

export interface CreateClassInput {
  title: string;
  description?: string | null | undefined;
  code?: string | null | undefined;
}

/** A class as created (the answer of createClass, not a table row: `archived` is a boolean). */
export interface ClassRecord {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * Create a class owned by `ownerId`, who becomes its first teacher member. A given code that is
 * taken → 409 `class_code_taken`; a generated one is retried. Records `class_created`.
 */
export async function createClass(
  ctx: Ctx,
  ownerId: string,
  input: CreateClassInput,
): Promise<ClassRecord> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const given = input.code ?? null;
  for (let attempt = 0; ; attempt++) {
    const record: ClassRecord = {
      id: uuidv7(now.getTime()),
      title: input.title,
      description: input.description ?? null,
      code: given ?? generateClassCode(),
      owner_id: ownerId,
      archived: false,
      created_at: iso,
      updated_at: iso,
    };
    try {
      await inTransaction(ctx.db, async (trx) => {
        await insertClassWithOwner(trx, record);
        await logAction(ctx, ownerId, 'class_created', { class_id: record.id }, trx);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (given !== null) throw conflict('This class code is taken', 'class_code_taken');
      if (attempt >= 5) throw err;
      continue;
    }
    return record;
  }
}

/**
 * POST /classes: a teacher *account* creates a class and becomes its owner. A student account
 * → 403 `teacher_account_required` (students join classes; they teach one only when invited as a
 * teacher).
 */
export async function createClassAs(
  ctx: Ctx,
  user: { id: string; role: UserRole },
  input: CreateClassInput,
): Promise<ClassRecord> {
  if (user.role !== 'teacher') {
    throw forbidden('Only teacher accounts create classes', 'teacher_account_required');
  }
  return createClass(ctx, user.id, input);
}

/**
 * Change title, description, code, join_by_code, require_socratic or practice_target (teachers of
 * the class). The teacher's membership is checked in the updating statement (one round trip; the
 * class is read only when that fails, to tell 404 from 403 and 409 `class_archived`). A taken
 * code → 409.
 */
export async function updateClass(
  ctx: Ctx,
  classId: string,
  userId: string,
  input: {
    title?: string | undefined;
    description?: string | null | undefined;
    code?: string | undefined;
    join_by_code?: boolean | undefined;
    require_socratic?: boolean | undefined;
    practice_target?: number | undefined;
  },
): Promise<ClassAccess> {
  const now = ctx.clock.now().toISOString();
  const set: ClassChanges = { updated_at: now };
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.code !== undefined) set.code = input.code;
  if (input.join_by_code !== undefined) set.join_by_code = input.join_by_code ? 1 : 0;
  if (input.require_socratic !== undefined) {
    set.require_socratic = input.require_socratic ? 1 : 0;
  }
  if (input.practice_target !== undefined) set.practice_target = input.practice_target;
  let klass: ClassRow | undefined;
  try {
    klass = await updateClassRow(ctx.db.db, classId, userId, set);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This class code is taken', 'class_code_taken');
    throw err;
  }
  if (!klass) {
    // Not changed: no such class for this user (404), they do not teach it (403), or it is
    // archived (409).
    const access = await visibleClassAccess(ctx, classId, userId);
    requireTeacher(access);
    requireActive(access);
    throw notFound('No such class');
  }
  // The row as the update left it: no second read.
  return { klass, role: 'teacher', userId };
}

/** A new generated code (the old one stops working at once). */
export async function resetClassCode(ctx: Ctx, access: ClassAccess): Promise<ClassAccess> {
  requireTeacher(access);
  requireActive(access);
  for (let attempt = 0; ; attempt++) {
    try {
      await setClassCode(
        ctx.db.db,
        access.klass.id,
        generateClassCode(),
        ctx.clock.now().toISOString(),
      );
      return classAccess(ctx, access.klass.id, access.userId);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * Delete the class for everyone (members, invites and events go with it by FK cascade). Only its
 * owner, checked in the deleting statement itself (an ownership moved meanwhile is seen).
 */
export async function deleteClass(ctx: ReadCtx, access: ClassAccess): Promise<void> {
  requireTeacher(access);
  if (access.klass.owner_id !== access.userId) throw ownerOnly();
  if (!(await deleteOwnedClass(ctx.db.db, access.klass.id, access.userId))) throw ownerOnly();
}

/**
 * POST /classes/{id}/archive and /restore: the owner only (co-teachers 403 `owner_only` —
 * archiving hides the class from every member, like deleting it does). Archived, the class leaves
 * every member's lists (students no longer see it at all: 404), keeps everything in it, and is
 * read-only (409 `class_archived`) until restored. Archiving an archived class (or restoring an
 * active one) changes nothing. Records `class_archived` / `class_restored`.
 */
export async function setArchived(
  ctx: Ctx,
  access: ClassAccess,
  archived: boolean,
): Promise<ClassAccess> {
  requireTeacher(access);
  if (access.klass.owner_id !== access.userId) throw ownerOnly();
  if (isArchived(access) === archived) return access;
  const classId = access.klass.id;
  const klass = await inTransaction(ctx.db, async (trx) => {
    const row = await setClassArchived(
      trx,
      classId,
      access.userId,
      archived,
      ctx.clock.now().toISOString(),
    );
    if (!row) throw ownerOnly();
    await logAction(
      ctx,
      access.userId,
      archived ? 'class_archived' : 'class_restored',
      { class_id: classId },
      trx,
    );
    return row;
  });
  return { klass, role: 'teacher', userId: access.userId };
}

/**
 * Hand the class to another of its teachers (the owner only). The previous owner stays a teacher
 * member; only the new owner may then delete the class or transfer it again. Not a teacher member
 * → 409 `owner_target_not_teacher`.
 */
export async function transferOwnership(
  ctx: Ctx,
  access: ClassAccess,
  newOwnerId: string,
): Promise<ClassAccess> {
  requireTeacher(access);
  const classId = access.klass.id;
  await inTransaction(ctx.db, async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    if (ownerId !== access.userId) throw ownerOnly();
    if (newOwnerId === ownerId) return false;
    if ((await selectMemberRole(trx, classId, newOwnerId)) !== 'teacher') {
      throw conflict('The new owner must already teach this class', 'owner_target_not_teacher');
    }
    await setClassOwner(trx, classId, newOwnerId, ctx.clock.now().toISOString());
    await logAction(
      ctx,
      access.userId,
      'class_owner_transferred',
      { class_id: classId, user_id: newOwnerId },
      trx,
    );
    return true;
  });
  return classAccess(ctx, classId, access.userId);
}
