import { describe, expect, it } from 'vitest';
import { calendarDayDiff, dayParts } from './assignments-dates';

// Local dates (the browser's time zone), so the test holds in any zone.
const now = new Date(2026, 10, 24, 13, 0);

describe('calendarDayDiff', () => {
  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDayDiff(new Date(2026, 10, 25, 0, 5), now)).toBe(1);
    expect(calendarDayDiff(new Date(2026, 10, 24, 23, 59), now)).toBe(0);
    expect(calendarDayDiff(new Date(2026, 10, 22, 8, 0), now)).toBe(-2);
  });
});

describe('dayParts', () => {
  it('says "amanhã" and the time for tomorrow', () => {
    const parts = dayParts(new Date(2026, 10, 25, 23, 59).toISOString(), now, 'pt-BR');
    expect(parts).toEqual({ kind: 'near', day: 'amanhã', time: '23:59', past: false });
  });

  it('says "tomorrow" in English', () => {
    const parts = dayParts(new Date(2026, 10, 25, 23, 59).toISOString(), now, 'en');
    expect(parts.day).toBe('tomorrow');
    expect(parts.time).toMatch(/11:59\s?PM/);
  });

  it('writes the time as the rest of the app does: "6:00 PM", not "06:00 PM"', () => {
    const evening = new Date(2026, 10, 29, 18, 0).toISOString();
    expect(dayParts(evening, now, 'en').time).toMatch(/^6:00\sPM$/);
    expect(dayParts(evening, now, 'pt-BR').time).toBe('18:00');
    const morning = new Date(2026, 11, 12, 8, 5).toISOString();
    expect(dayParts(morning, now, 'en').time).toMatch(/^8:05\sAM$/);
    expect(dayParts(morning, now, 'pt-BR').time).toBe('08:05');
  });

  it('gives a date further away, and marks the past', () => {
    const far = dayParts(new Date(2026, 11, 12, 8, 0).toISOString(), now, 'pt-BR');
    expect(far).toMatchObject({ kind: 'date', day: '12 de dezembro', past: false });
    const past = dayParts(new Date(2026, 10, 23, 8, 0).toISOString(), now, 'pt-BR');
    expect(past).toMatchObject({ kind: 'near', day: 'ontem', past: true });
    const nextYear = dayParts(new Date(2027, 0, 20, 8, 0).toISOString(), now, 'pt-BR');
    expect(nextYear.day).toBe('20 de janeiro de 2027');
  });
});
