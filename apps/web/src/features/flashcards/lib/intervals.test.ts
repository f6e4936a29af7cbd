import { describe, expect, it } from 'vitest';
import { formatInterval, intervalParts } from './intervals';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatInterval', () => {
  it('writes the next interval of each rating button in Portuguese', () => {
    expect(formatInterval(MIN, 'pt-BR')).toBe('1 min');
    expect(formatInterval(10 * MIN, 'pt-BR')).toBe('10 min');
    expect(formatInterval(5 * HOUR, 'pt-BR')).toBe('5 h');
    expect(formatInterval(DAY, 'pt-BR')).toBe('1 dia');
    expect(formatInterval(3 * DAY, 'pt-BR')).toBe('3 dias');
    expect(formatInterval(45 * DAY, 'pt-BR')).toBe('1,5 mês');
    expect(formatInterval(2 * 365 * DAY, 'pt-BR')).toBe('2 anos');
  });

  it('and in English', () => {
    expect(formatInterval(10 * MIN, 'en')).toBe('10 min');
    expect(formatInterval(3 * DAY, 'en')).toBe('3 days');
    expect(formatInterval(DAY, 'en')).toBe('1 day');
    expect(formatInterval(1.5 * 365 * DAY, 'en')).toBe('1.5 yrs');
  });

  it('picks the unit Anki would: minutes, hours, days, months, years', () => {
    expect(intervalParts(30_000)).toEqual({ unit: 'second', value: 30 });
    expect(intervalParts(59.6 * MIN)).toEqual({ unit: 'minute', value: 60 });
    expect(intervalParts(23.7 * HOUR)).toEqual({ unit: 'day', value: 1 });
    expect(intervalParts(29.8 * DAY)).toEqual({ unit: 'month', value: 1 });
    expect(intervalParts(100 * DAY)).toEqual({ unit: 'month', value: 3.3 });
    expect(intervalParts(400 * DAY)).toEqual({ unit: 'year', value: 1.1 });
    expect(intervalParts(-5)).toEqual({ unit: 'second', value: 0 });
    expect(intervalParts(Number.NaN)).toEqual({ unit: 'second', value: 0 });
  });
});
