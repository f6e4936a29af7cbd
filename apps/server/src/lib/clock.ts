/** Injected time source so tests can control "now". */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The last whole second formatted by `isoString`, and its text up to the milliseconds. */
let formattedSecond = Number.NaN;
let formattedPrefix = '';
/** 9999-12-31T23:59:59.999Z: beyond it `toISOString` writes a six-digit year. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

/**
 * `date.toISOString()`, the same text, for the hot read paths that stamp "now" on every request:
 * V8 formats a date through `snprintf` (~7 K instructions, about as much as the HMAC of the session
 * check; issue 16), so the text up to the second is kept and only the milliseconds are written.
 * Out of the four-digit years, or for an invalid date, it is `toISOString` itself (which throws).
 */
export function isoString(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= 0 && ms <= LAST_FOUR_DIGIT_YEAR_MS)) return date.toISOString();
  const second = Math.floor(ms / 1000);
  if (second !== formattedSecond) {
    formattedPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    formattedSecond = second;
  }
  const milli = ms - second * 1000;
  return `${formattedPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
