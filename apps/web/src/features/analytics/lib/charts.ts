import type { StudentActivityRow } from '@aprenda/shared/schemas/metrics';

/**
 * The figures behind the class's charts (no JSX): students by mean score in bands of 20 points,
 * and each student's reviews and answers.
 */

export const SCORE_BANDS = 5;

export interface ScoreBand {
  /** Lower and upper bound in percent ([0, 20], …, [80, 100]). */
  from: number;
  to: number;
  students: number;
}

/**
 * Students with a mean score, by band: [0, 20), [20, 40), …, [80, 100] (100% goes in the last).
 * `unscored`: those who handed nothing in yet.
 */
export function scoreBands(rows: readonly Pick<StudentActivityRow, 'mean_score'>[]): {
  bands: ScoreBand[];
  scored: number;
  unscored: number;
  mean: number | null;
} {
  const bands: ScoreBand[] = Array.from({ length: SCORE_BANDS }, (_, i) => ({
    from: i * 20,
    to: i * 20 + 20,
    students: 0,
  }));
  let scored = 0;
  let sum = 0;
  for (const row of rows) {
    if (row.mean_score === null) continue;
    const share = Math.min(1, Math.max(0, row.mean_score));
    const index = Math.min(SCORE_BANDS - 1, Math.floor(share * SCORE_BANDS + 1e-9));
    bands[index]!.students += 1;
    scored += 1;
    sum += share;
  }
  return { bands, scored, unscored: rows.length - scored, mean: scored > 0 ? sum / scored : null };
}

/** The student with the most reviews + answers (null when nobody did anything). */
export function mostActive(
  rows: readonly Pick<StudentActivityRow, 'name' | 'reviews' | 'answers'>[],
): { name: string; actions: number } | null {
  let best: { name: string; actions: number } | null = null;
  for (const row of rows) {
    const actions = row.reviews + row.answers;
    if (actions > 0 && (best === null || actions > best.actions))
      best = { name: row.name, actions };
  }
  return best;
}

/** Totals of a list of days (reviews, answers, correct) and the days with any activity. */
export function dayTotals(
  days: readonly { reviews: number; answers: number; answers_correct: number }[],
): { reviews: number; answers: number; correct: number; activeDays: number } {
  return days.reduce(
    (acc, d) => ({
      reviews: acc.reviews + d.reviews,
      answers: acc.answers + d.answers,
      correct: acc.correct + d.answers_correct,
      activeDays: acc.activeDays + (d.reviews + d.answers > 0 ? 1 : 0),
    }),
    { reviews: 0, answers: 0, correct: 0, activeDays: 0 },
  );
}
