import { DEFAULT_MEMBER_ROLE, type MemberRole } from '@aprenda/shared/constants';
import type { ClassMember, MemberAddedByEmail } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { classAddedMail, classInviteMail } from '../../lib/mail-templates.ts';
import type { Mail } from '../../lib/mailer.ts';
import { publicOrigin } from '../../lib/origins.ts';
import type { Limiter } from '../../lib/rate-limits.ts';
import { userActionRow } from '../records/public.ts';
import {
  lockClass,
  logAction,
  ownerProtected,
  requireActive,
  requireTeacher,
  visibleClassAccess,
  type ClassAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import { asRole } from './access.queries.ts';
import { isForeignKeyViolation } from './classes.queries.ts';
import { createInvite } from './invites.service.ts';
import { selectUsableEmailInvite } from './invites.queries.ts';
import {
  countTeachers,
  deleteMember,
  deleteStudentRecorded,
  insertMemberIfAbsent,
  insertMemberRecorded,
  selectMemberRole,
  selectMembership,
  selectMemberPage,
  selectUserByIdOrEmail,
  selectClassTitles,
  selectOwnedClasses,
  selectTeachersOfUserClasses,
  selectPracticeTarget,
  selectUserMemberships,
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

/** A class the user belongs to: id, title and the user's role in it. */
export interface UserMembership {
  class_id: string;
  title: string;
  role: MemberRole;
}

/** Every class the user belongs to (by title) — for other modules (flashcards' class decks). */
export async function userMemberships(ctx: ReadCtx, userId: string): Promise<UserMembership[]> {
  const rows = await selectUserMemberships(ctx.db.db, userId);
  return rows.map((r) => ({ class_id: r.class_id, title: r.title, role: asRole(r.role) }));
}

/** The teachers of every class `userId` belongs to (other modules: whose items a student sees). */
export function teachersOfUserClasses(ctx: ReadCtx, userId: string): Promise<string[]> {
  return selectTeachersOfUserClasses(ctx.db.db, userId);
}

/**
 * The share of right answers adaptive practice aims at for `userId`: the mean of the targets of
 * the classes they study in, or null outside any class (the practice's default then).
 */
export function practiceTargetOf(ctx: ReadCtx, userId: string): Promise<number | null> {
  return selectPracticeTarget(ctx.db.db, userId);
}

/** Class titles by id (classes that are gone are left out) — for other modules. */
export async function classTitles(
  ctx: ReadCtx,
  classIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await selectClassTitles(ctx.db.db, classIds);
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * The classes a user owns, archived ones too: an account that owns one cannot be deleted (its
 * students' work would go with it) until the class is handed over or deleted.
 */
export function ownedClasses(
  ctx: Pick<ReadCtx, 'db'>,
  userId: string,
): Promise<Array<{ id: string; title: string }>> {
  return selectOwnedClasses(ctx.db.db, userId);
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
 * teacher → 409 `last_teacher` (by id a co-teacher may still step down to student). The caller's access and the user are read at the same time (one
 * round trip); the user is only looked at once the caller is known to teach the class.
 */
export async function addMember(
  ctx: Ctx,
  classId: string,
  byId: string,
  target: { user_id?: string | undefined; email?: string | undefined },
  role: MemberRole,
): Promise<{ member: ClassMember; created: boolean }> {
  const [access, user] = await Promise.all([
    visibleClassAccess(ctx, classId, byId),
    selectUserByIdOrEmail(ctx.db.db, target),
  ]);
  requireTeacher(access);
  requireActive(access);
  if (!user) throw new AppError('user_not_found', 'No user with this id or e-mail');
  const result = await addUser(ctx, access, user, role);
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
 * A teacher adding their own e-mail, with any role: they are in the class already — as its owner
 * or as a teacher — and adding by e-mail is no way to change their own role (`last_teacher` or
 * `owner_protected` would only confuse). 409 `already_member`, its detail saying which.
 */
function refuseSelf(access: ClassAccess, user: { id: string }): void {
  if (user.id !== access.userId) return;
  throw conflict(
    access.klass.owner_id === access.userId
      ? 'You are already in this class, as its owner'
      : 'You are already in this class, as a teacher',
    'already_member',
  );
}

/**
 * Add (or re-role) this existing user; records `member_added` when they joined. `created`: they
 * joined; `changed`: they joined or their role changed.
 */
async function addUser(
  ctx: Ctx,
  access: ClassAccess,
  user: { id: string },
  role: MemberRole,
): Promise<{ joinedAt: string; created: boolean; changed: boolean }> {
  const classId = access.klass.id;
  const now = ctx.clock.now().toISOString();
  const memberAdded = { class_id: classId, user_id: user.id, role };
  const joined = { joinedAt: now, created: true, changed: true };
  // The common case first: a new member, inserted and recorded together (one statement on
  // PostgreSQL). The insert itself tells whether they were one already (it adds nothing then),
  // and a new member has no owner or last-teacher rule to check — so the class row is locked only
  // when there is a membership to look at.
  const added = await insertMemberRecorded(
    ctx.db,
    { classId, userId: user.id, role, joinedAt: now },
    userActionRow(ctx, access.userId, { action: 'member_added', context: memberAdded }),
  ).catch((err: unknown) => {
    // The class or the user deleted in the very moment (the FK check sees it gone).
    throw isForeignKeyViolation(err) ? notFound('No such class') : err;
  });
  if (added) return joined;
  return inTransaction(ctx.db, async (trx) => {
    // The class gone: the lock answers 404.
    const { ownerId } = await lockClass(ctx, trx, classId);
    // Read after the lock (its own statement, so its own snapshot: a change committed while the
    // lock was awaited is seen — in one statement with the lock it would not be).
    const existing = await selectMembership(trx, classId, user.id);
    if (!existing) {
      // Removed between the insert and the lock: add them now, under the lock.
      await insertMemberIfAbsent(trx, classId, user.id, role, now);
      await logAction(ctx, access.userId, 'member_added', memberAdded, trx);
      return joined;
    }
    if (existing.role !== role) {
      if (existing.role === 'teacher' && (await countTeachers(trx, classId)) <= 1) {
        throw conflict('A class needs at least one teacher', 'last_teacher');
      }
      if (user.id === ownerId) throw ownerProtected();
      await setMemberRole(trx, classId, user.id, role);
      return { joinedAt: existing.joined_at, created: false, changed: true };
    }
    return { joinedAt: existing.joined_at, created: false, changed: false };
  });
}

/** What adding by e-mail needs of the context: mail, the invite link's origin, a mail limit. */
export type EmailCtx = Ctx & Pick<AppContext, 'env' | 'mailer' | 'logger' | 'rateLimitStore'>;

/** Class mails (invites, "you were added") per address an hour: nobody's mailbox is flooded. */
export const CLASS_MAILS_PER_HOUR = 5;
const mailLimiters = new WeakMap<object, Limiter>();
function classMailLimiter(ctx: Pick<AppContext, 'rateLimitStore'>): Limiter {
  let limiter = mailLimiters.get(ctx.rateLimitStore);
  if (!limiter) {
    limiter = ctx.rateLimitStore.limiter({
      name: 'class-mail-address',
      points: CLASS_MAILS_PER_HOUR,
      durationSeconds: 3600,
    });
    mailLimiters.set(ctx.rateLimitStore, limiter);
  }
  return limiter;
}

/**
 * Mail in the background: the answer neither waits for it nor tells, by its timing, whether there
 * was one. Beyond CLASS_MAILS_PER_HOUR for an address, or when it fails, it is logged, not sent.
 */
function mailInBackground(ctx: EmailCtx, mail: Mail): void {
  void (async () => {
    const decision = await classMailLimiter(ctx).consume(mail.to.toLowerCase());
    if (!decision.allowed) {
      ctx.logger({ level: 'warn', msg: 'class mail not sent: too many for this address' });
      return;
    }
    await ctx.mailer.send(mail);
  })().catch((err: unknown) => {
    ctx.logger({
      level: 'error',
      msg: 'mail could not be sent',
      subject: mail.subject,
      err: err instanceof Error ? err.message : String(err),
    });
  });
}

/**
 * Add by e-mail (teachers) without ever telling whether the address has an account: with an
 * account, the user is added (or re-roled) as by id and told by mail; without one, an invite
 * locked to the address (one use, the default expiry) is created and mailed — it shows in
 * Convites, and the person joins once they sign up with that e-mail. Either way the answer is
 * `{ email, role }`; `created` (201) when something was done — a member added or re-roled, an
 * invite made — and false (200) when the member with that role, or a usable invite for that e-mail
 * and role, was already there: the same rule on both sides, so even asking again with another
 * role tells nothing. Your own e-mail → 409 `already_member`. Records `member_added` or
 * `member_invited`.
 */
export async function addMemberByEmail(
  ctx: EmailCtx,
  access: ClassAccess,
  rawEmail: string,
  role: MemberRole,
  by: { name: string },
): Promise<{ answer: MemberAddedByEmail; created: boolean }> {
  requireTeacher(access);
  requireActive(access);
  const email = rawEmail.trim().toLowerCase();
  const answer: MemberAddedByEmail = { email, role };
  const classId = access.klass.id;
  const classTitle = access.klass.title;
  const user = await selectUserByIdOrEmail(ctx.db.db, { email });
  if (user) {
    refuseSelf(access, user);
    const { created, changed } = await addUser(ctx, access, user, role);
    if (created) {
      mailInBackground(
        ctx,
        classAddedMail({
          to: user.email,
          name: user.name,
          classTitle,
          inviterName: by.name,
          link: `${publicOrigin(ctx.env)}/dashboard/student/${encodeURIComponent(classId)}`,
        }),
      );
    }
    return { answer, created: changed };
  }
  const now = ctx.clock.now().toISOString();
  if (await selectUsableEmailInvite(ctx.db.db, classId, email, role, now)) {
    return { answer, created: false };
  }
  const invite = await createInvite(ctx, access, { role, email, max_uses: 1 });
  mailInBackground(
    ctx,
    classInviteMail({
      to: email,
      classTitle,
      inviterName: by.name,
      link: invite.url,
      expiresAt: invite.expires_at,
    }),
  );
  await logAction(ctx, access.userId, 'member_invited', {
    class_id: classId,
    invite_id: invite.id,
    role,
  });
  return { answer, created: true };
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
  const removed = { class_id: classId, user_id: userId };
  // The common case first: a student, removed and recorded together (one statement on
  // PostgreSQL). No owner or last-teacher rule concerns them, so the class row is locked only
  // when the delete finds no student to take out.
  const action = userActionRow(ctx, access.userId, { action: 'member_removed', context: removed });
  if (await deleteStudentRecorded(ctx.db, classId, userId, action)) return;
  await inTransaction(ctx.db, async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    const targetRole = await selectMemberRole(trx, classId, userId);
    if (targetRole === undefined) throw notFound('Not a member of this class');
    if (targetRole === 'teacher' && (await countTeachers(trx, classId)) <= 1) {
      throw conflict('A class needs at least one teacher', 'last_teacher');
    }
    if (userId === ownerId) throw ownerProtected();
    await deleteMember(trx, classId, userId);
    await logAction(ctx, access.userId, 'member_removed', removed, trx);
  });
}
