/**
 * Dates of assignments in words, through `Intl` in the current language and the browser's time
 * zone: "amanhã" / "em 3 dias" near today, "12 de dezembro" further away, and the time of day.
 */

/** How many calendar days (in the browser's time zone) `target` is after `now` (negative: before). */
export function calendarDayDiff(target: Date, now: Date): number {
  const a = Date.UTC(target.getFullYear(), target.getMonth(), target.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((a - b) / 86_400_000);
}

/** Days either side of today said in words ("amanhã", "em 3 dias", "há 2 dias"). */
const NEAR_DAYS = 6;

export interface DayParts {
  /** 'near': `day` is relative ("amanhã"); 'date': `day` is a date ("12 de dezembro"). */
  kind: 'near' | 'date';
  day: string;
  time: string;
  past: boolean;
}

export function dayParts(iso: string, now: Date, lang: string): DayParts {
  const date = new Date(iso);
  const diff = calendarDayDiff(date, now);
  // The language's own short time, as everywhere else ("6:00 PM", "18:00"), not "06:00 PM".
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(date);
  const past = date.getTime() < now.getTime();
  if (Math.abs(diff) <= NEAR_DAYS) {
    const day = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(diff, 'day');
    return { kind: 'near', day, time, past };
  }
  const day = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'long',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
  return { kind: 'date', day, time, past };
}

/** The full date and time ("terça-feira, 26 de novembro de 2026 às 23:59"). */
export function fullDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A short date and time ("26/11/2026, 23:59"). */
export function shortDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );
}
