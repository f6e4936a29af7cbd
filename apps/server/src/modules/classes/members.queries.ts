import type { MemberRole } from '@aprenda/shared/constants';
import type { ClassMember } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import {
  sql,
  type Compilable,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
} from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type {
  ClassMemberTable,
  Database,
  Executor,
  UserActionTable,
  UserTable,
} from '../../db/types.ts';
import { decodeCursor, keysetAfter, pageOf } from '../../lib/cursor.ts';
import { asRole } from './access.queries.ts';

/** A member as a teacher sees them (with the e-mail). */
export type MemberWithEmail = ClassMember & { email: string };

/** A page of the class's members by joining order (keyset on (joined_at, user_id)). */
export async function selectMemberPage(
  db: Executor,
  classId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<MemberWithEmail>> {
  let q = db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.joined_at'])
    .where('m.class_id', '=', classId);
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
  return {
    items: pageRows.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      role: asRole(r.role),
      joined_at: r.joined_at,
      email: r.email,
    })),
    nextCursor,
  };
}

/** The user with this id, or else with this e-mail (any case). */
export async function selectUserByIdOrEmail(
  db: Executor,
  target: { user_id?: string | undefined; email?: string | undefined },
): Promise<Pick<Selectable<UserTable>, 'id' | 'name' | 'email'> | undefined> {
  let q = db.selectFrom('user').select(['id', 'name', 'email']);
  q = target.user_id
    ? q.where('id', '=', target.user_id)
    : q.where((eb) => eb(eb.fn('lower', ['email']), '=', (target.email ?? '').toLowerCase()));
  return q.executeTakeFirst();
}

