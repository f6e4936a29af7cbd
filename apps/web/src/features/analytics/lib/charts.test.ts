import { describe, expect, it } from 'vitest';
import { dayTotals, mostActive, scoreBands } from './charts';

describe('scoreBands', () => {
  it('puts mean scores in bands of 20 points, 100% in the last', () => {
    const r = scoreBands([
      { mean_score: 0 },
      { mean_score: 0.19 },
      { mean_score: 0.2 },
      { mean_score: 0.5 },
      { mean_score: 0.8 },
      { mean_score: 1 },
      { mean_score: null },
    ]);
    expect(r.bands.map((b) => b.students)).toEqual([2, 1, 1, 0, 2]);
    expect(r.bands.map((b) => [b.from, b.to])).toEqual([
      [0, 20],
      [20, 40],
      [40, 60],
      [60, 80],
      [80, 100],
    ]);
    expect(r.scored).toBe(6);
    expect(r.unscored).toBe(1);
    // (0 + 0.19 + 0.2 + 0.5 + 0.8 + 1) / 6 = 2.69 / 6
    expect(r.mean).toBeCloseTo(2.69 / 6, 10);
  });

  it('has no mean when nobody handed in', () => {
    const r = scoreBands([{ mean_score: null }]);
    expect(r.mean).toBeNull();
    expect(r.bands.every((b) => b.students === 0)).toBe(true);
  });
});

describe('mostActive', () => {
  it('picks the most reviews + answers, none when nobody studied', () => {
    expect(
      mostActive([
        { name: 'A', reviews: 3, answers: 1 },
        { name: 'B', reviews: 0, answers: 5 },
      ]),
    ).toEqual({ name: 'B', actions: 5 });
    expect(mostActive([{ name: 'A', reviews: 0, answers: 0 }])).toBeNull();
  });
});

describe('dayTotals', () => {
  it('adds the days up and counts the active ones', () => {
    expect(
      dayTotals([
        { reviews: 2, answers: 0, answers_correct: 0 },
        { reviews: 0, answers: 0, answers_correct: 0 },
        { reviews: 1, answers: 4, answers_correct: 3 },
      ]),
    ).toEqual({ reviews: 3, answers: 4, correct: 3, activeDays: 2 });
  });
});
