import { randomInt } from 'node:crypto';
import { DEFAULT_MEMBER_ROLE, type MemberRole } from '@aprenda/shared/constants';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type { AppContext } from '../../app.ts';
import { badRequest } from '../../middleware/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** Join-code alphabet without look-alike characters (no 0/O, 1/I/L). */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;

export function generateClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++)
    code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

interface Cursor {
  createdAt: string;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id]), 'utf8').toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { createdAt: value[0] as string, id: value[1] as string };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor', [
    { path: 'cursor', code: 'invalid_format', message: 'Invalid cursor' },
  ]);
}

/**
 * Classes the user belongs to, newest first. `which: 'mine'` = every membership;
 * `'teaching'` = memberships with role teacher. Archived classes are left out.
 * Two queries per page whatever its size: the classes, then all their teachers' names.
 */
export async function listUserClasses(
  ctx: Ctx,
  userId: string,
  which: 'mine' | 'teaching',
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ClassSummary>> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
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
    q = q.where((eb) =>
      eb.or([
        eb('c.created_at', '<', after.createdAt),
        eb.and([eb('c.created_at', '=', after.createdAt), eb('c.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;

  const teachers = new Map<string, string[]>();
  if (pageRows.length > 0) {
    const teacherRows = await ctx.db.db
      .selectFrom('class_members as m')
      .innerJoin('user as u', 'u.id', 'm.user_id')
      .select(['m.class_id', 'u.name'])
      .where(
        'm.class_id',
        'in',
        pageRows.map((r) => r.id),
      )
      .where('m.role', '=', 'teacher')
      .orderBy('m.joined_at')
      .orderBy('u.name')
      .execute();
    for (const t of teacherRows) {
      const list = teachers.get(t.class_id) ?? [];
      list.push(t.name);
      teachers.set(t.class_id, list);
    }
  }

  const last = pageRows.at(-1);
  return {
    items: pageRows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      code: r.code,
      owner_id: r.owner_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      role: r.role === 'teacher' ? 'teacher' : 'student',
      teachers: teachers.get(r.id) ?? [],
    })),
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

export interface CreateClassInput {
  title: string;
  description?: string | null;
  code?: string | null;
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

/** Create a class owned by `ownerId`, who becomes its first teacher member. */
export async function createClass(
  ctx: Ctx,
  ownerId: string,
  input: CreateClassInput,
): Promise<ClassRecord> {
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const record: ClassRecord = {
    id: uuidv7(now.getTime()),
    title: input.title,
    description: input.description ?? null,
    code: input.code === undefined ? generateClassCode() : input.code,
    owner_id: ownerId,
    archived: false,
    created_at: iso,
    updated_at: iso,
  };
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
  return record;
}

/** Add (or re-role) a member of a class. */
export async function addClassMember(
  ctx: Ctx,
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
