import { describe, expect, it } from 'vitest';
import { shiftedEnd } from './dates';

describe('shiftedEnd (the event form: moving the start moves the end)', () => {
  it('keeps the length of a timed event, across midnight and months', () => {
    expect(shiftedEnd('2026-12-01T14:00', '2026-12-03T14:00', '2026-12-01T15:30')).toBe(
      '2026-12-03T15:30',
    );
    expect(shiftedEnd('2026-12-01T14:00', '2026-12-01T23:00', '2026-12-01T15:30')).toBe(
      '2026-12-02T00:30',
    );
    expect(shiftedEnd('2026-11-30T10:00', '2026-12-31T10:00', '2027-01-01T09:00')).toBe(
      '2027-02-01T09:00',
    );
  });

  it('keeps the days of an all-day event', () => {
    expect(shiftedEnd('2026-12-01', '2026-12-08', '2026-12-02')).toBe('2026-12-09');
  });

  it('leaves the end alone when a value is not a whole date or date-time', () => {
    expect(shiftedEnd('', '2026-12-08T10:00', '2026-12-02T10:00')).toBe('2026-12-02T10:00');
    expect(shiftedEnd('2026-12-01T10:00', '', '2026-12-02T10:00')).toBe('2026-12-02T10:00');
    expect(shiftedEnd('2026-12-01T10:00', '2026-12-05T10:00', '')).toBe('');
  });
});
