import { describe, expect, it } from 'vitest';
import { accuracy, daysBetween, formatDay, lastActiveDate, relativeDay, studyDay } from './format';
import { parseInactiveDays, assignmentResultsPath, studentAnalyticsPath } from './paths';

describe('study days', () => {
  it('starts the study day at 04:00 in the time zone', () => {
    // 2026-11-24 06:30 UTC is 03:30 in São Paulo (UTC−3): still the study day of the 23rd.
    expect(studyDay(new Date('2026-11-24T06:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-23');
    // 07:30 UTC is 04:30 there: the 24th.
    expect(studyDay(new Date('2026-11-24T07:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-24');
    // In Tokyo (UTC+9) 20:00 UTC on the 23rd is 05:00 on the 24th.
    expect(studyDay(new Date('2026-11-23T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-24');
  });

  it('counts days between study days across months', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toBe(3);
    expect(daysBetween('2026-11-02', '2026-11-02')).toBe(0);
  });

  it('says how long ago in words', () => {
    expect(relativeDay('2026-11-15', '2026-11-24', 'pt-BR')).toBe('há 9 dias');
    expect(relativeDay('2026-11-23', '2026-11-24', 'pt-BR')).toBe('ontem');
    expect(relativeDay('2026-11-24', '2026-11-24', 'en')).toBe('today');
  });

  it('formats a study day without moving it', () => {
    expect(formatDay('2026-11-15', 'pt-BR')).toBe('15/11/2026');
    // "hoje" and "ontem" stand alone (a study day's date read as the day before after midnight).
    expect(lastActiveDate('2026-11-24', '2026-11-24', 'pt-BR')).toBeNull();
    expect(lastActiveDate('2026-11-23', '2026-11-24', 'pt-BR')).toBeNull();
    expect(lastActiveDate('2026-11-15', '2026-11-24', 'pt-BR')).toBe('15/11/2026');
    expect(formatDay('2026-11-15', 'en')).toBe('11/15/26');
  });
});

describe('accuracy', () => {
  it('is correct / answers, null without answers', () => {
    expect(accuracy({ answers: 4, answers_correct: 3 })).toBe(0.75);
    expect(accuracy({ answers: 0, answers_correct: 0 })).toBeNull();
  });
});

describe('paths', () => {
  it('reads the inactivity threshold from the URL within 1–60', () => {
    expect(parseInactiveDays('14', 7, 60)).toBe(14);
    expect(parseInactiveDays('0', 7, 60)).toBe(7);
    expect(parseInactiveDays('61', 7, 60)).toBe(7);
    expect(parseInactiveDays('abc', 7, 60)).toBe(7);
    expect(parseInactiveDays(null, 7, 60)).toBe(7);
  });

  it('links to a student and to their answers in an assignment', () => {
    expect(studentAnalyticsPath('c 1', 'u/2')).toBe('/dashboard/analytics/c%201/aluno/u%2F2');
    expect(assignmentResultsPath('a1', 'u2')).toBe('/dashboard/exercises/resultados/a1?aluno=u2');
    expect(assignmentResultsPath('a1')).toBe('/dashboard/exercises/resultados/a1');
  });
});
