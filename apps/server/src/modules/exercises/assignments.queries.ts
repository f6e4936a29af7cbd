import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AssignmentAttemptTable,
  AssignmentTable,
  Executor,
  ExerciseItemTable,
  ExerciseSetTable,
} from '../../db/types.ts';
import { keysetAfter } from '../../lib/cursor.ts';
import { inPool, type ItemRow } from './items.queries.ts';

/** Statements of sets, assignments and attempts (migration 0018). */

export type SetRow = Selectable<ExerciseSetTable>;
export type AssignmentRow = Selectable<AssignmentTable>;
export type AttemptRow = Selectable<AssignmentAttemptTable>;

// ── Sets ──

export async function insertSet(db: Executor, row: Insertable<ExerciseSetTable>): Promise<void> {
  await db.insertInto('exercise_sets').values(row).execute();
}

export async function selectSet(db: Executor, id: string): Promise<SetRow | undefined> {
  return db
    .selectFrom('exercise_sets')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function updateSetRow(
  db: Executor,
  id: string,
  values: Updateable<ExerciseSetTable>,
): Promise<void> {
  await db.updateTable('exercise_sets').set(values).where('id', '=', id).execute();
}

export async function selectAuthorSetPage(
  db: Executor,
  authorId: string,
  after: { created_at: string; id: string } | null,
  limit: number,
): Promise<SetRow[]> {
  let q = db
    .selectFrom('exercise_sets')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null);
  if (after) {
    q = q.where((eb) =>
      keysetAfter(eb, 'desc', [
        ['created_at', after.created_at],
        ['id', after.id],
      ]),
    );
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Kinds and stems of items (live or not), for the set and result screens. */
export async function selectItemHeads(
  db: Executor,
  ids: readonly string[],
): Promise<Pick<ItemRow, 'id' | 'kind' | 'stem' | 'author_id' | 'public' | 'deleted_at'>[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('exercise_items')
    .select(['id', 'kind', 'stem', 'author_id', 'public', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
}

// ── Assignments ──

export async function insertAssignment(
  db: Executor,
  row: Insertable<AssignmentTable>,
): Promise<void> {
  await db.insertInto('assignments').values(row).execute();
}

export async function selectAssignment(
  db: Executor,
  id: string,
): Promise<(AssignmentRow & { class_title: string }) | undefined> {
  return db
    .selectFrom('assignments as a')
    .innerJoin('classes as c', 'c.id', 'a.class_id')
    .selectAll('a')
    .select('c.title as class_title')
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Which of `eventIds` are due dates of assignments of the class. */
export async function assignmentEventIds(
  db: Executor,
  classId: string,
  eventIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('assignments')
    .select('event_id')
    .where('class_id', '=', classId)
    .where('event_id', 'in', [...eventIds])
    .execute();
  return new Set(rows.flatMap((r) => (r.event_id ? [r.event_id] : [])));
}

/** The teacher's change of dates or attempts (PATCH /assignments/{id}), or a new event. */
export async function updateAssignmentRow(
  db: Executor,
  id: string,
  patch: Pick<Updateable<AssignmentTable>, 'open_at' | 'due_at' | 'attempts_allowed' | 'event_id'>,
): Promise<void> {
  await db.updateTable('assignments').set(patch).where('id', '=', id).execute();
}

/**
 * Each handed-in attempt late exactly when it was handed in after `dueAt` (a moved due date; ISO
 * UTC texts compare as instants).
 */
export async function markLateAgainst(db: Executor, id: string, dueAt: string): Promise<void> {
  await db
    .updateTable('assignment_attempts')
    .set((eb) => ({ late: eb.case().when('submitted_at', '>', dueAt).then(1).else(0).end() }))
    .where('assignment_id', '=', id)
    .where('submitted_at', 'is not', null)
    .execute();
}

export async function deleteAssignmentRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('assignments').where('id', '=', id).execute();
}

/** Assignments of these classes, by due date. */
export async function selectClassAssignments(
  db: Executor,
  classIds: readonly string[],
): Promise<(AssignmentRow & { class_title: string })[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('assignments as a')
    .innerJoin('classes as c', 'c.id', 'a.class_id')
    .selectAll('a')
    .select('c.title as class_title')
    .where('a.class_id', 'in', classIds)
    .orderBy('a.due_at')
    .orderBy('a.id')
    .execute();
}

// ── Attempts ──

/** The item ids of an attempt, in the order the student got them. */
export function attemptItemIds(row: Pick<AttemptRow, 'item_ids'>): string[] {
  try {
    const v = JSON.parse(row.item_ids) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export async function insertAttempt(
  db: Executor,
  row: Insertable<AssignmentAttemptTable>,
): Promise<void> {
  await db.insertInto('assignment_attempts').values(row).execute();
}

export async function selectAttempt(db: Executor, id: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('assignment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectUserAttempts(
  db: Executor,
  userId: string,
  assignmentIds: readonly string[],
): Promise<AttemptRow[]> {
  if (assignmentIds.length === 0) return [];
  return db
    .selectFrom('assignment_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('assignment_id', 'in', assignmentIds)
    .orderBy('number')
    .execute();
}

export async function selectAssignmentAttempts(
  db: Executor,
  assignmentId: string,
): Promise<AttemptRow[]> {
  return db
    .selectFrom('assignment_attempts')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('user_id')
    .orderBy('number')
    .execute();
}

export async function submitAttemptRow(
  db: Executor,
  id: string,
  values: { submitted_at: string; score: number; late: number },
): Promise<boolean> {
  const res = await db
    .updateTable('assignment_attempts')
    .set(values)
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Every answer of these attempts, oldest first (the last one per item counts). */
export async function selectAttemptAnswers(
  db: Executor,
  attemptIds: readonly string[],
): Promise<
  {
    id: string;
    attempt_id: string | null;
    user_id: string;
    item_id: string;
    response: string;
    correct: number;
    score: number;
    created_at: string;
    flashcard_deck_id: string | null;
  }[]
> {
  if (attemptIds.length === 0) return [];
  return db
    .selectFrom('item_answers')
    .select([
      'id',
      'attempt_id',
      'user_id',
      'item_id',
      'response',
      'correct',
      'score',
      'created_at',
      'flashcard_deck_id',
    ])
    .where('attempt_id', 'in', attemptIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The deck the answer's automatic flashcard went to (shown again after a reload). */
export async function setAnswerFlashcardDeck(
  db: Executor,
  answerId: string,
  deckId: string,
): Promise<void> {
  await db
    .updateTable('item_answers')
    .set({ flashcard_deck_id: deckId })
    .where('id', '=', answerId)
    .execute();
}

export async function setAnswerAbility(
  db: Executor,
  userId: string,
  id: string,
  before: number,
  after: number,
): Promise<void> {
  await db
    .updateTable('item_answers')
    .set({ ability_before: before, ability_after: after })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Items the student has answered before (assignment or practice): draws avoid them. */
export async function selectAnsweredItemIds(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('item_answers')
    .select('item_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

/** Live items of a skill written by `authorIds` or public (a draw's pool). */
export async function selectSkillPoolIds(
  db: Executor,
  skillId: string,
  authorIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('exercise_items')
    .select('id')
    .where('skill_id', '=', skillId)
    .where('deleted_at', 'is', null)
    .where((eb) => inPool(eb, authorIds))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Items by id with everything grading needs. */
export async function selectItemsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<Selectable<ExerciseItemTable>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('exercise_items').selectAll().where('id', 'in', ids).execute();
}
