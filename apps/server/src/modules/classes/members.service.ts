import { DEFAULT_MEMBER_ROLE, type MemberRole } from '@aprenda/shared/constants';
import type { ClassMember } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import {
  lockClass,
  logAction,
  ownerProtected,
  requireTeacher,
  type ClassAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import {
  countTeachers,
  deleteMember,
  insertMemberIfAbsent,
  selectMemberPage,
  selectMemberRole,
  selectMembership,
  selectUserByIdOrEmail,
  setMemberRole,
  upsertMember,
} from './members.queries.ts';

/** Members by joining order; e-mails only for teachers of the class. */
export async function listMembers(
  ctx: ReadCtx,
  access: ClassAccess,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ClassMember>> {
  const { items, nextCursor } = await selectMemberPage(ctx.db.db, access.klass.id, page);
  if (access.role === 'teacher') return { items, nextCursor };
  return {
    items: items.map(({ email: _email, ...member }) => member),
    nextCursor,
  };
}

/** Add (or re-role) a member of a class — no permission check (seed, tests, other services). */
export async function addClassMember(
  ctx: ReadCtx,
  classId: string,
  userId: string,
  role: MemberRole = DEFAULT_MEMBER_ROLE,
): Promise<void> {
  const iso = ctx.clock.now().toISOString();
  await upsertMember(ctx.db.db, classId, userId, role, iso);
}

/**
 * Add (or re-role) a member (teachers only). `created` is false when the user was already a
 * member (adding twice is harmless). Demoting the owner → 403 `owner_protected`; demoting the last
 * teacher → 409 `last_teacher`.
 */
export async function addMember(
  ctx: Ctx,
  access: ClassAccess,
  target: { user_id?: string | undefined; email?: string | undefined },
  role: MemberRole,
): Promise<{ member: ClassMember; created: boolean }> {
  requireTeacher(access);
  const user = await selectUserByIdOrEmail(ctx.db.db, target);
  if (!user) throw new AppError('user_not_found', 'No user with this id or e-mail');

  const classId = access.klass.id;
  const now = ctx.clock.now().toISOString();
  const result = await inTransaction(ctx.db, async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    const existing = await selectMembership(trx, classId, user.id);
    if (!existing) {
      await insertMemberIfAbsent(trx, classId, user.id, role, now);
      return { joinedAt: now, created: true };
    }
    if (existing.role !== role) {
      if (existing.role === 'teacher' && (await countTeachers(trx, classId)) <= 1) {
        throw conflict('A class needs at least one teacher', 'last_teacher');
      }
      if (user.id === ownerId) throw ownerProtected();
      await setMemberRole(trx, classId, user.id, role);
    }
    return { joinedAt: existing.joined_at, created: false };
  });
  if (result.created) {
    await logAction(ctx, access.userId, 'member_added', {
      class_id: classId,
      user_id: user.id,
      role,
    });
  }
  return {
    member: {
      user_id: user.id,
      name: user.name,
      role,
      joined_at: result.joinedAt,
      email: user.email,
    },
    created: result.created,
  };
}

/**
 * Remove a member: teachers remove anyone, a student may remove only themself (leave).
 * Not a member → 404; the owner (even themself) → 403 `owner_protected` (transfer first); the last
 * teacher → 409 `last_teacher`.
 */
export async function removeMember(ctx: Ctx, access: ClassAccess, userId: string): Promise<void> {
  if (access.role !== 'teacher' && userId !== access.userId) {
    throw forbidden('Only teachers of this class may remove members');
  }
  const classId = access.klass.id;
  await inTransaction(ctx.db, async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    const targetRole = await selectMemberRole(trx, classId, userId);
    if (targetRole === undefined) throw notFound('Not a member of this class');
    if (targetRole === 'teacher' && (await countTeachers(trx, classId)) <= 1) {
      throw conflict('A class needs at least one teacher', 'last_teacher');
    }
    if (userId === ownerId) throw ownerProtected();
    await deleteMember(trx, classId, userId);
  });
  await logAction(ctx, access.userId, 'member_removed', { class_id: classId, user_id: userId });
}
