import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/** The reads of "Hoje" of its own (the rest are the attention reads). */

/** The classes `userId` teaches (not archived), by title. */
export async function selectTaughtClasses(db: Executor, userId: string) {
  return db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['c.id', 'c.title'])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'teacher')
    .where('c.archived', '=', 0)
    .orderBy('c.title')
    .orderBy('c.id')
    .execute();
}

/** Whether `userId` holds a teacher membership in any class (archived ones too). */
export async function hasTeacherMembership(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('class_members')
    .select(sql<number>`1`.as('one'))
    .where('user_id', '=', userId)
    .where('role', '=', 'teacher')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
