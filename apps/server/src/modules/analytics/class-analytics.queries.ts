import { sql } from 'kysely';
import type { DbHandle } from '../../db/client.ts';
import type { Executor } from '../../db/types.ts';

/** The reads of one class's analytics (docs/api/metrics.md "Teacher analytics"). */

const num = (v: unknown): number => Number(v ?? 0);

/** Whether `userId` is a student member of the class. */
export async function isClassStudent(
  db: Executor,
  classId: string,
  userId: string,
): Promise<{ name: string } | undefined> {
  return db
    .selectFrom('class_members as m')
    .innerJoin('user as u', 'u.id', 'm.user_id')
    .select('u.name')
    .where('m.class_id', '=', classId)
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'student')
    .executeTakeFirst();
}

export interface WindowTotals {
  user_id: string;
  active_days: number;
  reviews: number;
  answers: number;
  answers_correct: number;
  study_ms: number;
}

/** A class's rollups per student from `since` (a study day) on. */
export async function selectClassWindow(
  db: Executor,
  classId: string,
  userIds: readonly string[],
  since: string,
): Promise<Map<string, WindowTotals>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('class_activity_days')
    .select((eb) => [
      'user_id',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb('reviews', '+', eb.ref('answers')), '>', 0)
            .then(1)
            .else(0)
            .end(),
        )
        .as('active_days'),
      eb.fn.sum<number>('reviews').as('reviews'),
      eb.fn.sum<number>('answers').as('answers'),
      eb.fn.sum<number>('answers_correct').as('answers_correct'),
      eb.fn.sum<number>('study_ms').as('study_ms'),
    ])
    .where('class_id', '=', classId)
    .where('day', '>=', since)
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        user_id: r.user_id,
        active_days: num(r.active_days),
        reviews: num(r.reviews),
        answers: num(r.answers),
        answers_correct: num(r.answers_correct),
        study_ms: num(r.study_ms),
      },
    ]),
  );
}

/** One student's class days from `since` on, oldest first. */
export async function selectStudentClassDays(
  db: Executor,
  classId: string,
  userId: string,
  since: string,
) {
  const rows = await db
    .selectFrom('class_activity_days')
    .select(['day', 'reviews', 'answers', 'answers_correct', 'study_ms'])
    .where('user_id', '=', userId)
    .where('class_id', '=', classId)
    .where('day', '>=', since)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    reviews: num(r.reviews),
    answers: num(r.answers),
    answers_correct: num(r.answers_correct),
    study_ms: num(r.study_ms),
  }));
}

/** Tutor conversations linked to the class, per student. */
export async function selectConversationCounts(
  db: Executor,
  classId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversations')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', '=', classId)
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, num(r.n)]));
}

/** The students' standing in every catalogue skill they answered. */
export async function selectMastery(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('learner_abilities as la')
    .innerJoin('skills as s', 's.id', 'la.skill_id')
    .select([
      'la.user_id',
      'la.skill_id',
      's.code',
      's.name',
      's.sort_key',
      'la.level',
      'la.ability',
      'la.answer_count',
    ])
    .where('la.user_id', 'in', userIds)
    .where('la.answer_count', '>', 0)
    .orderBy('s.sort_key')
    .orderBy('la.skill_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    ability: Number(r.ability),
    answer_count: num(r.answer_count),
  }));
}

/**
 * Answers and wrong answers per catalogue skill of the class's students since `sinceIso`: their
 * practice and this class's assignments (never another class's), from the (user, created_at, …)
 * index alone (migration 0025). Grouped first, then joined to the skills (a handful of rows); an
 * answer of an assignment counts when its attempt is one of this class's (a set read once), not
 * through a lookup of its attempt and assignment per answer (decision 0038).
 */
