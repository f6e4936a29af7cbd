import type { MemberRole } from '@aprenda/shared/constants';
import type {
  ClassDetail,
  ClassEvent,
  ClassNextEvent,
  ClassSummary,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { PostgresAdapter, sql, type Selectable, type Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { ClassTable, Executor, Trx } from '../../db/types.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { asRole, CLASS_ROW_COLUMNS, type ClassRow } from './access.queries.ts';

/** A unique constraint refused the write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A row referring to one that is gone (PostgreSQL 23503, SQLite's foreign key constraint). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

// ---------------------------------------------------------------------------------------------
// Lists of my classes

/** A row of a page of my classes, as the list query reads it. */
interface UserClassRow {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
  require_socratic: number | boolean;
  role: string;
  teachers: unknown;
  next_event: unknown;
}

/** The arguments of the list query (the cursor's only with a cursor). */
type UserClassArgs = { now: string; userId: string; afterCreatedAt: string; afterId: string };

/**
 * The list query of one shape — which list, with or without a cursor, the page size — built once
 * per database handle (decision 0032; db/prepared.ts). The user's memberships come in the
 * list's order from the index class_members (user_id, class_created_at, class_id, role)
 * (migration 0024): walked backwards from the cursor, each joined to its class by primary key,
 * archived ones skipped (or, for the teacher's "Arquivadas", only archived ones kept), stopping
 * after limit + 1 rows — no sort. The teachers' names are the
 * class row's `teacher_names` (kept by triggers), each class's next event (not over at `now`,
 * the one that ends first) one seek of class_events (class_id, range_end, starts_at, id)
 * (migration 0013) with LIMIT 1, evaluated for the rows returned only. The LIMIT is a literal and
 * the compared values `cast(? as text)` (as in decision 0026): SQLite prepares the statement
 * once, not on every run.
 */
function userClassPageQuery(
  which: 'mine' | 'teaching',
  archived: boolean,
  cursor: boolean,
  limit: number,
) {
  return preparedQuery<UserClassArgs, UserClassRow>((db, arg) => {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const json = postgres ? sql.raw('json_build_array') : sql.raw('json_array');
    const nextEvent = sql<unknown>`(select ${json}(e.id, e.title, e.starts_at, e.ends_at, e.all_day)
        from class_events e where e.class_id = m.class_id and e.range_end > ${txt(arg('now'))}
        order by e.range_end, e.starts_at, e.id limit 1)`;
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
        'c.teacher_names as teachers',
      ])
      .select(nextEvent.as('next_event'))
      .where('m.user_id', '=', txt(arg('userId')))
      .where('c.archived', '=', sql.lit(archived ? 1 : 0));
    if (which === 'teaching') q = q.where('m.role', '=', sql.lit('teacher'));
    if (cursor) {
      q = q.where(
        (eb) => eb.refTuple('m.class_created_at', 'm.class_id'),
        '<',
        (eb) => eb.tuple(txt(arg('afterCreatedAt')), txt(arg('afterId'))),
      );
    }
    return q
      .orderBy('m.class_created_at', 'desc')
      .orderBy('m.class_id', 'desc')
      .limit(sql.lit(limit + 1))
      .compile();
  });
}

/** The list queries by shape: `(limit + 1) * 8 + archived * 4 + which * 2 + cursor`. */
const userClassPageQueries = new Map<number, ReturnType<typeof userClassPageQuery>>();

/** `cast(? as text)`: see userClassPageQuery. */
const txt = (value: string) => sql<string>`cast(${value} as text)`;

/**
 * A page of the classes the user belongs to (`which: 'teaching'`: as a teacher), archived ones
 * left out (`archived: true`: only archived ones), newest first (created_at desc, id desc; the
 * cursor is the last item's pair). ONE
 * statement per page whatever its size, prepared once per shape (userClassPageQuery).
 */
export async function selectUserClassPage(
  db: Executor,
  userId: string,
  which: 'mine' | 'teaching',
  page: { limit: number; cursor?: string | undefined },
  now: string,
  archived = false,
): Promise<Page<ClassSummary>> {
  const after = page.cursor ? (decodeCursor(page.cursor, 2) as [string, string]) : null;
  const shape =
    (page.limit + 1) * 8 + (archived ? 4 : 0) + (which === 'teaching' ? 2 : 0) + (after ? 1 : 0);
  let query = userClassPageQueries.get(shape);
  if (!query) {
    query = userClassPageQuery(which, archived, after !== null, page.limit);
    userClassPageQueries.set(shape, query);
  }
  const rows = await query.all(db, {
    now,
    userId,
    afterCreatedAt: after?.[0] ?? '',
    afterId: after?.[1] ?? '',
  });
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
    archived: Boolean(klass.archived),
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
    .values({
      class_id: row.id,
      user_id: row.owner_id,
      role: 'teacher',
      joined_at: row.created_at,
      class_created_at: row.created_at,
    })
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

/**
 * Change the class, if `teacherId` teaches it and it is not archived — checked in the updating
 * statement itself, so a rename is one round trip after the session (undefined: no such class,
 * not its teacher, or archived).
 */
export async function updateClassRow(
  db: Executor,
  classId: string,
  teacherId: string,
  set: ClassChanges,
): Promise<ClassRow | undefined> {
  return db
    .updateTable('classes')
    .set(set)
    .where('id', '=', classId)
    .where('archived', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_members as m')
          .select(eb.lit(1).as('one'))
          .where('m.class_id', '=', classId)
          .where('m.user_id', '=', teacherId)
          .where('m.role', '=', 'teacher'),
      ),
    )
    .returning(CLASS_ROW_COLUMNS)
    .executeTakeFirst();
}

/**
 * Archive (or restore) the class if `ownerId` still owns it — checked in the updating statement,
 * so an ownership moved meanwhile is seen. Its row as it now is; undefined when not the owner (or
 * gone). The update of `classes` bumps every member's `classes` version (classes.cache.ts), so
 * their cached lists drop (or regain) it at once.
 */
export async function setClassArchived(
  db: Executor,
  classId: string,
  ownerId: string,
  archived: boolean,
  updatedAt: string,
): Promise<ClassRow | undefined> {
  return db
    .updateTable('classes')
    .set({ archived: archived ? 1 : 0, updated_at: updatedAt })
    .where('id', '=', classId)
    .where('owner_id', '=', ownerId)
    .returning(CLASS_ROW_COLUMNS)
    .executeTakeFirst();
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
