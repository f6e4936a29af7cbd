import type { Executor } from '../../db/types.ts';

/** One student's rollup row, numbers as numbers. */
export interface DayRow {
  day: string;
  reviews: number;
  reviews_passed: number;
  young_reviews: number;
  young_passed: number;
  mature_reviews: number;
  mature_passed: number;
  answers: number;
  answers_correct: number;
  study_ms: number;
  cleared: number;
}

/** The student's days from `from` on, oldest first (bounded by the student: one row a day). */
export async function selectDays(db: Executor, userId: string, from: string): Promise<DayRow[]> {
  const rows = await db
    .selectFrom('activity_days')
    .select([
      'day',
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
    ])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    reviews: Number(r.reviews),
    reviews_passed: Number(r.reviews_passed),
    young_reviews: Number(r.young_reviews),
    young_passed: Number(r.young_passed),
    mature_reviews: Number(r.mature_reviews),
    mature_passed: Number(r.mature_passed),
    answers: Number(r.answers),
    answers_correct: Number(r.answers_correct),
    study_ms: Number(r.study_ms),
    cleared: Number(r.cleared),
  }));
}
