/**
 * A small RFC 5545 writer: text escaping, line folding at 75 octets, CRLF line endings.
 */

export interface IcalEvent {
  uid: string;
  /** UTC ISO instants. For all-day events: midnight UTC of the first day. */
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  summary: string;
  description: string | null;
  location: string | null;
  categories: string[];
  createdAt: string;
}

export interface IcalCalendar {
  prodId: string;
  name: string;
  stamp: string;
  events: IcalEvent[];
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Fold a content line so no physical line exceeds 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** `2026-03-10T13:00:00.000Z` → `20260310T130000Z`. */
export function utcStamp(iso: string): string {
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** `2026-03-10T00:00:00.000Z` → `20260310`. */
export function dateStamp(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '');
}

const DAY_MS = 86_400_000;

export function renderCalendar(cal: IcalCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${cal.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(cal.stamp);
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `CREATED:${utcStamp(e.createdAt)}`,
    );
    if (e.allDay) {
      // DTEND of a date is exclusive: the day after the last day.
      const last = e.endsAt ?? e.startsAt;
      const end = new Date(Date.parse(last) + DAY_MS).toISOString();
      lines.push(`DTSTART;VALUE=DATE:${dateStamp(e.startsAt)}`);
      lines.push(`DTEND;VALUE=DATE:${dateStamp(end)}`);
    } else {
      lines.push(`DTSTART:${utcStamp(e.startsAt)}`);
      if (e.endsAt) lines.push(`DTEND:${utcStamp(e.endsAt)}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.categories.length > 0) {
      lines.push(`CATEGORIES:${e.categories.map(escapeText).join(',')}`);
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
