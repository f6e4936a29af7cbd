import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_MEMBER_ROLE, type MemberRole } from '@aprenda/shared/constants';
import {
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_UPCOMING_EVENTS,
  INVITE_DEFAULT_EXPIRY_DAYS,
  INVITE_MAX_EXPIRY_DAYS,
  type ClassDetail,
  type ClassEvent,
  type ClassInvite,
  type ClassMember,
  type ClassSummary,
  type CreatedInvite,
  type InvitePreview,
  type InviteStatus,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { publicOrigin } from '../../lib/origins.ts';
import { createUserAction } from '../records/public.ts';

export { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH };

type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;
type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;

/** A join code from a CSPRNG: 6 characters of the alphabet. */
export function generateClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++)
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const asRole = (role: string): MemberRole => (role === 'teacher' ? 'teacher' : 'student');

async function logAction(
  ctx: Ctx,
  userId: string,
  action: string,
  context: Record<string, unknown>,
) {
  await createUserAction(ctx, userId, { action, context });
}

// ---------------------------------------------------------------------------------------------
// Lists of my classes (GET /classes/mine, /classes/teaching)

/**
 * Classes the user belongs to, newest first. `which: 'mine'` = every membership;
 * `'teaching'` = memberships with role teacher. Archived classes are left out.
 * ONE query per page whatever its size: the page of classes (keyset on created_at, id) in a
 * subquery, then each class's teachers as a JSON array of [joined_at, name] from the covering
 * indexes class_members (class_id, role, joined_at, user_id) and user (id, name) — only for the
 * ≤ limit+1 classes of the page; names are put in joining order, then by name, here. (One round
 * trip instead of two matters most on PostgreSQL; measured with bench/classes.ts at 1M
 * memberships.)
 */
export async function listUserClasses(
  ctx: ReadCtx,
  userId: string,
  which: 'mine' | 'teaching',
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ClassSummary>> {
  const after = page.cursor ? decodeCursor(page.cursor, 2) : null;
  let q = ctx.db.db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.code',
      'c.owner_id',
      'c.created_at',
      'c.updated_at',
      'm.role',
    ])
    .where('m.user_id', '=', userId)
    .where('c.archived', '=', 0);
  if (which === 'teaching') q = q.where('m.role', '=', 'teacher');
  if (after) {
    const [createdAt, id] = after as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['c.created_at', createdAt],
        ['c.id', id],
      ]),
    );
  }
  const pageQuery = q
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1);
  // [joined_at, name] pairs, ordered here: an ORDER BY inside SQLite's json_group_array costs a
  // temporary b-tree per class (measured 2× slower for the whole query).
  const teachersJson =
    ctx.db.dialect === 'postgres'
      ? sql<unknown>`(select coalesce(json_agg(json_build_array(t.joined_at, u.name)), '[]'::json)
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`
      : sql<unknown>`(select json_group_array(json_array(t.joined_at, u.name))
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`;
  const rows = await ctx.db.db
    .selectFrom(pageQuery.as('p'))
    .selectAll('p')
    .select(teachersJson.as('teachers'))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.created_at, r.id]);
  return {
    items: pageRows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      code: r.code,
      owner_id: r.owner_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      role: asRole(r.role),
      teachers: teacherNames(r.teachers),
    })),
    nextCursor,
  };
}

/**
 * Teachers' names in joining order, then by name, from `[joined_at, name]` pairs (JSON: parsed by
 * pg, a string from SQLite).
 */
