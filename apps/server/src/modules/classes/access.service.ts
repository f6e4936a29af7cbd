import type { MemberRole } from '@aprenda/shared/constants';
import type { AppContext } from '../../context.ts';
import type { Trx } from '../../db/types.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { createUserAction } from '../records/public.ts';
import { lockClassOwner, selectClassForMember, type ClassRow } from './access.queries.ts';

/** What the read-only jobs of the module need of the context. */
export type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
/** What the jobs that record user actions need of the context. */
export type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

export const DAY_MS = 86_400_000;

// Access: every class route starts here. Permissions come from the membership row only.

export interface ClassAccess {
  klass: ClassRow;
  role: MemberRole;
  userId: string;
}

/** The class as the user may see it, or 404 — a class you are not in does not exist for you. */
export async function classAccess(
  ctx: ReadCtx,
  classId: string,
  userId: string,
): Promise<ClassAccess> {
  const found = await selectClassForMember(ctx.db.db, classId, userId);
  if (!found) throw notFound('No such class');
  return { klass: found.klass, role: found.role, userId };
}

/**
 * The class as the class routes show it: as classAccess, but an archived class does not exist for
 * its students (404, as for a non-member — it left their lists); its teachers still open it.
 * (Other modules keep classAccess: a teacher still reads a student's linked conversation, and a
 * student their own work, of an archived class.)
 */
export async function visibleClassAccess(
  ctx: ReadCtx,
  classId: string,
  userId: string,
): Promise<ClassAccess> {
  const access = await classAccess(ctx, classId, userId);
  if (isArchived(access) && access.role !== 'teacher') throw notFound('No such class');
  return access;
}

/** Whether the class is archived (hidden from lists, read-only until restored). */
export const isArchived = (access: ClassAccess): boolean => Boolean(access.klass.archived);

/**
 * 409 `class_archived`. The detail is worded for who gets it: the owner is told to restore the
 * class; anyone else that only its owner can (the web words it the same way, by the class's owner).
 */
export const classArchived = (byOwner = false) =>
  conflict(
    byOwner
      ? 'This class is archived; restore it to change it'
      : 'This class is archived; only its owner can restore it',
    'class_archived',
  );

/** 409 `class_archived` when the class is archived: nothing in it changes until it is restored. */
export function requireActive(access: ClassAccess): void {
  if (isArchived(access)) throw classArchived(access.klass.owner_id === access.userId);
}

/** 403 unless the caller teaches the class. */
export function requireTeacher(access: ClassAccess): void {
  if (access.role !== 'teacher') throw forbidden('Only teachers of this class may do this');
}

/**
 * Lock the class row (PostgreSQL) so membership checks and changes of one class serialise, and
 * read its owner under that lock (SQLite: one writer at a time already). 404 if it is gone.
 */
export async function lockClass(
  ctx: ReadCtx,
  trx: Trx,
  classId: string,
): Promise<{ ownerId: string }> {
  const ownerId = await lockClassOwner(trx, ctx.db, classId);
  if (ownerId === undefined) throw notFound('No such class');
  return { ownerId };
}

export const ownerProtected = () =>
  forbidden(
    'The owner stays a teacher of the class until they transfer ownership',
    'owner_protected',
  );
export const ownerOnly = () => forbidden('Only the owner of this class may do this', 'owner_only');

/** Record a user action (`user_actions`) of this module — in `trx` when it is part of one. */
export async function logAction(
  ctx: Ctx,
  userId: string,
  action: string,
  context: Record<string, unknown>,
  trx?: Trx,
) {
  await createUserAction(ctx, userId, { action, context }, trx);
}
