/**
 * The browser's time zone as an IANA name, sent as `tz` with every call that counts "today" (a
 * study day runs from 04:00 to 04:00 there). Browsers that cannot say get UTC, as the server assumes.
 */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