function teacherNames(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  const pairs = list.filter(
    (p): p is [string, string] =>
      Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string',
  );
  pairs.sort((a, b) =>
    a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  return pairs.map((p) => p[1]);
}

/** Teachers of some classes, in joining order — one query. */
async function teachersOf(ctx: ReadCtx, classIds: string[]) {
  if (classIds.length === 0) return [];
  return ctx.db.db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.class_id', 'u.id', 'u.name'])
    .where('m.class_id', 'in', classIds)
    .where('m.role', '=', 'teacher')
    .orderBy('m.joined_at')
    .orderBy('u.name')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Access: every class route starts here. Permissions come from the membership row only.

export interface ClassRow {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  join_by_code: number;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface ClassAccess {
  klass: ClassRow;
  role: MemberRole;
  userId: string;
}

const classColumns = [
  'c.id',
  'c.title',
  'c.description',
  'c.code',
  'c.join_by_code',
  'c.owner_id',
  'c.created_at',
  'c.updated_at',
] as const;

/** The class as the user may see it, or 404 — a class you are not in does not exist for you. */
export async function classAccess(
  ctx: ReadCtx,
  classId: string,
  userId: string,
): Promise<ClassAccess> {
  const row = await ctx.db.db
    .selectFrom('classes as c')
    .innerJoin('class_members as m', (j) =>
      j.onRef('m.class_id', '=', 'c.id').on('m.user_id', '=', userId),
    )
    .select([...classColumns, 'm.role'])
    .where('c.id', '=', classId)
    .executeTakeFirst();
  if (!row) throw notFound('No such class');
  const { role, ...klass } = row;
  return { klass, role: asRole(role), userId };
}

/** 403 unless the caller teaches the class. */
export function requireTeacher(access: ClassAccess): void {
  if (access.role !== 'teacher') throw forbidden('Only teachers of this class may do this');
}

/**
 * Lock the class row (PostgreSQL) so membership checks and changes of one class serialise, and
 * read its owner under that lock (SQLite: one writer at a time already). 404 if it is gone.
 */
async function lockClass(ctx: ReadCtx, trx: Trx, classId: string): Promise<{ ownerId: string }> {
  let q = trx.selectFrom('classes').select('owner_id').where('id', '=', classId);
  if (ctx.db.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('No such class');
  return { ownerId: row.owner_id };
}

const ownerProtected = () =>
  forbidden(
    'The owner stays a teacher of the class until they transfer ownership',
    'owner_protected',
  );
const ownerOnly = () => forbidden('Only the owner of this class may do this', 'owner_only');

async function teacherCount(trx: Trx, classId: string): Promise<number> {
  const row = await trx
    .selectFrom('class_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('class_id', '=', classId)
    .where('role', '=', 'teacher')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// One class

function toEvent(r: {
  id: string;
  class_id: string;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string | null;
  all_day: number | boolean;
  location: string | null;
  created_by: string | null;
  created_at: string;
}): ClassEvent {
  return {
    id: r.id,
    class_id: r.class_id,
    title: r.title,
    description: r.description,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    all_day: Boolean(r.all_day),
    location: r.location,
    created_by: r.created_by,
    created_at: r.created_at,
  };
}

const eventColumns = [
  'id',
  'class_id',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'all_day',
  'location',
  'created_by',
  'created_at',
] as const;

/** The class page: the class, my role, its teachers, member count and next events. */
export async function classDetail(ctx: ReadCtx, access: ClassAccess): Promise<ClassDetail> {
  const { klass } = access;
  const now = ctx.clock.now().toISOString();
  const [teachers, count, upcoming] = await Promise.all([
    teachersOf(ctx, [klass.id]),
    ctx.db.db
      .selectFrom('class_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('class_id', '=', klass.id)
      .executeTakeFirstOrThrow(),
    ctx.db.db
      .selectFrom('class_events')
      .select([...eventColumns])
      .where('class_id', '=', klass.id)
      .where((eb) => eb.or([eb('range_end', '>', now), eb('starts_at', '>=', now)]))
      .orderBy('starts_at')
      .orderBy('id')
      .limit(CLASS_UPCOMING_EVENTS)
      .execute(),
  ]);
  return {
    id: klass.id,
    title: klass.title,
    description: klass.description,
    code: klass.code,
    join_by_code: Boolean(klass.join_by_code),
    owner_id: klass.owner_id,
    created_at: klass.created_at,
    updated_at: klass.updated_at,
    role: access.role,
    teachers: teachers.map((t) => ({ id: t.id, name: t.name })),
    member_count: Number(count.n),
    upcoming_events: upcoming.map(toEvent),
  };
}

export interface CreateClassInput {
  title: string;
  description?: string | null | undefined;
  code?: string | null | undefined;
}

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
      await ctx.db.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('classes')
          .values({
            id: record.id,
            title: record.title,
            description: record.description,
            code: record.code,
            owner_id: ownerId,
            archived: 0,
            created_at: iso,
            updated_at: iso,
          })
          .execute();
        await trx
          .insertInto('class_members')
          .values({ class_id: record.id, user_id: ownerId, role: 'teacher', joined_at: iso })
          .execute();
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (given !== null) throw conflict('This class code is taken', 'class_code_taken');
      if (attempt >= 5) throw err;
      continue;
    }
    await logAction(ctx, ownerId, 'class_created', { class_id: record.id });
    return record;
  }
}

/** Change title, description, code or join_by_code (teachers). A taken code → 409. */
export async function updateClass(
  ctx: Ctx,
  access: ClassAccess,
  input: {
    title?: string | undefined;
    description?: string | null | undefined;
    code?: string | undefined;
    join_by_code?: boolean | undefined;
  },
): Promise<ClassAccess> {
  requireTeacher(access);
  const now = ctx.clock.now().toISOString();
  const set: Partial<{
    title: string;
    description: string | null;
    code: string;
    join_by_code: number;
    updated_at: string;
  }> = { updated_at: now };
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.code !== undefined) set.code = input.code;
  if (input.join_by_code !== undefined) set.join_by_code = input.join_by_code ? 1 : 0;
  try {
    await ctx.db.db.updateTable('classes').set(set).where('id', '=', access.klass.id).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This class code is taken', 'class_code_taken');
    throw err;
  }
  return classAccess(ctx, access.klass.id, access.userId);
}

/** A new generated code (the old one stops working at once). */
export async function resetClassCode(ctx: Ctx, access: ClassAccess): Promise<ClassAccess> {
  requireTeacher(access);
  for (let attempt = 0; ; attempt++) {
    try {
      await ctx.db.db
        .updateTable('classes')
        .set({ code: generateClassCode(), updated_at: ctx.clock.now().toISOString() })
        .where('id', '=', access.klass.id)
        .execute();
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
  const result = await ctx.db.db
    .deleteFrom('classes')
    .where('id', '=', access.klass.id)
    .where('owner_id', '=', access.userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw ownerOnly();
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
  const changed = await ctx.db.db.transaction().execute(async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    if (ownerId !== access.userId) throw ownerOnly();
    if (newOwnerId === ownerId) return false;
    const target = await trx
      .selectFrom('class_members')
      .select('role')
      .where('class_id', '=', classId)
      .where('user_id', '=', newOwnerId)
      .executeTakeFirst();
    if (target?.role !== 'teacher') {
      throw conflict('The new owner must already teach this class', 'owner_target_not_teacher');
    }
    await trx
      .updateTable('classes')
      .set({ owner_id: newOwnerId, updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', classId)
      .execute();
    return true;
  });
  if (changed) {
    await logAction(ctx, access.userId, 'class_owner_transferred', {
      class_id: classId,
      user_id: newOwnerId,
    });
  }
  return classAccess(ctx, classId, access.userId);
}

// ---------------------------------------------------------------------------------------------
// Members

/** Members by joining order; e-mails only for teachers of the class. */
export async function listMembers(
  ctx: ReadCtx,
  access: ClassAccess,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ClassMember>> {
  let q = ctx.db.db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.joined_at'])
    .where('m.class_id', '=', access.klass.id);
  if (page.cursor) {
    const [joinedAt, userId] = decodeCursor(page.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['m.joined_at', joinedAt],
        ['m.user_id', userId],
      ]),
    );
  }
  const rows = await q
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.joined_at, r.user_id]);
  const teacher = access.role === 'teacher';
  return {
    items: pageRows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      role: asRole(r.role),
      joined_at: r.joined_at,
      ...(teacher ? { email: r.email } : {}),
    })),
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
  await ctx.db.db
    .insertInto('class_members')
    .values({ class_id: classId, user_id: userId, role, joined_at: iso })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doUpdateSet({ role }))
    .execute();
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
  let q = ctx.db.db.selectFrom('user').select(['id', 'name', 'email']);
  q = target.user_id
    ? q.where('id', '=', target.user_id)
    : q.where((eb) => eb(eb.fn('lower', ['email']), '=', (target.email ?? '').toLowerCase()));
  const user = await q.executeTakeFirst();
  if (!user) throw new AppError('user_not_found', 'No user with this id or e-mail');

  const classId = access.klass.id;
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.db.transaction().execute(async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    const existing = await trx
      .selectFrom('class_members')
      .select(['role', 'joined_at'])
      .where('class_id', '=', classId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('class_members')
        .values({ class_id: classId, user_id: user.id, role, joined_at: now })
        .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
        .execute();
      return { joinedAt: now, created: true };
    }
    if (existing.role !== role) {
      if (existing.role === 'teacher' && (await teacherCount(trx, classId)) <= 1) {
        throw conflict('A class needs at least one teacher', 'last_teacher');
      }
      if (user.id === ownerId) throw ownerProtected();
      await trx
        .updateTable('class_members')
        .set({ role })
        .where('class_id', '=', classId)
        .where('user_id', '=', user.id)
        .execute();
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
  await ctx.db.db.transaction().execute(async (trx) => {
    const { ownerId } = await lockClass(ctx, trx, classId);
    const target = await trx
      .selectFrom('class_members')
      .select('role')
      .where('class_id', '=', classId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!target) throw notFound('Not a member of this class');
    if (target.role === 'teacher' && (await teacherCount(trx, classId)) <= 1) {
      throw conflict('A class needs at least one teacher', 'last_teacher');
    }
    if (userId === ownerId) throw ownerProtected();
    await trx
      .deleteFrom('class_members')
      .where('class_id', '=', classId)
      .where('user_id', '=', userId)
      .execute();
  });
  await logAction(ctx, access.userId, 'member_removed', { class_id: classId, user_id: userId });
}

// ---------------------------------------------------------------------------------------------
// Invites

interface InviteRow {
  id: string;
  class_id: string;
  role: string;
  email: string | null;
  expires_at: string;
  max_uses: number | null;
  uses: number;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}

const inviteColumns = [
  'id',
  'class_id',
  'role',
  'email',
  'expires_at',
  'max_uses',
  'uses',
  'revoked_at',
  'created_by',
  'created_at',
] as const;

export function inviteStatus(row: InviteRow, nowIso: string): InviteStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= nowIso) return 'expired';
  if (row.max_uses !== null && Number(row.uses) >= Number(row.max_uses)) return 'used_up';
  return 'valid';
}

function toInvite(row: InviteRow, nowIso: string): ClassInvite {
  return {
    id: row.id,
    class_id: row.class_id,
    role: asRole(row.role),
    email: row.email,
    expires_at: row.expires_at,
    max_uses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    revoked_at: row.revoked_at,
    created_by: row.created_by,
    created_at: row.created_at,
    status: inviteStatus(row, nowIso),
  };
}

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
  await ctx.db.db
    .insertInto('class_invites')
    .values({ ...row, token_hash: sha256Hex(token) })
    .execute();
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
  let q = ctx.db.db
    .selectFrom('class_invites')
    .select([...inviteColumns])
    .where('class_id', '=', access.klass.id);
  if (page.cursor) {
    const [createdAt, id] = decodeCursor(page.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', createdAt],
        ['id', id],
      ]),
    );
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (r) => [r.created_at, r.id]);
  const now = ctx.clock.now().toISOString();
  return { items: pageRows.map((r) => toInvite(r, now)), nextCursor };
}

