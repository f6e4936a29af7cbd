import { describe, expect, it } from 'vitest';
import { studyDay, studyDayKey } from './study-day.ts';

/**
 * The study day's key is kept per time zone with the day's range (one range check per request
 * instead of Intl): whatever was asked before, each instant gets its own day.
 */
describe('studyDayKey', () => {
  it('gives each instant its day, in any order of zones and instants', () => {
    const cases: Array<[iso: string, tz: string, key: string]> = [
      // São Paulo (UTC−3): 04:00 local is 07:00 UTC.
      ['2026-11-24T06:59:59.999Z', 'America/Sao_Paulo', '2026-11-23'],
      ['2026-11-24T07:00:00.000Z', 'America/Sao_Paulo', '2026-11-24'],
      ['2026-11-25T06:59:59.999Z', 'America/Sao_Paulo', '2026-11-24'],
      ['2026-11-25T07:00:00.000Z', 'America/Sao_Paulo', '2026-11-25'],
      ['2026-11-24T03:59:59.999Z', 'UTC', '2026-11-23'],
      ['2026-11-24T04:00:00.000Z', 'UTC', '2026-11-24'],
      // New York on the day its clocks went back (2026-11-01, a 25-hour study day).
      ['2026-11-01T07:59:59.999Z', 'America/New_York', '2026-10-31'],
      ['2026-11-01T08:00:00.000Z', 'America/New_York', '2026-10-31'],
      ['2026-11-01T09:00:00.000Z', 'America/New_York', '2026-11-01'],
    ];
    // Forwards, backwards and interleaved: a kept day must never answer for another instant.
    for (const order of [
      cases,
      [...cases].reverse(),
      [...cases, ...cases].sort(() => 0.5 - Math.random()),
    ]) {
      for (const [iso, tz, key] of order) {
        expect(studyDayKey(new Date(iso), tz), `${iso} in ${tz}`).toBe(key);
      }
    }
  });

  it('agrees with studyDay: the key is the date whose 04:00 starts that day', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const day = studyDay(now, 'America/Sao_Paulo');
    expect(day.start.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(studyDayKey(now, 'America/Sao_Paulo')).toBe('2026-11-24');
    expect(studyDayKey(new Date(day.end.getTime() - 1), 'America/Sao_Paulo')).toBe('2026-11-24');
    expect(studyDayKey(day.end, 'America/Sao_Paulo')).toBe('2026-11-25');
  });
});
