import type { Executor } from '../../db/types.ts';

/**
 * The reads shared by the class view and "Hoje" (docs/api/metrics.md): students of classes, last
 * active days, assignments and attempts, the abilities that may raise a flag, next events. A
 * read-only reporting module: it reads the rollups and the records of classes, assignments, the
 * learner model, flashcards and conversations directly, each statement bounded by a class (or a
 * teacher's classes) and its students — a handful of statements, never one per student.
 */

const num = (v: unknown): number => Number(v ?? 0);

export interface StudentRow {
  class_id: string;
  user_id: string;
  name: string;
}

/** The student members of these classes, by name. */
export async function selectClassStudents(
  db: Executor,
  classIds: readonly string[],
): Promise<StudentRow[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select(['m.class_id', 'm.user_id', 'u.name'])
    .where('m.class_id', 'in', classIds)
    .where('m.role', '=', 'student')
    .orderBy('u.name')
    .orderBy('m.user_id')
    .execute();
}

/**
 * Each user's last study day with any activity (users never active are absent): one backwards
 * seek of the (user_id, day) key per user, stopping at the first day with a review or answer.
 */
export async function selectLastActive(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user as u')
    .select((eb) => [
      'u.id',
      eb
        .selectFrom('activity_days as d')
        .select('d.day')
        .whereRef('d.user_id', '=', 'u.id')
        .where((w) => w(w('d.reviews', '+', w.ref('d.answers')), '>', 0))
        .orderBy('d.day', 'desc')
        .limit(1)
        .as('last'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) if (r.last) out.set(r.id, r.last);
  return out;
}

export interface AssignmentHead {
  id: string;
  class_id: string;
  title: string;
  open_at: string;
  due_at: string;
}

/** The assignments of these classes, by due date. */
export async function selectAssignments(
  db: Executor,
  classIds: readonly string[],
): Promise<AssignmentHead[]> {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('assignments')
    .select(['id', 'class_id', 'title', 'open_at', 'due_at'])
    .where('class_id', 'in', classIds)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
}

/** One student's attempts at some assignments, folded. */
export interface AttemptStats {
  assignment_id: string;
  user_id: string;
  attempts: number;
  submitted: number;
  /** Some attempt was handed in by the due date. */
  on_time: boolean;
  /** The best handed-in score, or null. */
  best_score: number | null;
  first_submitted_at: string | null;
  /** Attempts handed in at or after `recentSince`. */
  recent_submissions: number;
}

/** Attempts per assignment and student (from the (assignment, user, number) unique index). */
export async function selectAttemptStats(
  db: Executor,
  assignmentIds: readonly string[],
  recentSince: string,
  userId?: string,
): Promise<AttemptStats[]> {
  if (assignmentIds.length === 0) return [];
  let q = db
    .selectFrom('assignment_attempts')
    .select((eb) => [
      'assignment_id',
      'user_id',
      eb.fn.countAll<number>().as('attempts'),
      eb.fn.count<number>('submitted_at').as('submitted'),
      eb.fn
        .max<number>(
          eb
            .case()
            .when(eb.and([eb('submitted_at', 'is not', null), eb('late', '=', 0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('on_time'),
      eb.fn
        .max<number | null>(
          eb.case().when('submitted_at', 'is not', null).then(eb.ref('score')).end(),
        )
        .as('best_score'),
      eb.fn.min<string | null>('submitted_at').as('first_submitted_at'),
      eb.fn
        .sum<number>(eb.case().when('submitted_at', '>=', recentSince).then(1).else(0).end())
        .as('recent_submissions'),
    ])
    .where('assignment_id', 'in', assignmentIds);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const rows = await q.groupBy(['assignment_id', 'user_id']).execute();
  return rows.map((r) => ({
    assignment_id: r.assignment_id,
    user_id: r.user_id,
    attempts: num(r.attempts),
    submitted: num(r.submitted),
    on_time: num(r.on_time) === 1,
    best_score: r.best_score === null ? null : Number(r.best_score),
    first_submitted_at: r.first_submitted_at ?? null,
    recent_submissions: num(r.recent_submissions),
  }));
}

export interface AbilitySignal {
  user_id: string;
  skill_id: string;
  name: string;
  ability: number;
  recent: string;
  updated_at: string;
  /** The ability before the first answer in the skill at or after `since`, or null. */
  first_before: number | null;
}

/**
 * The students' abilities that may raise a flag: moved since `since` (falling) or whose recent
 * results end with `wrongInARow` wrong answers (stuck). Skills of the catalogue only (not '*').
 * The first ability of the window comes from one seek of (user, skill, created_at) per row.
 */
export async function selectAbilitySignals(
  db: Executor,
  userIds: readonly string[],
  since: string,
  wrongInARow: number,
): Promise<AbilitySignal[]> {
  if (userIds.length === 0) return [];
  const stuckTail = `%${'0,'.repeat(Math.max(0, wrongInARow - 1))}0]`;
  const rows = await db
    .selectFrom('learner_abilities as la')
    .innerJoin('skills as s', 's.id', 'la.skill_id')
    .select((eb) => [
      'la.user_id',
      'la.skill_id',
      's.name',
      'la.ability',
      'la.recent',
      'la.updated_at',
      eb
        .selectFrom('item_answers as ia')
        .select('ia.ability_before')
        .whereRef('ia.user_id', '=', 'la.user_id')
        .whereRef('ia.skill_id', '=', 'la.skill_id')
        .where('ia.created_at', '>=', since)
        .orderBy('ia.created_at')
        .orderBy('ia.id')
        .limit(1)
        .as('first_before'),
    ])
    .where('la.user_id', 'in', userIds)
    .where((eb) => eb.or([eb('la.updated_at', '>=', since), eb('la.recent', 'like', stuckTail)]))
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    skill_id: r.skill_id,
    name: r.name,
    ability: Number(r.ability),
    recent: r.recent,
    updated_at: r.updated_at,
    first_before: r.first_before === null ? null : Number(r.first_before),
  }));
}

/**
 * The next events of these classes, soonest first: starting after `nowIso`, or still going on —
 * an all-day event is stored at the UTC midnight of its day, which west of UTC is the evening
 * before: it must not drop out of "Próximos eventos" on its own day.
 */
export async function selectNextEvents(
  db: Executor,
  classIds: readonly string[],
  nowIso: string,
  limit: number,
) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('class_events as e')
    .innerJoin('classes as c', 'c.id', 'e.class_id')
    .select(['e.id', 'e.class_id', 'c.title as class_name', 'e.title', 'e.starts_at', 'e.all_day'])
    .where('e.class_id', 'in', classIds)
    .where((eb) => eb.or([eb('e.starts_at', '>', nowIso), eb('e.range_end', '>', nowIso)]))
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}
