import type { ClassEvent } from '@aprenda/shared/schemas/classes';

/** The viewer's time zone (Intl), e.g. `America/Sao_Paulo`. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The viewer's time zone by name in the interface language ("Horário de Brasília", "Brasilia
 * Time"): the generic name (the same in summer and winter), else the specific one, else the
 * GMT offset the browser gives — never the IANA id.
 */
export function timeZoneName(
  locale: string,
  timeZone: string = viewerTimeZone(),
  at: Date = new Date(),
): string {
  const named = (style: 'longGeneric' | 'long') => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const generic = named('longGeneric');
  if (generic && !/^(GMT|UTC)/.test(generic)) return generic;
  return named('long') ?? generic ?? timeZone;
}

/** Short "when" of an event for a card: "qua., 12 de mar., 10:00" (all-day: the date only). */
export function formatEventShort(
  event: Pick<ClassEvent, 'starts_at' | 'all_day'>,
  locale: string,
): string {
  const start = new Date(event.starts_at);
  if (event.all_day) {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(start);
  }
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(start);
}

/** All-day events carry midnight UTC of their day(s): format them in UTC so the day never shifts. */
export function formatEventWhen(event: ClassEvent, locale: string): string {
  const start = new Date(event.starts_at);
  if (event.all_day) {
    const day = new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      timeZone: 'UTC',
    });
    if (event.ends_at && event.ends_at.slice(0, 10) !== event.starts_at.slice(0, 10)) {
      return day.formatRange(start, new Date(event.ends_at));
    }
    return day.format(start);
  }
  const fmt = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });
  if (event.ends_at) return fmt.formatRange(start, new Date(event.ends_at));
  return fmt.format(start);
}

/** Short date-time (lists of invites, joined dates). */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** 'YYYY-MM-DD' of a Date in the viewer's local time zone. */
export function localDayKey(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** The local day key(s) an event covers (all-day events by their UTC date, the rest locally). */
export function eventDayKeys(event: ClassEvent): string[] {
  if (event.all_day) {
    const keys: string[] = [];
    const start = Date.parse(event.starts_at.slice(0, 10));
    const end = event.ends_at ? Date.parse(event.ends_at.slice(0, 10)) : start;
    for (let t = start; t <= end && keys.length < 62; t += 86_400_000) {
      keys.push(new Date(t).toISOString().slice(0, 10));
    }
    return keys;
  }
  const start = new Date(event.starts_at);
  const end = event.ends_at ? new Date(event.ends_at) : start;
  const keys: string[] = [];
  const cursor = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  while (cursor <= end && keys.length < 62) {
    keys.push(localDayKey(cursor));
    cursor.setDate(cursor.getDate() + 1);
  }
  return keys.length > 0 ? keys : [localDayKey(start)];
}

/** The 6×7 grid of days shown for a month (weeks start on Sunday, as in Brazil). */
export function monthGrid(year: number, month: number): Date[] {
  const first = new Date(year, month, 1);
  const start = new Date(year, month, 1 - first.getDay());
  return Array.from(
    { length: 42 },
    (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i),
  );
}

/**
 * A local `datetime-local` value ('2026-03-10T14:30') → ISO instant with the viewer's offset
 * (the server stores UTC). Null when empty or invalid.
 */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString();
}

/** A Date → `datetime-local` input value in the viewer's time zone. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDayKey(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A stored event → the values of its form fields, the way create reads them back: timed events
 * as local `datetime-local` values of their instants (each instant with the offset of its own day,
 * so a daylight-saving change between now and then shifts nothing); all-day events as the dates
 * they were stored with (UTC midnight — never moved by the viewer's zone).
 */
export function eventFormTimes(event: Pick<ClassEvent, 'starts_at' | 'ends_at' | 'all_day'>): {
  start: string;
  end: string;
} {
  if (event.all_day) {
    return {
      start: event.starts_at.slice(0, 10),
      end: event.ends_at ? event.ends_at.slice(0, 10) : '',
    };
  }
  return {
    start: toLocalInput(new Date(event.starts_at)),
    end: event.ends_at ? toLocalInput(new Date(event.ends_at)) : '',
  };
}

/**
 * The end after the start moved from `from` to `to`, the same time after it as before; `end` as it
 * is when any of them is not a whole date (`YYYY-MM-DD`) or date-time (`YYYY-MM-DDTHH:mm`) — the
 * fields' own values, read as wall-clock times (no time zone can shift them).
 */
export function shiftedEnd(from: string, to: string, end: string): string {
  const wall = (value: string) =>
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value)
      ? Date.parse(`${value.length === 10 ? `${value}T00:00` : value}Z`)
      : NaN;
  const [a, b, e] = [wall(from), wall(to), wall(end)];
  if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(e)) return end;
  return new Date(e + (b - a)).toISOString().slice(0, end.length);
}
