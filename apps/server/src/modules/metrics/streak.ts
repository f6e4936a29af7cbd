import { STREAK_MIN_ACTIONS, type Streak } from '@aprenda/shared/schemas/metrics';
import { addDays, daysBetween } from './days.ts';
import type { DayRow } from './metrics.queries.ts';

/** A day counts for the streak: ≥ STREAK_MIN_ACTIONS reviews + answers, or all due cards cleared. */
export function meaningful(d: Pick<DayRow, 'reviews' | 'answers' | 'cleared'>): boolean {
  return d.reviews + d.answers >= STREAK_MIN_ACTIONS || d.cleared === 1;
}

/**
 * The streak from the student's days (oldest first): `current` counts meaningful days in a row
 * back from today, or from yesterday while today does not count yet; `longest` is the longest
 * run ever. Pure.
 */
export function streakOf(rows: readonly DayRow[], today: string): Streak {
  const counted = new Set(rows.filter((r) => r.day <= today && meaningful(r)).map((r) => r.day));
  const todayRow = rows.find((r) => r.day === today);
  const todayCounts = counted.has(today);
  let current = 0;
  let day = todayCounts ? today : addDays(today, -1);
  while (counted.has(day)) {
    current++;
    day = addDays(day, -1);
  }
  let longest = 0;
  let run = 0;
  let prev: string | null = null;
  for (const d of [...counted].sort()) {
    run = prev !== null && daysBetween(prev, d) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    prev = d;
  }
  return {
    current,
    longest,
    today_counts: todayCounts,
    today_actions: todayRow ? todayRow.reviews + todayRow.answers : 0,
  };
}