export async function selectMissedSkills(
  db: Executor,
  classId: string,
  userIds: readonly string[],
  sinceIso: string,
) {
  if (userIds.length === 0) return [];
  const grouped = db
    .selectFrom('item_answers as ia')
    .select((eb) => [
      'ia.skill_id',
      eb.fn.count<number>('ia.user_id').distinct().as('students'),
      eb.fn.countAll<number>().as('answers'),
      eb.fn.sum<number>(eb.case().when('ia.correct', '=', 0).then(1).else(0).end()).as('wrong'),
    ])
    .where('ia.user_id', 'in', userIds)
    .where('ia.created_at', '>=', sinceIso)
    .where('ia.skill_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('ia.attempt_id', 'is', null),
        eb(
          'ia.attempt_id',
          'in',
          eb
            .selectFrom('assignment_attempts as t')
            .innerJoin('assignments as a', 'a.id', 't.assignment_id')
            .select('t.id')
            .where('a.class_id', '=', classId),
        ),
      ]),
    )
    .groupBy('ia.skill_id');
  const rows = await db
    .selectFrom(grouped.as('g'))
    .innerJoin('skills as s', 's.id', 'g.skill_id')
    .select(['g.skill_id', 's.code', 's.name', 'g.students', 'g.answers', 'g.wrong'])
    .execute();
  return rows.map((r) => ({
    skill_id: r.skill_id,
    code: r.code,
    name: r.name,
    students: num(r.students),
    answers: num(r.answers),
    wrong: num(r.wrong),
  }));
}

/** The decks shared with the class. */
export async function selectClassDecks(db: Executor, classId: string) {
  return db
    .selectFrom('deck_shares as ds')
    .innerJoin('decks as d', 'd.id', 'ds.deck_id')
    .select(['d.id', 'd.title', 'd.card_count'])
    .where('ds.class_id', '=', classId)
    .orderBy('d.title')
    .orderBy('d.id')
    .execute();
}

/** Items (not deleted) per deck. */
export async function selectDeckItemCounts(
  db: Executor,
  deckIds: readonly string[],
): Promise<Map<string, number>> {
  if (deckIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('flashcard_items')
    .select(['deck_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deck_id', 'in', deckIds)
    .where('deleted', '=', 0)
    .groupBy('deck_id')
    .execute();
  return new Map(rows.map((r) => [r.deck_id, num(r.n)]));
}

export interface Curve {
  decay: number;
  factor: number;
}

/**
 * Per deck, the sum over the students' memories of its items (not deleted) of their
 * retrievability at `atIso`: R = (1 + factor · t / S) ^ decay with t the days since the last
 * review (0 for an item never reviewed), each student's curve from `curves` (else `fallback`).
 * One aggregate over the (user_id, deck_id) index, whatever the deck's size.
 */
export async function selectDeckRecallSums(
  db: Executor,
  engine: Pick<DbHandle, 'dialect'>,
  deckIds: readonly string[],
  userIds: readonly string[],
  atIso: string,
  curves: ReadonlyMap<string, Curve>,
  fallback: Curve,
): Promise<Map<string, number>> {
  if (deckIds.length === 0 || userIds.length === 0) return new Map();
  const real = (v: number) => sql<number>`cast(${v} as double precision)`;
  const perUser = (pick: (c: Curve) => number) =>
    curves.size === 0
      ? real(pick(fallback))
      : sql<number>`(case user_id ${sql.join(
          [...curves].map(([id, c]) => sql`when ${id} then ${real(pick(c))}`),
          sql` `,
        )} else ${real(pick(fallback))} end)`;
  const days =
    engine.dialect === 'postgres'
      ? sql<number>`greatest(extract(epoch from (cast(${atIso} as timestamptz) - cast(last_review as timestamptz))) / 86400.0, 0)`
      : sql<number>`max(julianday(${atIso}) - julianday(last_review), 0)`;
  const r = sql<number>`case when state <> 'new' and last_review is not null and stability > 0
    then power(1 + ${perUser((c) => c.factor)} * ${days} / stability, ${perUser((c) => c.decay)})
    else 0 end`;
  const rows = await db
    .selectFrom('flashcard_states')
    .select(['deck_id', sql<number>`sum(${r})`.as('recall')])
    .where('user_id', 'in', userIds)
    .where('deck_id', 'in', deckIds)
    .where('deleted', '=', 0)
    .groupBy('deck_id')
    .execute();
  return new Map(rows.map((row) => [row.deck_id, Number(row.recall ?? 0)]));
}

/** The students' fitted FSRS weights (students without any are absent). */
export async function selectFittedWeights(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, number[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('fsrs_parameters')
    .select(['user_id', 'weights'])
    .where('user_id', 'in', userIds)
    .where('weights', 'is not', null)
    .execute();
  const out = new Map<string, number[]>();
  for (const r of rows) {
    try {
      const w = JSON.parse(r.weights!) as unknown;
      if (Array.isArray(w) && w.every((x) => typeof x === 'number')) out.set(r.user_id, w);
    } catch {
      // unusable weights: the defaults
    }
  }
  return out;
}
