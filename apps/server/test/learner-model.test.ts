import { describe, expect, it } from 'vitest';
import {
  guessFloor,
  masteryLevel,
  type MasteryLevel,
  pickNextItem,
  predictCorrect,
  TARGET_DEFAULT,
  TARGET_MAX,
  TARGET_MIN,
  uncertaintyK,
  updateElo,
} from '../src/modules/learner/elo.ts';

/**
 * Issue 13, points 7 and 8: the Elo learner model (modules/learner/elo.ts) — its functions one by
 * one, then the simulation: "500 simulated students of known ability answering 40 items
 * each by the model — estimated abilities correlate ≥ 0.9 with the true ones, and the realised
 * success rate of adaptive picks lies within 0.75–0.85."
 */

/** sfc32 (Chris Doty-Humphrey's small fast counter), seeded: the tests never use Math.random. */
function prng(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** A standard normal draw (Box–Muller). */
function normal(rand: () => number): number {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const mean = (v: readonly number[]) => v.reduce((s, q) => s + q, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const logit = (p: number) => Math.log(p / (1 - p));
const LEVELS: (MasteryLevel | null)[] = [null, 'attempted', 'familiar', 'proficient', 'mastered'];
const rank = (level: MasteryLevel | null) => LEVELS.indexOf(level);

describe('predictCorrect', () => {
  it('is 0.5 at equal ability and difficulty, rises with ability and falls with difficulty', () => {
    expect(predictCorrect(0, 0)).toBe(0.5);
    expect(predictCorrect(1.3, 1.3)).toBeCloseTo(0.5, 12);
    for (let x = -6; x < 6; x += 0.25) {
      expect(predictCorrect(x + 0.25, 0.4)).toBeGreaterThan(predictCorrect(x, 0.4));
      expect(predictCorrect(0.4, x + 0.25)).toBeLessThan(predictCorrect(0.4, x));
      expect(predictCorrect(x + 0.25, 0.4, 0.25)).toBeGreaterThan(predictCorrect(x, 0.4, 0.25));
    }
  });

  it('is symmetric: P(θ, d) + P(d, θ) = 1 without guessing', () => {
    for (const [a, d] of [
      [0.7, -1.2],
      [2, 2.5],
      [-3, 1],
    ] as const) {
      expect(predictCorrect(a, d) + predictCorrect(d, a)).toBeCloseTo(1, 12);
    }
  });

  it('never goes below the guessing floor and tends to it for a very weak student', () => {
    for (const g of [0.25, 0.5, 0.1]) {
      expect(predictCorrect(-40, 0, g)).toBeCloseTo(g, 10);
      expect(predictCorrect(40, 0, g)).toBeCloseTo(1, 10);
      expect(predictCorrect(0, 0, g)).toBeCloseTo(g + (1 - g) / 2, 12);
      for (let a = -5; a <= 5; a++) expect(predictCorrect(a, 0, g)).toBeGreaterThanOrEqual(g);
    }
  });
});

describe('guessFloor', () => {
  it('is 1/k for a single choice among k', () => {
    expect(guessFloor('single', 4, 1)).toBe(0.25);
    expect(guessFloor('single', 2, 1)).toBe(0.5);
    expect(guessFloor('single', 5, 1)).toBeCloseTo(0.2, 12);
  });

  it('is 1/C(k, c), at most 0.1, for several correct choices', () => {
    expect(guessFloor('multiple', 4, 2)).toBe(0.1); // 1/6, capped
    expect(guessFloor('multiple', 6, 3)).toBeCloseTo(1 / 20, 12);
    expect(guessFloor('multiple', 8, 4)).toBeCloseTo(1 / 70, 12);
    expect(guessFloor('multiple', 3, 1)).toBe(0.1); // 1/3, capped
    for (let k = 2; k <= 10; k++) {
      for (let c = 1; c <= k; c++) {
        expect(guessFloor('multiple', k, c)).toBeLessThanOrEqual(0.1);
        expect(guessFloor('multiple', k, c)).toBeGreaterThan(0);
      }
    }
  });

  it('is 0 for typed answers', () => {
    expect(guessFloor('numeric', 0, 0)).toBe(0);
    expect(guessFloor('text', 0, 0)).toBe(0);
    expect(guessFloor('expression', 0, 0)).toBe(0);
  });
});

describe('uncertaintyK', () => {
  it('starts at a = 0.8, halves after 20 answers and keeps shrinking', () => {
    expect(uncertaintyK(0)).toBe(0.8);
    expect(uncertaintyK(20)).toBeCloseTo(0.4, 12);
    let previous = Infinity;
    for (let n = 0; n <= 1000; n += 5) {
      const k = uncertaintyK(n);
      expect(k).toBeLessThan(previous);
      expect(k).toBeGreaterThan(0);
      previous = k;
    }
  });
});

describe('updateElo', () => {
  const base = { ability: 0.3, abilityAnswers: 4, difficulty: -0.2, itemAnswers: 4, guess: 0 };

  it('moves ability up and difficulty down on a right answer, and the reverse on a wrong one', () => {
    const right = updateElo({ ...base, correct: true });
    expect(right.expected).toBe(predictCorrect(0.3, -0.2));
    expect(right.abilityDelta).toBeCloseTo(uncertaintyK(4) * (1 - right.expected), 12);
    expect(right.ability).toBeCloseTo(0.3 + right.abilityDelta, 12);
    expect(right.difficulty).toBeCloseTo(-0.2 + right.difficultyDelta, 12);
    expect(right.abilityDelta).toBeGreaterThan(0);
    expect(right.difficultyDelta).toBeLessThan(0);
    // Same counts on both sides: what the student gains, the item loses.
    expect(right.abilityDelta + right.difficultyDelta).toBeCloseTo(0, 12);

    const wrong = updateElo({ ...base, correct: false });
    expect(wrong.abilityDelta).toBeLessThan(0);
    expect(wrong.difficultyDelta).toBeGreaterThan(0);
    expect(wrong.abilityDelta).toBeCloseTo(-uncertaintyK(4) * wrong.expected, 12);
  });

  it('moves more on a surprise, less with more answers, and takes partial scores', () => {
    const easyWrong = updateElo({ ...base, difficulty: -3, correct: false });
    const hardWrong = updateElo({ ...base, difficulty: 3, correct: false });
    expect(Math.abs(easyWrong.abilityDelta)).toBeGreaterThan(Math.abs(hardWrong.abilityDelta));

    const veteran = updateElo({ ...base, abilityAnswers: 200, itemAnswers: 900, correct: true });
    const fresh = updateElo({ ...base, correct: true });
    expect(veteran.abilityDelta).toBeLessThan(fresh.abilityDelta);
    expect(Math.abs(veteran.difficultyDelta)).toBeLessThan(Math.abs(fresh.difficultyDelta));

    const half = updateElo({ ...base, correct: 0.5 });
    expect(half.abilityDelta).toBeCloseTo(uncertaintyK(4) * (0.5 - half.expected), 12);
    expect(updateElo({ ...base, correct: 1 }).abilityDelta).toBe(fresh.abilityDelta);
    expect(updateElo({ ...base, correct: 0 }).abilityDelta).toBe(
      updateElo({ ...base, correct: false }).abilityDelta,
    );
  });

  it('gives less for a right answer and takes more for a wrong one when guessing was possible', () => {
    const open = updateElo({ ...base, correct: true });
    const choice = updateElo({ ...base, guess: 0.25, correct: true });
    expect(choice.expected).toBeGreaterThan(open.expected);
    expect(choice.abilityDelta).toBeLessThan(open.abilityDelta);
    const openWrong = updateElo({ ...base, correct: false });
    const choiceWrong = updateElo({ ...base, guess: 0.25, correct: false });
    expect(choiceWrong.abilityDelta).toBeLessThan(openWrong.abilityDelta);
  });
});

describe('masteryLevel', () => {
  const at = (p: number) => logit(p);

  it('is null before any answer and at most attempted with fewer than 3', () => {
    expect(masteryLevel({ ability: 5, answers: 0, recentCorrect: 0, recentCount: 0 })).toBeNull();
    expect(masteryLevel({ ability: 5, answers: 1, recentCorrect: 1, recentCount: 1 })).toBe(
      'attempted',
    );
    expect(masteryLevel({ ability: 5, answers: 2, recentCorrect: 2, recentCount: 2 })).toBe(
      'attempted',
    );
  });

  it('follows the thresholds on the predicted success of an average item', () => {
    const level = (p: number, answers: number, recentCorrect = 5, recentCount = 5) =>
      masteryLevel({ ability: at(p), answers, recentCorrect, recentCount });
    expect(level(0.59, 20)).toBe('attempted');
    expect(level(0.601, 3, 3, 3)).toBe('familiar');
    expect(level(0.79, 20)).toBe('familiar');
    expect(level(0.801, 5)).toBe('proficient');
    expect(level(0.801, 4, 4, 4)).toBe('familiar'); // too few answers
    expect(level(0.85, 20, 3)).toBe('proficient'); // two wrong of the last five
    expect(level(0.85, 20, 2)).toBe('familiar'); // three wrong
    expect(level(0.89, 20)).toBe('proficient');
    expect(level(0.901, 10)).toBe('mastered');
    expect(level(0.901, 10, 4)).toBe('mastered'); // one slip allowed
    expect(level(0.95, 10, 3)).toBe('proficient'); // two slips are not
    expect(level(0.99, 9)).toBe('proficient'); // too few answers
  });

  it('never drops on a right answer (random answer histories)', () => {
    const rand = prng(7);
    for (let student = 0; student < 200; student++) {
      let ability = 0;
      const history: boolean[] = [];
      let previous: MasteryLevel | null = null;
      for (let n = 0; n < 60; n++) {
        const correct = rand() < 0.75;
        const difficulty = normal(rand) * 1.5;
        const u = updateElo({
          ability,
          abilityAnswers: n,
          difficulty,
          itemAnswers: 50,
          correct,
          guess: rand() < 0.3 ? 0.25 : 0,
        });
        ability = u.ability;
        history.push(correct);
        const recent = history.slice(-5);
        const level = masteryLevel({
          ability,
          answers: history.length,
          recentCorrect: recent.filter(Boolean).length,
          recentCount: recent.length,
        });
        if (rank(level) < rank(previous)) {
          expect(correct).toBe(false);
          expect(u.abilityDelta).toBeLessThan(0);
        }
        if (correct) expect(u.abilityDelta).toBeGreaterThanOrEqual(0);
        previous = level;
      }
    }
  });

  it('climbs for a student who gets every practice pick right (familiar 3, proficient 11, mastered 20)', () => {
    let ability = 0;
    const reached: Partial<Record<MasteryLevel, number>> = {};
    let previous: MasteryLevel | null = null;
    for (let n = 0; n < 30; n++) {
      // The item practice would pick: predicted success 0.8.
      ability = updateElo({
        ability,
        abilityAnswers: n,
        difficulty: ability - logit(TARGET_DEFAULT),
        itemAnswers: 500,
        correct: true,
        guess: 0,
      }).ability;
      const recentCount = Math.min(n + 1, 5);
      const level = masteryLevel({
        ability,
        answers: n + 1,
        recentCorrect: recentCount,
        recentCount,
      })!;
      expect(rank(level)).toBeGreaterThanOrEqual(rank(previous));
      reached[level] ??= n + 1;
      previous = level;
    }
    expect(reached).toEqual({ attempted: 1, familiar: 3, proficient: 11, mastered: 20 });
  });
});

describe('pickNextItem', () => {
  const item = (
    id: string,
    difficulty: number,
    extra: Partial<{ guess: number; lastSeenAt: number | null }> = {},
  ) => ({
    id,
    difficulty,
    guess: extra.guess ?? 0,
    lastSeenAt: extra.lastSeenAt ?? null,
    seenCount: extra.lastSeenAt == null ? 0 : 1,
  });
  const now = 1_800_000_000_000;
  const MIN = 60_000;

  it('picks the item whose predicted success is closest to the target', () => {
    // Ability 1: P = 0.88 (d −1), 0.80 (d −0.386…≈ 1 − logit 0.8), 0.73 (d 0), 0.5 (d 1).
    const pool = [
      item('a', -1),
      item('b', 1 - logit(0.8)),
      item('c', 0),
      item('d', 1),
      item('e', 3),
    ];
    expect(pickNextItem(pool, 1, { now, seed: 's' })).toBe('b');
    expect(pickNextItem(pool, 1, { now, seed: 's', target: 0.5 })).toBe('c'); // clamped to 0.7
    expect(pickNextItem(pool, 1, { now, seed: 's', target: 0.99 })).toBe('a'); // clamped to 0.9
    expect(TARGET_MIN).toBe(0.7);
    expect(TARGET_MAX).toBe(0.9);
    expect(pickNextItem([], 1, { now, seed: 's' })).toBeNull();
  });

  it('counts the guessing floor', () => {
    // Open item at d = 0 predicts 0.5; a 4-choice item at d = 0 predicts 0.625 — closer to 0.7.
    const pool = [item('open', 0), item('choice', 0, { guess: 0.25 })];
    expect(pickNextItem(pool, 0, { now, seed: 's', target: 0.7 })).toBe('choice');
  });

  it('leaves out items seen within recentMs unless nothing else is left', () => {
    const pool = [
      item('best', 0, { lastSeenAt: now - 5 * MIN }),
      item('ok', 0.3),
      item('older', 0, { lastSeenAt: now - 20 * MIN }),
    ];
    // Default 15 minutes: 'best' is too recent, 'older' is back in the pool.
    expect(pickNextItem(pool, logit(0.5), { now, seed: 's', target: 0.7 })).not.toBe('best');
    expect(pickNextItem(pool, logit(0.5), { now, seed: 's', target: 0.7 })).toBe('older');
    expect(pickNextItem(pool, 0, { now, seed: 's', recentMs: 30 * MIN })).toBe('ok');
    const allRecent = [
      item('x', 0, { lastSeenAt: now - 2 * MIN }),
      item('y', 0, { lastSeenAt: now - 4 * MIN }),
    ];
    expect(pickNextItem(allRecent, 0, { now, seed: 's' })).toBe('y'); // least recently seen
    // All recent: the item just answered does not come back at once, even when it fits best.
    const justAnswered = [
      item('fits', 0, { lastSeenAt: now - 1 * MIN }),
      item('far', 4, { lastSeenAt: now - 3 * MIN }),
      item('farther', 6, { lastSeenAt: now - 2 * MIN }),
    ];
    expect(pickNextItem(justAnswered, logit(0.8), { now, seed: 's' })).toBe('far');
    // A skill of one item still practises it.
    expect(pickNextItem([item('only', 0, { lastSeenAt: now - MIN })], 0, { now, seed: 's' })).toBe(
      'only',
    );
  });

  it('prefers never-seen, then least recently seen, among near-equal candidates', () => {
    const a = logit(0.8);
    const pool = [
      item('seen-old', 0, { lastSeenAt: now - 60 * MIN }),
      item('seen-older', 0.01, { lastSeenAt: now - 90 * MIN }),
      item('new', 0.03),
    ];
    expect(pickNextItem(pool, a, { now, seed: 's' })).toBe('new');
    expect(pickNextItem(pool.slice(0, 2), a, { now, seed: 's' })).toBe('seen-older');
    // Outside the 0.02 band a never-seen item does not win.
    expect(pickNextItem([pool[0]!, item('far', 1)], a, { now, seed: 's' })).toBe('seen-old');
  });

  it('breaks ties by seed: deterministic, independent of order, different across seeds', () => {
    const pool = Array.from({ length: 10 }, (_, i) => item(`t${i}`, i * 0.005));
    const a = logit(0.8);
    const first = pickNextItem(pool, a, { now, seed: 'student-1:42' });
    expect(pickNextItem([...pool].reverse(), a, { now, seed: 'student-1:42' })).toBe(first);
    const picks = new Set<string>();
    for (let s = 0; s < 300; s++) picks.add(pickNextItem(pool, a, { now, seed: `seed-${s}` })!);
    expect(picks.size).toBe(10);
    // Nothing outside the band is ever drawn.
    const wider = [...pool, item('far', 2)];
    for (let s = 0; s < 100; s++) {
      expect(pickNextItem(wider, a, { now, seed: `seed-${s}` })).not.toBe('far');
    }
  });
});

/**
 * The simulation of issue 13, point 8. Everything is drawn from one seeded generator.
 *
 * - Item pool: 300 items, true difficulties N(0, 1.5); every third item is a single-choice item
 *   with 3 to 6 choices (guessing floor 1/k, in the truth and in the model), the rest are typed
 *   answers (no guessing).
 * - What is calibrated, and how: the model's item difficulties start at 0 and are learned only
 *   through the model's own Elo updates, from 2,000 warm-up students (true abilities N(0, 1.2))
 *   who practise exactly as the measured students do (40 adaptive picks each, starting at
 *   ability 0). The true difficulties are never shown to the model.
 * - Measured: 500 more students, true abilities N(0, 1.2), start at ability 0 and answer 40
 *   adaptive picks each (`pickNextItem`, default target 0.80, one answer a minute, default recency
 *   window, seed per student and answer). Items keep learning meanwhile, as in production.
 *   Answers are drawn from the true model: P = g + (1 − g)·σ(θ_true − d_true).
 * - Asserted: Pearson correlation of the final estimated abilities with the true ones ≥ 0.9, and
 *   the success rate over all 20,000 picks of the measured students (no burn-in left out) within
 *   0.75–0.85.
 */
describe('simulation (issue 13, point 8)', () => {
  it('500 simulated students of known ability answering 40 items each by the model — estimated abilities correlate ≥ 0.9 with the true ones, and the realised success rate of adaptive picks lies within 0.75–0.85', () => {
    const rand = prng(13);
    const ITEMS = 300;
    const WARM_UP = 2000;
    const MEASURED = 500;
    const ANSWERS = 40;

    const items = Array.from({ length: ITEMS }, (_, i) => {
      const choices = i % 3 === 0 ? 3 + ((i / 3) % 4) : 0;
      return {
        trueDifficulty: normal(rand) * 1.5,
        guess: choices ? guessFloor('single', choices, 1) : guessFloor('numeric', 0, 0),
        difficulty: 0,
        answers: 0,
      };
    });

    function practise(student: number, trueAbility: number) {
      const candidates = items.map((it, i) => ({
        id: String(i),
        difficulty: 0,
        guess: it.guess,
        lastSeenAt: null as number | null,
        seenCount: 0,
      }));
      let ability = 0;
      let right = 0;
      for (let n = 0; n < ANSWERS; n++) {
        const now = n * 60_000;
        for (let i = 0; i < ITEMS; i++) candidates[i]!.difficulty = items[i]!.difficulty;
        const id = pickNextItem(candidates, ability, { now, seed: `student-${student}:${n}` })!;
        const it = items[Number(id)]!;
        const correct = rand() < predictCorrect(trueAbility, it.trueDifficulty, it.guess);
        if (correct) right++;
        const u = updateElo({
          ability,
          abilityAnswers: n,
          difficulty: it.difficulty,
          itemAnswers: it.answers,
          correct,
          guess: it.guess,
        });
        ability = u.ability;
        it.difficulty = u.difficulty;
        it.answers++;
        const c = candidates[Number(id)]!;
        c.lastSeenAt = now;
        c.seenCount++;
      }
      return { ability, right };
    }

    for (let s = 0; s < WARM_UP; s++) practise(s, normal(rand) * 1.2);

    const truth: number[] = [];
    const estimate: number[] = [];
    let right = 0;
    for (let s = 0; s < MEASURED; s++) {
      const trueAbility = normal(rand) * 1.2;
      const result = practise(WARM_UP + s, trueAbility);
      truth.push(trueAbility);
      estimate.push(result.ability);
      right += result.right;
    }
    const correlation = pearson(truth, estimate);
    const successRate = right / (MEASURED * ANSWERS);
    expect(correlation).toBeGreaterThanOrEqual(0.9);
    expect(successRate).toBeGreaterThanOrEqual(0.75);
    expect(successRate).toBeLessThanOrEqual(0.85);
  });
});
