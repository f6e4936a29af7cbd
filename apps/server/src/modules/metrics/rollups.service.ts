import { MATURE_INTERVAL_DAYS } from '@aprenda/shared/schemas/metrics';
import type { DbHandle } from '../../db/client.ts';
import type { Executor } from '../../db/types.ts';
import { studyDayKey } from './days.ts';
import {
  addToClassDays,
  addToDay,
  subtractFromClassDays,
  subtractFromDay,
  type RollupWrite,
} from './rollups.queries.ts';

/**
 * The rollup writer (docs/api/metrics.md "Rollups"): what a rating, its undo or a graded answer
 * adds to the student's study day and to the classes it counts for. Always called inside the
 * transaction of the write it counts.
 */

type Engine = Pick<DbHandle, 'dialect'>;
export type { RollupWrite };

/** The study day an activity at `now` counts for, in the request's time zone. */
export function activityDay(now: Date, tz: string | undefined): string {
  return studyDayKey(now, tz ?? 'UTC');
}

/** What a rating was: enough to count it (and, from its log row, to take it back). */
export interface RatingFacts {
  userId: string;
  day: string;
  rating: number;
  /** The item's state before the rating. */
  prevState: string;
  /** Its scheduled interval before the rating (days). */
  intervalBefore: number;
  durationMs: number;
  /** The caller's classes the deck is shared with (not for the deck's owner). */
  classIds: readonly string[];
}

function ratingCounts(f: RatingFacts) {
  const passed = f.rating > 1 ? 1 : 0;
  const inReview = f.prevState === 'review';
  const young = inReview && f.intervalBefore < MATURE_INTERVAL_DAYS ? 1 : 0;
  const mature = inReview && f.intervalBefore >= MATURE_INTERVAL_DAYS ? 1 : 0;
  return {
    userId: f.userId,
    day: f.day,
    reviews: 1,
    reviews_passed: passed,
    young_reviews: young,
    young_passed: young * passed,
    mature_reviews: mature,
    mature_passed: mature * passed,
    study_ms: f.durationMs,
  };
}

/**
 * The writes of one rating (1 statement, 2 when the deck counts for classes), unexecuted: the
 * rating runs them in its own statement (PostgreSQL) or one after the other (SQLite).
 * `cleared`: the rating left no card due before the study day ends (the rule in the docs).
 */
export function ratingWrites(
  db: Executor,
  engine: Engine,
  f: RatingFacts,
  cleared: boolean,
): RollupWrite[] {
  const counts = ratingCounts(f);
  const writes: RollupWrite[] = [
    addToDay(db, engine, { ...counts, answers: 0, answers_correct: 0, cleared: cleared ? 1 : 0 }),
  ];
  if (f.classIds.length > 0) {
    writes.push(
      addToClassDays(db, engine, f.classIds, { ...counts, answers: 0, answers_correct: 0 }),
    );
  }
  return writes;
}

/** The writes taking an undone rating back out of the day it was counted in. */
export function undoWrites(
  db: Executor,
  engine: Engine,
  f: RatingFacts,
  uncleared: boolean,
): RollupWrite[] {
  const counts = ratingCounts(f);
  const writes: RollupWrite[] = [subtractFromDay(db, engine, { ...counts, uncleared })];
  if (f.classIds.length > 0) writes.push(subtractFromClassDays(db, engine, f.classIds, counts));
  return writes;
}

/** Run rollup writes in order (inside the caller's transaction). */
export async function runWrites(writes: readonly RollupWrite[]): Promise<void> {
  for (const w of writes) await w.execute();
}

/** Count one graded answer (practice, or an assignment of `classId`): 1–2 statements. */
export async function countAnswer(
  db: Executor,
  engine: Engine,
  a: {
    userId: string;
    day: string;
    correct: boolean;
    durationMs: number;
    classId: string | null;
  },
): Promise<void> {
  const counts = {
    userId: a.userId,
    day: a.day,
    reviews: 0,
    reviews_passed: 0,
    answers: 1,
    answers_correct: a.correct ? 1 : 0,
    study_ms: a.durationMs,
  };
  await addToDay(db, engine, {
    ...counts,
    young_reviews: 0,
    young_passed: 0,
    mature_reviews: 0,
    mature_passed: 0,
    cleared: 0,
  }).execute();
  if (a.classId !== null) await addToClassDays(db, engine, [a.classId], counts).execute();
}