/** Revoke an invite (teachers of its class; 404 for anyone else who is not a member). */
export async function revokeInvite(ctx: ReadCtx, userId: string, inviteId: string): Promise<void> {
  const inv = await ctx.db.db
    .selectFrom('class_invites')
    .select(['class_id', 'revoked_at'])
    .where('id', '=', inviteId)
    .executeTakeFirst();
  if (!inv) throw notFound('No such invite');
  const access = await classAccess(ctx, inv.class_id, userId);
  requireTeacher(access);
  if (!inv.revoked_at) {
    await ctx.db.db
      .updateTable('class_invites')
      .set({ revoked_at: ctx.clock.now().toISOString() })
      .where('id', '=', inviteId)
      .execute();
  }
}

async function inviteByToken(ctx: ReadCtx, token: string): Promise<InviteRow> {
  const row = await ctx.db.db
    .selectFrom('class_invites')
    .select([...inviteColumns])
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
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
  const [klass, teachers, member] = await Promise.all([
    ctx.db.db
      .selectFrom('classes')
      .select(['id', 'title', 'description'])
      .where('id', '=', inv.class_id)
      .executeTakeFirstOrThrow(),
    teachersOf(ctx, [inv.class_id]),
    ctx.db.db
      .selectFrom('class_members')
      .select('role')
      .where('class_id', '=', inv.class_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst(),
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
    already_member: member !== undefined,
  };
}

/**
 * Accept an invite. Idempotent: already a member (with this role or as a teacher) → the class,
 * without using the invite. Unknown 404; revoked or expired 410 `gone`; locked to another
 * e-mail 403 `invite_email_mismatch`; locked to this account's e-mail while it is not verified
 * 403 `email_not_verified` (anyone can sign up with someone else's address; only the owner of the
 * mailbox can verify it); used up 409 `invite_used_up`. Records `class_joined`.
 */
export async function acceptInvite(
  ctx: Ctx,
  user: { id: string; email: string; emailVerified: boolean },
  token: string,
): Promise<ClassAccess> {
  const hash = sha256Hex(token);
  const now = ctx.clock.now().toISOString();
  const joined = await ctx.db.db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('class_invites')
      .select([...inviteColumns])
      .where('token_hash', '=', hash);
    if (ctx.db.dialect === 'postgres') q = q.forUpdate();
    const inv = await q.executeTakeFirst();
    if (!inv) throw notFound('No such invite');
    const existing = await trx
      .selectFrom('class_members')
      .select('role')
      .where('class_id', '=', inv.class_id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing && (existing.role === 'teacher' || existing.role === inv.role)) {
      return { classId: inv.class_id, joined: false };
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
    const used = await trx
      .updateTable('class_invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', inv.id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0 || status === 'used_up') {
      throw conflict('This invite has been used up', 'invite_used_up');
    }
    await trx
      .insertInto('class_members')
      .values({ class_id: inv.class_id, user_id: user.id, role: inv.role, joined_at: now })
      .onConflict((oc) => oc.columns(['class_id', 'user_id']).doUpdateSet({ role: inv.role }))
      .execute();
    return { classId: inv.class_id, joined: !existing };
  });
  if (joined.joined) {
    await logAction(ctx, user.id, 'class_joined', { class_id: joined.classId, via: 'invite' });
  }
  return classAccess(ctx, joined.classId, user.id);
}

/** Join with the class code (as a student). Unknown code or joining turned off → 404. */
export async function joinByCode(ctx: Ctx, userId: string, code: string): Promise<ClassAccess> {
  const klass = await ctx.db.db
    .selectFrom('classes')
    .select('id')
    .where('code', '=', code)
    .where('join_by_code', '=', 1)
    .where('archived', '=', 0)
    .executeTakeFirst();
  if (!klass) throw new AppError('class_code_not_found', 'No class accepts this code');
  const inserted = await ctx.db.db
    .insertInto('class_members')
    .values({
      class_id: klass.id,
      user_id: userId,
      role: DEFAULT_MEMBER_ROLE,
      joined_at: ctx.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await logAction(ctx, userId, 'class_joined', { class_id: klass.id, via: 'code' });
  }
  return classAccess(ctx, klass.id, userId);
}

// ---------------------------------------------------------------------------------------------
// Events

/** Any ISO-8601 instant (with offset) or date → `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function toUtcIso(value: string): string {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();
}

const dateOnly = (value: string) => `${value.slice(0, 10)}T00:00:00.000Z`;
const nextDay = (iso: string) => new Date(Date.parse(iso) + DAY_MS).toISOString();

/** Events that overlap `[since, until)`, by start. No `since` = from now; no `until` = open. */
export async function listEvents(
  ctx: ReadCtx,
  access: ClassAccess,
  query: { since?: string | undefined; until?: string | undefined; limit: number; cursor?: string },
): Promise<Page<ClassEvent>> {
  const since = query.since ? toUtcIso(query.since) : ctx.clock.now().toISOString();
  let q = ctx.db.db
    .selectFrom('class_events')
    .select([...eventColumns])
    .where('class_id', '=', access.klass.id)
    .where((eb) => eb.or([eb('range_end', '>', since), eb('starts_at', '>=', since)]));
  if (query.until) q = q.where('starts_at', '<', toUtcIso(query.until));
  if (query.cursor) {
    const [startsAt, id] = decodeCursor(query.cursor, 2) as [string, string];
    q = q.where((eb) =>
      keysetAfter(eb, 'asc', [
        ['starts_at', startsAt],
        ['id', id],
      ]),
    );
  }
  const rows = await q
    .orderBy('starts_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .execute();
  const { rows: pageRows, nextCursor } = pageOf(rows, query.limit, (r) => [r.starts_at, r.id]);
  return { items: pageRows.map(toEvent), nextCursor };
}

/** Create an event (teachers). Times are stored as UTC `…Z`; all-day events as dates. */
export async function createEvent(
  ctx: Ctx,
  access: ClassAccess,
  input: {
    title: string;
    description?: string | null | undefined;
    starts_at: string;
    ends_at?: string | null | undefined;
    all_day: boolean;
    location?: string | null | undefined;
  },
): Promise<ClassEvent> {
  requireTeacher(access);
  const now = ctx.clock.now();
  let startsAt: string;
  let endsAt: string | null;
  let rangeEnd: string;
  if (input.all_day) {
    startsAt = dateOnly(input.starts_at);
    endsAt = input.ends_at ? dateOnly(input.ends_at) : null;
    rangeEnd = nextDay(endsAt ?? startsAt);
  } else {
    startsAt = toUtcIso(input.starts_at);
    endsAt = input.ends_at ? toUtcIso(input.ends_at) : null;
    rangeEnd = endsAt ?? startsAt;
  }
  const row = {
    id: uuidv7(now.getTime()),
    class_id: access.klass.id,
    title: input.title,
    description: input.description ?? null,
    starts_at: startsAt,
    ends_at: endsAt,
    range_end: rangeEnd,
    all_day: input.all_day ? 1 : 0,
    location: input.location ?? null,
    created_by: access.userId,
    created_at: now.toISOString(),
  };
  await ctx.db.db.insertInto('class_events').values(row).execute();
  await logAction(ctx, access.userId, 'event_created', {
    class_id: access.klass.id,
    event_id: row.id,
  });
  return toEvent(row);
}

/** Delete an event of the class (teachers); an event of another class → 404. */
export async function deleteEvent(ctx: ReadCtx, access: ClassAccess, eventId: string) {
  requireTeacher(access);
  const result = await ctx.db.db
    .deleteFrom('class_events')
    .where('id', '=', eventId)
    .where('class_id', '=', access.klass.id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No such event');
}

/** Events of every class of a user overlapping `[from, to)`, with the class title (iCal feed). */
export async function listUserEventsForFeed(
  ctx: ReadCtx,
  userId: string,
  from: string,
  to: string,
  max = 5000,
): Promise<Array<ClassEvent & { class_title: string }>> {
  const rows = await ctx.db.db
    .selectFrom('class_members as m')
    .innerJoin('class_events as e', 'e.class_id', 'm.class_id')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select([
      'e.id',
      'e.class_id',
      'e.title',
      'e.description',
      'e.starts_at',
      'e.ends_at',
      'e.all_day',
      'e.location',
      'e.created_by',
      'e.created_at',
      'c.title as class_title',
    ])
    .where('m.user_id', '=', userId)
    .where('c.archived', '=', 0)
    .where('e.starts_at', '<', to)
    .where((eb) => eb.or([eb('e.range_end', '>', from), eb('e.starts_at', '>=', from)]))
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(max)
    .execute();
  return rows.map((r) => ({ ...toEvent(r), class_title: r.class_title }));
}
