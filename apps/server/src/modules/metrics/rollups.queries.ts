import { sql } from 'kysely';
import { DAY_MS } from '@aprenda/shared/schemas/metrics';
import type { DbHandle } from '../../db/client.ts';
import type { Executor } from '../../db/types.ts';

/**
 * The rollup writes (docs/api/metrics.md): built here, run by the caller inside the transaction of
 * the rating or answer they count — on PostgreSQL a rating appends them to its one statement as
 * data-modifying CTEs, so they are returned unexecuted.
 */

type Engine = Pick<DbHandle, 'dialect'>;

/**
 * The counters of a student's day (`activity_days`), as the rollups write them and the metrics read
 * them; `cleared` is 1 when the day was cleared (see the metrics service).
 */
export const DAY_COUNTS = [
  'reviews',
  'reviews_passed',
  'young_reviews',
  'young_passed',
  'mature_reviews',
  'mature_passed',
  'answers',
  'answers_correct',
  'study_ms',
  'cleared',
] as const;

export type DayCounts = Record<(typeof DAY_COUNTS)[number], number>;

export interface DayDelta extends DayCounts {
  userId: string;
  day: string;
}

const fn = (engine: Engine, name: 'least' | 'greatest') =>
  sql.raw(engine.dialect === 'postgres' ? name : name === 'least' ? 'min' : 'max');

/** Add a delta to the student's day (inserted when it is the day's first). */
export function addToDay(db: Executor, engine: Engine, d: DayDelta) {
  const least = fn(engine, 'least');
  const greatest = fn(engine, 'greatest');
  const add = (col: string) =>
    sql<number>`${sql.ref(`activity_days.${col}`)} + ${sql.ref(`excluded.${col}`)}`;
  return db
    .insertInto('activity_days')
    .values({
      user_id: d.userId,
      day: d.day,
      reviews: d.reviews,
      reviews_passed: d.reviews_passed,
      young_reviews: d.young_reviews,
      young_passed: d.young_passed,
      mature_reviews: d.mature_reviews,
      mature_passed: d.mature_passed,
      answers: d.answers,
      answers_correct: d.answers_correct,
      study_ms: Math.min(d.study_ms, DAY_MS),
      cleared: d.cleared,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        reviews: add('reviews'),
        reviews_passed: add('reviews_passed'),
        young_reviews: add('young_reviews'),
        young_passed: add('young_passed'),
        mature_reviews: add('mature_reviews'),
        mature_passed: add('mature_passed'),
        answers: add('answers'),
        answers_correct: add('answers_correct'),
        study_ms: sql<number>`${least}(${add('study_ms')}, ${sql.lit(DAY_MS)})`,
        cleared: sql<number>`${greatest}(activity_days.cleared, excluded.cleared)`,
      }),
    );
}

/** Add a delta to the student's day in each class (one statement for all of them). */
export function addToClassDays(
  db: Executor,
  engine: Engine,
  classIds: readonly string[],
  d: Pick<
    DayDelta,
    'userId' | 'day' | 'reviews' | 'reviews_passed' | 'answers' | 'answers_correct' | 'study_ms'
  >,
) {
  const least = fn(engine, 'least');
  const add = (col: string) =>
    sql<number>`${sql.ref(`class_activity_days.${col}`)} + ${sql.ref(`excluded.${col}`)}`;
  return db
    .insertInto('class_activity_days')
    .values(
      classIds.map((classId) => ({
        class_id: classId,
        user_id: d.userId,
        day: d.day,
        reviews: d.reviews,
        reviews_passed: d.reviews_passed,
        answers: d.answers,
        answers_correct: d.answers_correct,
        study_ms: Math.min(d.study_ms, DAY_MS),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['class_id', 'day', 'user_id']).doUpdateSet({
        reviews: add('reviews'),
        reviews_passed: add('reviews_passed'),
        answers: add('answers'),
        answers_correct: add('answers_correct'),
        study_ms: sql<number>`${least}(${add('study_ms')}, ${sql.lit(DAY_MS)})`,
      }),
    );
}

/**
 * Take an undone rating back out of the day it was counted in (only rows that exist: nothing is
 * inserted). `uncleared`: the card it restores is due again that day, so the day is not cleared.
 */
export function subtractFromDay(
  db: Executor,
  engine: Engine,
  d: Omit<DayDelta, 'cleared' | 'answers' | 'answers_correct'> & { uncleared: boolean },
) {
  const greatest = fn(engine, 'greatest');
  const sub = (col: string, n: number) =>
    sql<number>`${greatest}(${sql.ref(col)} - ${sql.lit(n)}, 0)`;
  return db
    .updateTable('activity_days')
    .set({
      reviews: sub('reviews', d.reviews),
      reviews_passed: sub('reviews_passed', d.reviews_passed),
      young_reviews: sub('young_reviews', d.young_reviews),
      young_passed: sub('young_passed', d.young_passed),
      mature_reviews: sub('mature_reviews', d.mature_reviews),
      mature_passed: sub('mature_passed', d.mature_passed),
      study_ms: sub('study_ms', Math.min(d.study_ms, DAY_MS)),
      ...(d.uncleared ? { cleared: 0 } : {}),
    })
    .where('user_id', '=', d.userId)
    .where('day', '=', d.day);
}

/** The class side of an undo: the classes' rows of that day, where they exist. */
export function subtractFromClassDays(
  db: Executor,
  engine: Engine,
  classIds: readonly string[],
  d: Pick<DayDelta, 'userId' | 'day' | 'reviews' | 'reviews_passed' | 'study_ms'>,
) {
  const greatest = fn(engine, 'greatest');
  const sub = (col: string, n: number) =>
    sql<number>`${greatest}(${sql.ref(col)} - ${sql.lit(n)}, 0)`;
  return db
    .updateTable('class_activity_days')
    .set({
      reviews: sub('reviews', d.reviews),
      reviews_passed: sub('reviews_passed', d.reviews_passed),
      study_ms: sub('study_ms', Math.min(d.study_ms, DAY_MS)),
    })
    .where('user_id', '=', d.userId)
    .where('day', '=', d.day)
    .where('class_id', 'in', [...classIds]);
}

export type RollupWrite =
  | ReturnType<typeof addToDay>
  | ReturnType<typeof addToClassDays>
  | ReturnType<typeof subtractFromDay>
  | ReturnType<typeof subtractFromClassDays>;
