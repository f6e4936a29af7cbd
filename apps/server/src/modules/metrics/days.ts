import { STUDY_DAY_START_HOUR } from '@aprenda/shared/schemas/flashcards';

/**
 * Study-day keys (`YYYY-MM-DD`, docs/api/metrics.md "The day rule"): the calendar date whose 04:00
 * started the study day an instant falls in, in an IANA time zone (UTC when absent). Pure.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

/** The study day `instant` falls in, in `tz`. */
export function studyDayKey(instant: Date, tz = 'UTC'): string {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const hour = parts.hour! % 24;
  const date = new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day! - (hour < STUDY_DAY_START_HOUR ? 1 : 0)),
  );
  return date.toISOString().slice(0, 10);
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
