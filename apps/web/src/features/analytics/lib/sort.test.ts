import { describe, expect, it } from 'vitest';
import type { StudentActivityRow } from '@aprenda/shared/schemas/metrics';
import { defaultDirection, sortActivity } from './sort';

function row(name: string, over: Partial<StudentActivityRow> = {}): StudentActivityRow {
  return {
    user_id: `u-${name}`,
    name,
    last_active: null,
    active_days: 0,
    reviews: 0,
    answers: 0,
    answers_correct: 0,
    study_ms: 0,
    conversations: 0,
    assignments_submitted: 0,
    assignments_open: 0,
    mean_score: null,
    ...over,
  };
}

const rows = [
  row('Érica', { last_active: '2026-11-20', answers: 10, answers_correct: 5, mean_score: 0.9 }),
  row('bruno', { last_active: '2026-11-23', answers: 4, answers_correct: 4, reviews: 7 }),
  row('Ana', { answers: 0, mean_score: 0.5, assignments_open: 2, assignments_submitted: 1 }),
  row('Caio', { last_active: '2026-11-01', answers: 3, answers_correct: 1, reviews: 7 }),
];
const names = (list: StudentActivityRow[]) => list.map((r) => r.name);

describe('sortActivity', () => {
  it('sorts names in the language order (accents and case ignored)', () => {
    expect(names(sortActivity(rows, 'name', 'asc', 'pt-BR'))).toEqual([
      'Ana',
      'bruno',
      'Caio',
      'Érica',
    ]);
    expect(names(sortActivity(rows, 'name', 'desc', 'pt-BR'))).toEqual([
      'Érica',
      'Caio',
      'bruno',
      'Ana',
    ]);
  });

  it('puts the never active last in both directions', () => {
    expect(names(sortActivity(rows, 'last_active', 'desc', 'pt-BR'))).toEqual([
      'bruno',
      'Érica',
      'Caio',
      'Ana',
    ]);
    expect(names(sortActivity(rows, 'last_active', 'asc', 'pt-BR'))).toEqual([
      'Caio',
      'Érica',
      'bruno',
      'Ana',
    ]);
  });

  it('sorts by accuracy (4/4 = 100%, 5/10 = 50%, 1/3 ≈ 33%), nobody answered last', () => {
    expect(names(sortActivity(rows, 'accuracy', 'desc', 'pt-BR'))).toEqual([
      'bruno',
      'Érica',
      'Caio',
      'Ana',
    ]);
  });

  it('breaks ties by name', () => {
    // bruno and Caio both have 7 reviews; the others 0.
    expect(names(sortActivity(rows, 'reviews', 'desc', 'pt-BR'))).toEqual([
      'bruno',
      'Caio',
      'Ana',
      'Érica',
    ]);
  });

  it('sorts by the share of assignments submitted and by mean score', () => {
    expect(names(sortActivity(rows, 'assignments', 'desc', 'pt-BR'))[0]).toBe('Ana');
    expect(names(sortActivity(rows, 'mean_score', 'desc', 'pt-BR'))).toEqual([
      'Érica',
      'Ana',
      'bruno',
      'Caio',
    ]);
  });

  it('does not change the input', () => {
    const before = names(rows);
    sortActivity(rows, 'answers', 'asc', 'pt-BR');
    expect(names(rows)).toEqual(before);
  });

  it('starts names ascending and figures descending', () => {
    expect(defaultDirection('name')).toBe('asc');
    expect(defaultDirection('reviews')).toBe('desc');
  });
});
