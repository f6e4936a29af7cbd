/**
 * Study-day keys (`YYYY-MM-DD`, docs/api/metrics.md "The day rule"): the calendar date whose 04:00
 * started the study day an instant falls in, in an IANA time zone (UTC when absent) — the
 * flashcards' study day, one rule and one formatter cache for both. Pure.
 */
export { studyDayKey } from '../flashcards/public.ts';

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
