/**
 * The student's time zone as an IANA name, sent as `tz` with every call that counts "today" (the
 * study day starts at 04:00 there). Browsers that cannot say get UTC, as the server assumes.
 */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
