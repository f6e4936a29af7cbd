import type { MemberRole } from '@aprenda/shared/constants';
import type {
  ClassDetail,
  ClassEvent,
  ClassNextEvent,
  ClassSummary,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { sql, type Selectable, type Updateable } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { ClassTable, Executor, Trx } from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';
import { asRole, type ClassRow } from './access.queries.ts';

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// ---------------------------------------------------------------------------------------------
// Lists of my classes

/**
 * A page of the classes the user belongs to (`which: 'teaching'`: as a teacher), archived ones
 * left out, newest first. ONE query per page whatever its size: the page of classes (keyset on
 * created_at, id) in a subquery, then each class's teachers as a JSON array of [joined_at, name]
 * from the covering indexes class_members (class_id, role, joined_at, user_id) and user (id, name)
 * — only for the ≤ limit+1 classes of the page; names are put in joining order, then by name,
 * here. (One round trip instead of two matters most on PostgreSQL; measured with bench/classes.ts
 * at 1M memberships.) Each class's next event (not over at `now`, the one that ends first) is one
 * seek of class_events (class_id, range_end, starts_at, id) (migration 0013) with LIMIT 1: no scan
 * of a class's past events.
 */
export async function selectUserClassPage(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  userId: string,
  which: 'mine' | 'teaching',
  page: { limit: number; cursor?: string | undefined },
  now: string,
): Promise<Page<ClassSummary>> {
  const after = page.cursor ? decodeCursor(page.cursor, 2) : null;
  let q = db
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
      'c.require_socratic',
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
    engine.dialect === 'postgres'
      ? sql<unknown>`(select coalesce(json_agg(json_build_array(t.joined_at, u.name)), '[]'::json)
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`
      : sql<unknown>`(select json_group_array(json_array(t.joined_at, u.name))
          from class_members t join "user" u on u.id = t.user_id
          where t.class_id = p.id and t.role = 'teacher')`;
  const nextEventJson =
    engine.dialect === 'postgres'
      ? sql<unknown>`(select json_build_array(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
          from class_events e where e.class_id = p.id and e.range_end > ${now}
          order by e.range_end, e.starts_at, e.id limit 1)`
      : sql<unknown>`(select json_array(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
          from class_events e where e.class_id = p.id and e.range_end > ${now}
          order by e.range_end, e.starts_at, e.id limit 1)`;
  const rows = await db
    .selectFrom(pageQuery.as('p'))
    .selectAll('p')
    .select(teachersJson.as('teachers'))
    .select(nextEventJson.as('next_event'))
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
      require_socratic: Boolean(r.require_socratic),
      next_event: nextEvent(r.next_event),
    })),
    nextCursor,
  };
}

/** `[id, title, starts_at, ends_at, all_day]` (JSON: parsed by pg, a string from SQLite) or null. */
function nextEvent(value: unknown): ClassNextEvent | null {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list) || list.length < 5) return null;
  const [id, title, startsAt, endsAt, allDay] = list as unknown[];
  if (typeof id !== 'string' || typeof title !== 'string' || typeof startsAt !== 'string') {
    return null;
  }
  return {
    id,
    title,
    starts_at: startsAt,
    ends_at: typeof endsAt === 'string' ? endsAt : null,
    all_day: Boolean(Number(allDay)),
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

// ---------------------------------------------------------------------------------------------
// One class

/** Teachers of some classes, in joining order — one query. */
export async function selectTeachers(
  db: Executor,
  classIds: string[],
): Promise<Array<{ class_id: string; id: string; name: string }>> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.class_id', 'u.id', 'u.name'])
    .where('m.class_id', 'in', classIds)
    .where('m.role', '=', 'teacher')
    .orderBy('m.joined_at')
    .orderBy('u.name')
    .execute();
}

/** Members of the class. */
export async function countMembers(db: Executor, classId: string): Promise<number> {
  const row = await db
    .selectFrom('class_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The class page's answer from the class row and what was read about it. */
export function toClassDetail(
  klass: ClassRow,
  role: MemberRole,
  parts: {
    teachers: Array<{ id: string; name: string }>;
    memberCount: number;
    upcoming: ClassEvent[];
  },
): ClassDetail {
  return {
    id: klass.id,
    title: klass.title,
    description: klass.description,
    code: klass.code,
    join_by_code: Boolean(klass.join_by_code),
    require_socratic: Boolean(klass.require_socratic),
    practice_target: Number(klass.practice_target),
    owner_id: klass.owner_id,
    created_at: klass.created_at,
    updated_at: klass.updated_at,
    role,
    teachers: parts.teachers.map((t) => ({ id: t.id, name: t.name })),
    member_count: parts.memberCount,
    upcoming_events: parts.upcoming,
  };
}

/** A new class and its owner as its first teacher member (inside the caller's transaction). */
export async function insertClassWithOwner(
  trx: Trx,
  row: Pick<
    Selectable<ClassTable>,
    'id' | 'title' | 'description' | 'code' | 'owner_id' | 'created_at' | 'updated_at'
  >,
): Promise<void> {
  await trx
    .insertInto('classes')
    .values({
      id: row.id,
      title: row.title,
      description: row.description,
      code: row.code,
      owner_id: row.owner_id,
      archived: 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
    })
    .execute();
  await trx
    .insertInto('class_members')
    .values({ class_id: row.id, user_id: row.owner_id, role: 'teacher', joined_at: row.created_at })
    .execute();
}

/** What a teacher may change of a class (with its new updated_at). */
export type ClassChanges = Pick<
  Updateable<ClassTable>,
  | 'title'
  | 'description'
  | 'code'
  | 'join_by_code'
  | 'require_socratic'
  | 'practice_target'
  | 'updated_at'
>;

export async function updateClassRow(
  db: Executor,
  classId: string,
  set: ClassChanges,
): Promise<void> {
  await db.updateTable('classes').set(set).where('id', '=', classId).execute();
}

export async function setClassCode(
  db: Executor,
  classId: string,
  code: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('classes')
    .set({ code, updated_at: updatedAt })
    .where('id', '=', classId)
    .execute();
}

/** Delete the class if `ownerId` still owns it; false otherwise. */
export async function deleteOwnedClass(
  db: Executor,
  classId: string,
  ownerId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('classes')
    .where('id', '=', classId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setClassOwner(
  db: Executor,
  classId: string,
  ownerId: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('classes')
    .set({ owner_id: ownerId, updated_at: updatedAt })
    .where('id', '=', classId)
    .execute();
}
