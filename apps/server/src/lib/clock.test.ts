import { describe, expect, it } from 'vitest';
import { isoString } from './clock.ts';

describe('isoString', () => {
  it('writes what toISOString writes, over seconds, milliseconds and years', () => {
    const samples = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      Date.UTC(2026, 10, 29, 10, 45, 12, 7),
      Date.UTC(2026, 10, 29, 10, 45, 12, 70),
      Date.UTC(2026, 10, 29, 10, 45, 12, 700),
      Date.UTC(2026, 10, 29, 10, 45, 13, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      Date.UTC(2028, 1, 29, 12, 0, 0, 5),
      253_402_300_799_999,
      253_402_300_800_000,
      -1,
      -62_198_755_200_000,
    ];
    for (let ms = Date.UTC(2026, 10, 29); ms < Date.UTC(2026, 10, 29) + 5_000; ms += 37) {
      samples.push(ms);
    }
    for (const ms of samples)
      expect(isoString(new Date(ms)), String(ms)).toBe(new Date(ms).toISOString());
    // The same second again after another one: the kept text is the latest second's.
    const a = Date.UTC(2026, 0, 1, 0, 0, 1, 500);
    const b = Date.UTC(2030, 0, 1, 0, 0, 1, 500);
    expect(isoString(new Date(a))).toBe('2026-01-01T00:00:01.500Z');
    expect(isoString(new Date(b))).toBe('2030-01-01T00:00:01.500Z');
    expect(isoString(new Date(a + 1))).toBe('2026-01-01T00:00:01.501Z');
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
