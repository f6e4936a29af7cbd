import { STUDY_DAY_START_HOUR } from '@aprenda/shared/schemas/flashcards';

/**
 * The study day: from 04:00 to the next 04:00 in the student's time zone (an IANA name; UTC when
 * absent), as Anki's "next day starts at". Pure; time zones through Intl (DST included: a day may
 * last 23 or 25 hours).
 */
export interface StudyDay {
  start: Date;
  end: Date;
}

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
      minute: 'numeric',
      second: 'numeric',
    });
    // Bounded: a zone name is validated before it gets here, and there are a few hundred zones.
    if (formatters.size > 1000) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

function wallTime(instant: number, tz: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    y: parts.year!,
    m: parts.month!,
    d: parts.day!,
    h: parts.hour! % 24,
    mi: parts.minute!,
    s: parts.second!,
  };
}

/** The calendar date whose 04:00 started the study day of wall time `w` (as UTC midnight). */
function startDate(w: Wall): Date {
  return new Date(Date.UTC(w.y, w.m - 1, w.d - (w.h < STUDY_DAY_START_HOUR ? 1 : 0)));
}

/**
 * The study day `instant` falls in, in `tz`, as its key (`YYYY-MM-DD`, docs/api/metrics.md "The
 * day rule"): the calendar date whose 04:00 started it.
 */
export function studyDayKey(instant: Date, tz = 'UTC'): string {
  const t = instant.getTime();
  const last = lastDays.get(tz);
  if (last && t >= last.start && t < last.end) return last.key;
  studyDay(instant, tz);
  return lastDays.get(tz)!.key;
}

/** The zone's offset from UTC at `instant`, in ms (São Paulo: −3 h). */
export function zoneOffsetMs(instant: number, tz: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  const w = wallTime(whole, tz);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - whole;
}

/** The instant of a wall-clock time in `tz` (in a DST gap: the later side). */
function zonedInstant(y: number, m: number, d: number, h: number, tz: string): number {
  const guess = Date.UTC(y, m - 1, d, h);
  const first = guess - zoneOffsetMs(guess, tz);
  const second = guess - zoneOffsetMs(first, tz);
  return second;
}

/**
 * The last study day computed per time zone, with its key: most requests fall in it (one range
 * check instead of Intl's formatToParts — `studyDayKey` asks it too).
 */
const lastDays = new Map<string, { start: number; end: number; key: string }>();

/** The study day `now` falls in, for time zone `tz`. */
export function studyDay(now: Date, tz = 'UTC'): StudyDay {
  const t = now.getTime();
  const last = lastDays.get(tz);
  if (last && t >= last.start && t < last.end) {
    return { start: new Date(last.start), end: new Date(last.end) };
  }
  const { key, ...day } = computeStudyDay(now, tz);
  // Bounded: a zone name is validated before it gets here, and there are a few hundred zones.
  if (lastDays.size > 1000) lastDays.clear();
  lastDays.set(tz, { start: day.start.getTime(), end: day.end.getTime(), key });
  return day;
}

function computeStudyDay(now: Date, tz: string): StudyDay & { key: string } {
  const date = startDate(wallTime(now.getTime(), tz));
  const next = new Date(date.getTime() + 86_400_000);
  const start = zonedInstant(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    STUDY_DAY_START_HOUR,
    tz,
  );
  const end = zonedInstant(
    next.getUTCFullYear(),
    next.getUTCMonth() + 1,
    next.getUTCDate(),
    STUDY_DAY_START_HOUR,
    tz,
  );
  return { start: new Date(start), end: new Date(end), key: date.toISOString().slice(0, 10) };
}

/** The last `studyDayEnds` per time zone (most requests of a zone fall on the same day). */
const lastEnds = new Map<string, { first: number; ends: Date[] }>();

/**
 * The ends of `n` study days from the one `now` falls in (today's end first), in `tz` — as
 * `studyDay` would give them one after the other (DST included), kept per zone for the day.
 */
export function studyDayEnds(now: Date, tz: string | undefined, n: number): Date[] {
  const zone = tz ?? 'UTC';
  const first = studyDay(now, zone).end;
  const last = lastEnds.get(zone);
  if (last && last.first === first.getTime() && last.ends.length >= n) {
    return last.ends.slice(0, n);
  }
  const ends = [first];
  let offset = zoneOffsetMs(first.getTime(), zone);
  const base = first.getTime() + offset; // today's end on the wall clock (04:00 tomorrow), as UTC
  for (let k = 1; k < n; k++) {
    const wall = base + k * 86_400_000;
    let instant = wall - offset;
    const o = zoneOffsetMs(instant, zone);
    if (o !== offset) {
      instant = wall - zoneOffsetMs(wall - o, zone);
      offset = zoneOffsetMs(instant, zone);
    }
    ends.push(new Date(instant));
  }
  if (lastEnds.size > 1000) lastEnds.clear();
  lastEnds.set(zone, { first: first.getTime(), ends });
  return ends.slice();
}