/** The user's membership of the class (role and joining time), if any. */
export async function selectMembership(
  db: Executor,
  classId: string,
  userId: string,
): Promise<Pick<Selectable<ClassMemberTable>, 'role' | 'joined_at'> | undefined> {
  return db
    .selectFrom('class_members')
    .select(['role', 'joined_at'])
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's role in the class as stored, if a member. */
export async function selectMemberRole(
  db: Executor,
  classId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('class_members')
    .select('role')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** Teachers of the class. */
export async function countTeachers(db: Executor, classId: string): Promise<number> {
  const row = await db
    .selectFrom('class_members')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('class_id', '=', classId)
    .where('role', '=', 'teacher')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The class's created_at, copied onto a new membership (migration 0024: the lists of my classes
 * read memberships in that order). Given here so that SQLite's fill-in trigger has nothing to do.
 */
const classCreatedAt = (eb: ExpressionBuilder<Database, 'class_members'>, classId: string) =>
  eb.selectFrom('classes').select('created_at').where('id', '=', classId);

/** The inserted membership row, with its class's `created_at` copied in. */
const memberRow =
  (classId: string, userId: string, role: string, joinedAt: string) =>
  (eb: ExpressionBuilder<Database, 'class_members'>) => ({
    class_id: classId,
    user_id: userId,
    role,
    joined_at: joinedAt,
    class_created_at: classCreatedAt(eb, classId),
  });

/** Add a membership, or give an existing one this role. */
export async function upsertMember(
  db: Executor,
  classId: string,
  userId: string,
  role: string,
  joinedAt: string,
): Promise<void> {
  await db
    .insertInto('class_members')
    .values(memberRow(classId, userId, role, joinedAt))
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/**
 * Add a membership unless there is one, copying its class's `created_at` — only while the class
 * exists (an INSERT … SELECT from the class row: a class gone adds nothing rather than failing);
 * true when it was added.
 */
export async function insertMemberIfAbsent(
  db: Executor,
  classId: string,
  userId: string,
  role: string,
  joinedAt: string,
): Promise<boolean> {
  const inserted = await memberInsert(db, classId, userId, role, joinedAt).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** `INSERT … SELECT` from the class row (none when the class is gone), nothing when a member. */
function memberInsert(db: Executor, classId: string, userId: string, role: string, at: string) {
  return db
    .insertInto('class_members')
    .columns(['class_id', 'user_id', 'role', 'joined_at', 'class_created_at'])
    .expression((eb) =>
      eb
        .selectFrom('classes')
        .select((s) => [
          s.val(classId).as('class_id'),
          s.val(userId).as('user_id'),
          s.val(role).as('role'),
          s.val(at).as('joined_at'),
          'created_at',
        ])
        .where('id', '=', classId),
    )
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing());
}

/**
 * A new member and its `user_actions` record (`action`), both or neither: true when the member was
 * added; false, and nothing written, when they were one already or the class is gone.
 */
export function insertMemberRecorded(
  db: DbHandle,
  member: { classId: string; userId: string; role: string; joinedAt: string },
  action: Insertable<UserActionTable>,
): Promise<boolean> {
  const { classId, userId, role, joinedAt } = member;
  return recordedIf(
    db,
    (e) => memberInsert(e, classId, userId, role, joinedAt).returning(sql<number>`1`.as('one')),
    action,
  );
}

/**
 * Take a student (any role but teacher) out of the class, with its `user_actions` record
 * (`action`), both or neither: true when they were removed; false, and nothing written, when no
 * such student.
 */
export function deleteStudentRecorded(
  db: DbHandle,
  classId: string,
  userId: string,
  action: Insertable<UserActionTable>,
): Promise<boolean> {
  return recordedIf(
    db,
    (e) => studentDelete(e, classId, userId).returning(sql<number>`1`.as('one')),
    action,
  );
}

/** A write that returns one row for each row it changed. */
type ChangeReturningRows = Compilable & { execute(): Promise<unknown[]> };

/**
 * `change` and, when it changed a row, the `action` record — both or neither; true when it changed
 * one. PostgreSQL: ONE statement, atomic by itself (data-modifying CTEs: no BEGIN, no COMMIT — four
 * round trips become one, decision 0048); SQLite (no writes in CTEs): a transaction of the two
 * statements on the one connection (no round trips there).
 */
async function recordedIf(
  db: DbHandle,
  change: (executor: Executor) => ChangeReturningRows,
  action: Insertable<UserActionTable>,
): Promise<boolean> {
  if (db.dialect !== 'postgres') {
    return db.db.transaction().execute(async (trx) => {
      if ((await change(trx).execute()).length === 0) return false;
      await trx.insertInto('user_actions').values(action).execute();
      return true;
    });
  }
  const { rows } = await sql<{ changed: number | string }>`
    with w as (${change(db.db)}),
    a as (insert into user_actions (id, user_id, action, context, "timestamp")
          select ${action.id}, ${action.user_id}, ${action.action}, ${action.context ?? null},
                 ${action.timestamp}
            from w limit 1)
    select count(*) as changed from w
  `.execute(db.db);
  return Number(rows[0]?.changed ?? 0) > 0;
}

export async function setMemberRole(
  db: Executor,
  classId: string,
  userId: string,
  role: MemberRole,
): Promise<void> {
  await db
    .updateTable('class_members')
    .set({ role })
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, classId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('class_members')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Take the user out of the class if they are a student member there (anything stored but
 * 'teacher'); true when they were. A teacher is left alone (the owner and last-teacher rules apply).
 */
export async function deleteStudentMember(
  db: Executor,
  classId: string,
  userId: string,
): Promise<boolean> {
  const deleted = await studentDelete(db, classId, userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** `DELETE` of the membership unless it is a teacher's. */
function studentDelete(db: Executor, classId: string, userId: string) {
  return db
    .deleteFrom('class_members')
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .where('role', '<>', 'teacher');
}

/** The classes the user belongs to, with their title and the user's role (flashcards' class decks). */
export async function selectUserMemberships(
  db: Executor,
  userId: string,
): Promise<Array<{ class_id: string; title: string; role: string }>> {
  return db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.class_id', 'c.title', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('c.title')
    .orderBy('m.class_id')
    .execute();
}

/**
 * The teachers (members with the role `teacher`) of every class `userId` belongs to. Asked by
 * every adaptive-practice request: kept prepared (db/prepared.ts), the role a literal.
 */
const teachersOfUserClasses = preparedQuery<{ userId: string }, { user_id: string }>((db, arg) =>
  db
    .selectFrom('class_members as mine')
    .innerJoin('class_members as t', 't.class_id', 'mine.class_id')
    .select('t.user_id')
    .distinct()
    .where('mine.user_id', '=', sql<string>`cast(${arg('userId')} as text)`)
    .where(sql<boolean>`t.role = 'teacher'`)
    .compile(),
);

export async function selectTeachersOfUserClasses(db: Executor, userId: string): Promise<string[]> {
  const rows = await teachersOfUserClasses.all(db, { userId });
  return rows.map((r) => r.user_id);
}

/** The mean practice target of the classes `userId` studies in (null: none); kept prepared. */
const practiceTarget = preparedQuery<{ userId: string }, { target: number | string | null }>(
  (db, arg) =>
    db
      .selectFrom('class_members as m')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .select((eb) => eb.fn.avg<number | string | null>('c.practice_target').as('target'))
      .where('m.user_id', '=', sql<string>`cast(${arg('userId')} as text)`)
      .where(sql<boolean>`m.role = 'student'`)
      .compile(),
);

export async function selectPracticeTarget(db: Executor, userId: string): Promise<number | null> {
  const [row] = await practiceTarget.all(db, { userId });
  return row?.target === null || row?.target === undefined ? null : Number(row.target);
}

/** Titles of these classes (the ones that still exist). */
/** The classes `userId` owns (archived ones too), by title. */
export async function selectOwnedClasses(
  db: Executor,
  userId: string,
): Promise<Array<{ id: string; title: string }>> {
  return db
    .selectFrom('classes')
    .select(['id', 'title'])
    .where('owner_id', '=', userId)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export async function selectClassTitles(
  db: Executor,
  classIds: readonly string[],
): Promise<Array<{ id: string; title: string }>> {
  if (classIds.length === 0) return [];
  return db.selectFrom('classes').select(['id', 'title']).where('id', 'in', classIds).execute();
}
