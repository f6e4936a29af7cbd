import type { Executor } from '../../db/types.ts';
import { jsonText } from '../../lib/json-text.ts';

/**
 * For "Baixar meus dados": the questions and lists the user wrote (deleted ones left out), every
 * answer they gave (practice and assignments) with the question's text, and their attempts.
 */
export async function selectExercisesForExport(db: Executor, userId: string) {
  const items = await db
    .selectFrom('exercise_items')
    .select(['id', 'kind', 'stem', 'explanation', 'spec', 'created_at', 'updated_at'])
    .where('author_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const sets = await db
    .selectFrom('exercise_sets')
    .select(['id', 'title', 'description', 'entries', 'created_at', 'updated_at'])
    .where('author_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answers = await db
    .selectFrom('item_answers as a')
    .innerJoin('exercise_items as i', 'i.id', 'a.item_id')
    .select([
      'a.item_id',
      'i.stem',
      'a.context',
      'a.attempt_id',
      'a.response',
      'a.correct',
      'a.score',
      'a.duration_ms',
      'a.created_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  const attempts = await db
    .selectFrom('assignment_attempts as t')
    .innerJoin('assignments as s', 's.id', 't.assignment_id')
    .select([
      't.id',
      't.assignment_id',
      's.title',
      't.number',
      't.started_at',
      't.submitted_at',
      't.score',
      't.late',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.started_at')
    .orderBy('t.id')
    .execute();
  return {
    items: items.map((i) => ({ ...i, spec: jsonText(i.spec) })),
    sets: sets.map((s) => ({ ...s, entries: jsonText(s.entries) })),
    answers: answers.map((a) => ({
      ...a,
      response: jsonText(a.response),
      correct: Boolean(Number(a.correct)),
    })),
    attempts: attempts.map((t) => ({
      id: t.id,
      assignment_id: t.assignment_id,
      assignment_title: t.title,
      number: t.number,
      started_at: t.started_at,
      submitted_at: t.submitted_at,
      score: t.score,
      late: Boolean(Number(t.late)),
    })),
  };
}

/**
 * For "Baixar meus dados": the assignments given to the classes the user teaches (by whichever
 * teacher), in class then due-date order (`assignments_class_idx`), bounded by the user's teacher
 * memberships. The account export puts them under each class; students' attempts are not here.
 */
export async function selectTaughtAssignmentsForExport(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('class_members as m')
    .innerJoin('assignments as s', 's.class_id', 'm.class_id')
    .select([
      's.class_id',
      's.id',
      's.set_id',
      's.title',
      's.description',
      's.open_at',
      's.due_at',
      's.attempts_allowed',
      's.created_by',
      's.created_at',
    ])
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'teacher')
    .orderBy('s.class_id')
    .orderBy('s.due_at')
    .orderBy('s.id')
    .execute();
  return rows.map((s) => ({
    class_id: s.class_id,
    id: s.id,
    set_id: s.set_id,
    title: s.title,
    description: s.description,
    open_at: s.open_at,
    due_at: s.due_at,
    attempts_allowed: Number(s.attempts_allowed),
    created_by_me: s.created_by === userId,
    created_at: s.created_at,
  }));
}
