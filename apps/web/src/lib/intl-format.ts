/**
 * Numbers, days, times and durations through `Intl`, in the language in use. A study day
 * (`YYYY-MM-DD`) is a calendar date, not an instant: it is formatted in UTC so no time zone moves
 * it to the day before. Instants (ISO timestamps) are formatted in the given time zone.
 */

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a study day, or NaN for a malformed one. */
export function dayToDate(day: string): Date {
  const m = DAY_RE.exec(day);
  if (!m) return new Date(Number.NaN);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** "12/11" (pt-BR) or "11/12" (en): a study day, short. */
export function formatDayShort(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(dayToDate(day));
}

/** "12 de nov. de 2026" / "Nov 12, 2026": a study day, medium. */
export function formatDayMedium(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    dayToDate(day),
  );
}

/** "qui., 12/11" / "Thu, 11/12": a study day with its weekday (tables). */
export function formatDayWithWeekday(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(dayToDate(day));
}

/**
 * The hour as the language writes it in a short time: "6:00 PM" where the clock has 12 hours
 * (never "06:00 PM"), "09:05" where it has 24 — as `timeStyle: 'short'` does.
 */
export function hourDigits(language: string): 'numeric' | '2-digit' {
  const cycle = new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11' ? 'numeric' : '2-digit';
}

/** An instant (ISO string) as date and time in a time zone ("12 de nov., 14:30"). */
export function formatInstant(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      hour: hourDigits(language),
      minute: '2-digit',
      timeZone,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    );
  }
}

export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits }).format(value);
}

/** 0.873 → "87%" (or "87,3%" with one digit). */
export function formatPercent(value: number, language: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits }).format(value);
}

/**
 * A duration in the largest sensible units: "45 s", "12 min", "1 h 5 min" (Intl unit formatting,
 * so "1 h e 5 min" is never invented). Under a second counts as 0 min.
 */
export function formatDuration(ms: number, language: string): string {
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  if (totalSeconds < 60)
    return totalSeconds === 0 ? unit(0, 'minute') : unit(totalSeconds, 'second');
  const totalMinutes = Math.round(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return unit(minutes, 'minute');
  return minutes === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}

/** Minutes as a number with one decimal at most (chart values of study time). */
export function msToMinutes(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/**
 * When an event starts, short: "2 de dez., 14:00" in the time zone, or only "2 de dez." for an
 * all-day event — stored at the UTC midnight of its day, so formatted in UTC (in São Paulo it
 * would otherwise read "1 de dez., 21:00").
 */
export function formatEventStart(
  event: { starts_at: string; all_day: boolean },
  language: string,
  timeZone?: string,
): string {
  if (!event.all_day) return formatInstant(event.starts_at, language, timeZone);
  const date = new Date(event.starts_at);
  if (Number.isNaN(date.getTime())) return event.starts_at;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}
