import { randomBytes } from 'node:crypto';
import { DEFAULT_MEMBER_ROLE, type MemberRole } from '@aprenda/shared/constants';
import {
  INVITE_DEFAULT_EXPIRY_DAYS,
  INVITE_MAX_EXPIRY_DAYS,
  type ClassInvite,
  type CreatedInvite,
  type InvitePreview,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { publicOrigin } from '../../lib/origins.ts';
import { asRole } from './access.queries.ts';
import {
  classAccess,
  classArchived,
  DAY_MS,
  logAction,
  requireActive,
  requireTeacher,
  visibleClassAccess,
  type ClassAccess,
  type Ctx,
  type ReadCtx,
} from './access.service.ts';
import { selectTeachers } from './classes.queries.ts';
import {
  insertInvite,
  inviteStatus,
  lockInviteByTokenHash,
  selectClassArchived,
  selectClassHeading,
  selectClassIdByCode,
  selectInviteByTokenHash,
  selectInviteClass,
  selectInvitePage,
  setInviteRevoked,
  toInvite,
  useInvite,
  type InviteRow,
} from './invites.queries.ts';
import { insertMemberIfAbsent, selectMemberRole, upsertMember } from './members.queries.ts';

/** Create an invite (teachers). The raw token (192 random bits) is answered once, stored hashed. */
export async function createInvite(
  ctx: Ctx & Pick<AppContext, 'env'>,
  access: ClassAccess,
  input: {
    role: MemberRole;
    email?: string | null | undefined;
    expires_at?: string | undefined;
    max_uses?: number | null | undefined;
  },
): Promise<CreatedInvite> {
  requireTeacher(access);
  requireActive(access);
  const now = ctx.clock.now();
  let expiresAt = new Date(now.getTime() + INVITE_DEFAULT_EXPIRY_DAYS * DAY_MS);
  if (input.expires_at !== undefined) {
    expiresAt = new Date(input.expires_at);
    if (expiresAt.getTime() <= now.getTime()) {
      throw badRequest('Invalid input', [
        { path: 'expires_at', code: 'too_small', message: 'expires_at must be in the future' },
      ]);
    }
    if (expiresAt.getTime() > now.getTime() + INVITE_MAX_EXPIRY_DAYS * DAY_MS) {
      throw badRequest('Invalid input', [
        {
          path: 'expires_at',
          code: 'too_big',
          message: `expires_at is at most ${INVITE_MAX_EXPIRY_DAYS} days ahead`,
          maximum: INVITE_MAX_EXPIRY_DAYS,
        },
      ]);
    }
  }
  const token = randomBytes(24).toString('base64url');
  const row: InviteRow = {
    id: uuidv7(now.getTime()),
    class_id: access.klass.id,
    role: input.role,
    email: input.email ? input.email.toLowerCase() : null,
    expires_at: expiresAt.toISOString(),
    max_uses: input.max_uses ?? null,
    uses: 0,
    revoked_at: null,
    created_by: access.userId,
    created_at: now.toISOString(),
  };
  await insertInvite(ctx.db.db, row, sha256Hex(token));
  return {
    ...toInvite(row, now.toISOString()),
    token,
    url: `${publicOrigin(ctx.env)}/convite/${token}`,
  };
}

/** Invites of a class, newest first (teachers). */
export async function listInvites(
  ctx: ReadCtx,
  access: ClassAccess,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ClassInvite>> {
  requireTeacher(access);
  const { items, nextCursor } = await selectInvitePage(ctx.db.db, access.klass.id, page);
  const now = ctx.clock.now().toISOString();
  return { items: items.map((r) => toInvite(r, now)), nextCursor };
}

/** Revoke an invite (teachers of its class; 404 for anyone else who is not a member). */
export async function revokeInvite(ctx: ReadCtx, userId: string, inviteId: string): Promise<void> {
  const inv = await selectInviteClass(ctx.db.db, inviteId);
  if (!inv) throw notFound('No such invite');
  const access = await visibleClassAccess(ctx, inv.class_id, userId);
  requireTeacher(access);
  if (!inv.revoked_at) {
    await setInviteRevoked(ctx.db.db, inviteId, ctx.clock.now().toISOString());
  }
}

async function inviteByToken(ctx: ReadCtx, token: string): Promise<InviteRow> {
  const row = await selectInviteByTokenHash(ctx.db.db, sha256Hex(token));
  if (!row) throw notFound('No such invite');
  return row;
}

const emailMatches = (locked: string | null, email: string) =>
  locked === null || locked.toLowerCase() === email.toLowerCase();

/** What the invite page shows before joining (any signed-in user holding the token). */
export async function previewInvite(
  ctx: ReadCtx,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
): Promise<InvitePreview> {
  const inv = await inviteByToken(ctx, token);
  const [klass, teachers, memberRole] = await Promise.all([
    selectClassHeading(ctx.db.db, inv.class_id),
    selectTeachers(ctx.db.db, [inv.class_id]),
    selectMemberRole(ctx.db.db, inv.class_id, user.id),
  ]);
  return {
    class: klass,
    teachers: teachers.map((t) => t.name),
    role: asRole(inv.role),
    status: inviteStatus(inv, ctx.clock.now().toISOString()),
    expires_at: inv.expires_at,
    email_locked: inv.email !== null,
    email_matches: emailMatches(inv.email, user.email),
    email_verified: user.emailVerified,
    already_member: memberRole !== undefined,
  };
}

/**
 * Accept an invite. Idempotent: already a member (with this role or as a teacher) → the class,
 * without using the invite. Unknown 404; revoked or expired 410 `gone`; locked to another
 * e-mail 403 `invite_email_mismatch`; locked to this account's e-mail while it is not verified
 * 403 `email_not_verified` (anyone can sign up with someone else's address; only the owner of the
 * mailbox can verify it); used up 409 `invite_used_up`; an archived class 409 `class_archived`
 * (whoever holds the invite, members included: it answers no class page). Records `class_joined`.
 */
export async function acceptInvite(
  ctx: Ctx,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
): Promise<ClassAccess> {
  const hash = sha256Hex(token);
  const now = ctx.clock.now().toISOString();
  const joined = await inTransaction(ctx.db, async (trx) => {
    const inv = await lockInviteByTokenHash(trx, ctx.db, hash);
    if (!inv) throw notFound('No such invite');
    if (await selectClassArchived(trx, inv.class_id)) throw classArchived();
    const existingRole = await selectMemberRole(trx, inv.class_id, user.id);
    if (existingRole !== undefined && (existingRole === 'teacher' || existingRole === inv.role)) {
      return { classId: inv.class_id };
    }
    const status = inviteStatus(inv, now);
    if (status === 'revoked') throw new AppError('gone', 'This invite was revoked');
    if (status === 'expired') throw new AppError('gone', 'This invite has expired');
    if (!emailMatches(inv.email, user.email)) {
      throw new AppError('invite_email_mismatch', 'This invite is for another e-mail');
    }
    if (inv.email !== null && !user.emailVerified) {
      throw new AppError('email_not_verified', 'Confirm your e-mail to accept this invite');
    }
    if (!(await useInvite(trx, inv.id)) || status === 'used_up') {
      throw conflict('This invite has been used up', 'invite_used_up');
    }
    await upsertMember(trx, inv.class_id, user.id, inv.role, now);
    if (existingRole === undefined) {
      await logAction(ctx, user.id, 'class_joined', { class_id: inv.class_id, via: 'invite' }, trx);
    }
    return { classId: inv.class_id };
  });
  return classAccess(ctx, joined.classId, user.id);
}

/**
 * Join with the class code (as a student). `alreadyMember`: the user was in the class already (as
 * a student or a teacher: nothing changes, nothing is recorded). Unknown code or joining turned off
 * → 404; the code of an archived class → 409 `class_archived`.
 */
export async function joinByCode(
  ctx: Ctx,
  userId: string,
  code: string,
): Promise<{ access: ClassAccess; alreadyMember: boolean }> {
  const found = await selectClassIdByCode(ctx.db.db, code);
  if (found === undefined) {
    throw new AppError('class_code_not_found', 'No class accepts this code');
  }
  if (found.archived) throw classArchived();
  const classId = found.id;
  const now = ctx.clock.now().toISOString();
  const joined = await inTransaction(ctx.db, async (trx) => {
    if (!(await insertMemberIfAbsent(trx, classId, userId, DEFAULT_MEMBER_ROLE, now))) return false;
    await logAction(ctx, userId, 'class_joined', { class_id: classId, via: 'code' }, trx);
    return true;
  });
  return { access: await classAccess(ctx, classId, userId), alreadyMember: !joined };
}
