import type { MemberRole } from '@aprenda/shared/constants';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { ClassTable, Executor, Trx } from '../../db/types.ts';

/** A class as access checks and the class page read it. */
export type ClassRow = Pick<
  Selectable<ClassTable>,
  | 'id'
  | 'title'
  | 'description'
  | 'code'
  | 'join_by_code'
  | 'require_socratic'
  | 'practice_target'
  | 'owner_id'
  | 'archived'
  | 'created_at'
  | 'updated_at'
>;

/** A membership role as stored → the API's role (anything but 'teacher' is a student). */
export const asRole = (role: string): MemberRole => (role === 'teacher' ? 'teacher' : 'student');

/** The columns of a ClassRow. */
export const CLASS_ROW_COLUMNS = [
  'id',
  'title',
  'description',
  'code',
  'join_by_code',
  'require_socratic',
  'practice_target',
  'owner_id',
  'archived',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof ClassRow>;

const classColumns = CLASS_ROW_COLUMNS.map((column) => `c.${column}` as const);

/** The class with the user's role in it; undefined when it is gone or the user is no member. */
export async function selectClassForMember(
  db: Executor,
  classId: string,
  userId: string,
): Promise<{ klass: ClassRow; role: MemberRole } | undefined> {
  const row = await db
    .selectFrom('classes as c')
    .innerJoin('class_members as m', (j) =>
      j.onRef('m.class_id', '=', 'c.id').on('m.user_id', '=', userId),
    )
    .select([...classColumns, 'm.role'])
    .where('c.id', '=', classId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { role, ...klass } = row;
  return { klass, role: asRole(role) };
}

/**
 * The class's owner, read with the class row locked (PostgreSQL: `for update`, so membership
 * checks and changes of one class serialise; SQLite has one writer at a time already).
 * Undefined when the class is gone.
 */
export async function lockClassOwner(
  trx: Trx,
  engine: Pick<DbHandle, 'dialect'>,
  classId: string,
): Promise<string | undefined> {
  let q = trx.selectFrom('classes').select('owner_id').where('id', '=', classId);
  if (engine.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row?.owner_id;
}
