/**
 * Numbers and dates of the analytics, through `Intl` in the chosen language. Study days are
 * `YYYY-MM-DD` (04:00 to 04:00 in the viewer's time zone, as the server counts them); instants are
 * shown in the viewer's time zone.
 */

/** A study day starts at 04:00 (flashcards' "today"). */
const DAY_START_HOURS = 4;

/** The study day `now` falls in, in `tz` (`YYYY-MM-DD`). */
export function studyDay(now: Date, tz: string): string {
  const shifted = new Date(now.getTime() - DAY_START_HOURS * 3_600_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(shifted);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function dayMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / 86_400_000);
}

/** A study day as a date ("15/11/2026", or with `options`), whatever the time zone. */
export function formatDay(
  day: string,
  lang: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }).format(
    new Date(dayMs(day) + 12 * 3_600_000),
  );
}

/**
 * The date to show next to `relativeDay` for a last activity, or null for "hoje" and "ontem": a
 * study day runs from 04:00, so between midnight and 04:00 today's date would read as the day
 * before, next to a hand-in dated after midnight.
 */
export function lastActiveDate(day: string, today: string, lang: string): string | null {
  return daysBetween(day, today) <= 1 ? null : formatDay(day, lang);
}

/** How long ago a study day was, in words ("hoje", "ontem", "há 9 dias"). */
export function relativeDay(day: string, today: string, lang: string): string {
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(
    -Math.max(0, daysBetween(day, today)),
    'day',
  );
}

/** `formatInstant`'s date and time form ("26/11/2025, 14:30"). */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/** An instant in the viewer's time zone ("qua., 26/11"; `options` for another form). */
export function formatInstant(
  iso: string,
  lang: string,
  tz: string,
  options: Intl.DateTimeFormatOptions = { weekday: 'short', day: '2-digit', month: '2-digit' },
): string {
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: tz }).format(new Date(iso));
}

/** A 0–1 share as a whole percentage ("72%"). */
export function formatPercent(share: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** An ability (logits) with one decimal ("1,2", "−0,4"). */
export function formatAbility(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value,
  );
}

/** answers_correct / answers, or null with no answer. */
export function accuracy(row: { answers: number; answers_correct: number }): number | null {
  return row.answers > 0 ? row.answers_correct / row.answers : null;
}
