import type { ItemKind } from '@aprenda/shared/schemas/exercises';

/**
 * The learner model of issue 13 (points 7 and 8): pure functions, no database. Every graded answer
 * (an assignment's or adaptive practice's) moves the student's ability in the item's skill and the
 * item's difficulty; mastery levels and the next practice item are read off those two numbers.
 *
 * **Prediction** (a Rasch / one-parameter logistic model with a guessing floor):
 *
 *     P(correct) = g + (1 − g) · σ(θ − d),   σ(x) = 1 / (1 + e^(−x))
 *
 * θ is the student's ability in the skill, d the item's difficulty (both start at 0, on the same
 * logit scale), g the item's guessing floor (`guessFloor`):
 * - `single` with k choices: g = 1/k (a blind pick is right one time in k);
 * - `multiple` with k choices of which c are correct: g = min(1/C(k, c), 0.1). 1/C(k, c) is the
 *   chance of a blind guess that knows how many choices to tick; a student who does not know c
 *   does worse, and partial credit makes a blind answer's expected score a little higher — the cap
 *   0.1 keeps the floor small either way (k = 4, c = 2 gives 1/6 → 0.1; k = 6, c = 3 gives 0.05);
 * - `numeric`, `text`, `expression` (typed answers): g = 0.
 *
 * **Update** (Elo with Pelánek's uncertainty function). With s the score (1 or 0, or the partial
 * credit 0–1 of a `multiple` item), P the prediction above, n_s the student's earlier answers in
 * the skill and n_i the item's earlier answers:
 *
 *     θ' = θ + K(n_s) · (s − P)        d' = d − K(n_i) · (s − P)
 *     K(n) = a / (1 + b·n),  a = 0.8, b = 0.05
 *
 * The uncertainty function is the one of Pelánek, Papoušek, Řihák, Stanislav and Nižnan,
 * "Elo-based learner modeling for the adaptive practice of facts" (UMUAI 27, 2017), used in their
 * geography practice system (proso); Math Garden (Klinkenberg, Straatemeier and van der Maas, 2011)
 * uses the same Elo update with a fixed K. Large first steps let a new student's estimate travel
 * quickly to the right region (ability spreads over several logits); shrinking steps then average
 * out the noise of single answers. a = 0.8 is the first step (a surprising first answer moves θ by
 * up to 0.8 logit), b = 0.05 halves the step after 20 answers (K(20) = 0.4, K(40) ≈ 0.27,
 * K(100) ≈ 0.13). Items use the same function: their difficulty settles after a few hundred
 * answers. These values pass the simulation of issue 13 (test/learner-model.test.ts: 2,000 warm-up
 * students calibrate 300 items, then 500 students of known ability answer 40 adaptive picks each:
 * estimated and true abilities correlate ≥ 0.9, the picks' success rate is within 0.75–0.85).
 *
 * Every update returns the deltas it applied (`abilityDelta`, `difficultyDelta`) so that "por que
 * mudou?" can list the answers that moved an ability. A fully correct answer never lowers θ
 * (s = 1 ≥ P), a wrong one never raises it.
 *
 * **Mastery** (`masteryLevel`), from p = σ(θ), the predicted success on an average item (d = 0, no
 * guessing), the number of answers n in the skill and the last up-to-5 answers (r right of m):
 * - no answer: null;
 * - 'mastered' (Domina): n ≥ 10, p ≥ 0.9, at most one wrong among the last five (m − r ≤ 1);
 * - 'proficient' (Proficiente): n ≥ 5, p ≥ 0.8, at most two wrong among the last five;
 * - 'familiar' (Familiar): n ≥ 3, p ≥ 0.6;
 * - otherwise 'attempted' (Tentou) — always so with fewer than 3 answers.
 * A level therefore drops only when θ drops (a wrong or partly wrong answer, whose delta is shown)
 * or a wrong answer enters the last five: a right answer raises n, raises or keeps θ and r, and
 * never raises m − r, so it can never lower the level. Pace: a new student who gets every
 * practice pick (P = 0.8) right is familiar after 3 answers, proficient after 11 and mastered after
 * 20; right answers to harder items (assignments) move θ faster.
 *
 * **Next item** (`pickNextItem`): each candidate's predicted success P (with its floor) is compared
 * with the target (default 0.80, clamped to 0.70–0.90: practice that is mostly won but not
 * trivial). Items seen within `recentMs` (default 15 minutes) are left out unless every candidate
 * was. Among the candidates whose distance |P − target| is within 0.02 of the best one, never-seen
 * items come first, then the least recently seen; items still tied are ordered by a hash of
 * (seed, item id), so the same seed gives the same pick and different seeds (students, sessions)
 * walk a pool in different orders.
 */

export type MasteryLevel = 'attempted' | 'familiar' | 'proficient' | 'mastered';

/** K(n) = ELO_K_A / (1 + ELO_K_B · n). */
export const ELO_K_A = 0.8;
export const ELO_K_B = 0.05;
/** The cap of a `multiple` item's guessing floor. */
export const MULTIPLE_FLOOR_MAX = 0.1;

export const TARGET_DEFAULT = 0.8;
export const TARGET_MIN = 0.7;
export const TARGET_MAX = 0.9;
/** Items seen more recently than this are not picked again while others are left. */
export const RECENT_MS_DEFAULT = 15 * 60_000;
/** Candidates this close to the best distance from the target count as tied. */
export const TIE_BAND = 0.02;

/** How many of the last answers `masteryLevel` looks at. */
export const MASTERY_RECENT = 5;
export const MASTERY_RULES = {
  familiar: { answers: 3, success: 0.6, maxRecentWrong: Infinity },
  proficient: { answers: 5, success: 0.8, maxRecentWrong: 2 },
  mastered: { answers: 10, success: 0.9, maxRecentWrong: 1 },
} as const;

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** P(correct) = g + (1 − g) · σ(ability − difficulty). */
export function predictCorrect(ability: number, difficulty: number, guess = 0): number {
  const g = Math.min(Math.max(guess, 0), 1);
  return g + (1 - g) * sigmoid(ability - difficulty);
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** The chance of a blind answer being right (see the top of this file). */
export function guessFloor(kind: ItemKind, choices: number, correctChoices: number): number {
  if (kind === 'single') return choices >= 2 ? 1 / choices : 0;
  if (kind === 'multiple') {
    if (choices < 2) return 0;
    const c = Math.min(Math.max(Math.round(correctChoices), 1), choices);
    return Math.min(1 / binomial(choices, c), MULTIPLE_FLOOR_MAX);
  }
  return 0;
}

/** The step size after n earlier answers: K(n) = a / (1 + b·n). */
export function uncertaintyK(n: number): number {
  return ELO_K_A / (1 + ELO_K_B * Math.max(n, 0));
}

export interface EloInput {
  ability: number;
  /** The student's answers in the skill before this one. */
  abilityAnswers: number;
  difficulty: number;
  /** The item's answers before this one. */
  itemAnswers: number;
  /** Right/wrong, or a score 0–1 (partial credit). */
  correct: boolean | number;
  guess: number;
}

export interface EloUpdate {
  ability: number;
  difficulty: number;
  abilityDelta: number;
  difficultyDelta: number;
  /** P(correct) before the answer. */
  expected: number;
}

/** One answer: θ += K(n_s)·(s − P), d −= K(n_i)·(s − P). */
export function updateElo(input: EloInput): EloUpdate {
  const score =
    typeof input.correct === 'boolean'
      ? input.correct
        ? 1
        : 0
      : Math.min(Math.max(input.correct, 0), 1);
  const expected = predictCorrect(input.ability, input.difficulty, input.guess);
  const surprise = score - expected;
  const abilityDelta = uncertaintyK(input.abilityAnswers) * surprise;
  const difficultyDelta = -uncertaintyK(input.itemAnswers) * surprise;
  return {
    ability: input.ability + abilityDelta,
    difficulty: input.difficulty + difficultyDelta,
    abilityDelta,
    difficultyDelta,
    expected,
  };
}

export interface MasteryInput {
  ability: number;
  /** Every answer of the student in the skill. */
  answers: number;
  /** Right answers among the last `recentCount` (at most 5). */
  recentCorrect: number;
  recentCount: number;
}

/** The mastery level of one skill (null: no answer yet); thresholds at the top of this file. */
export function masteryLevel(input: MasteryInput): MasteryLevel | null {
  if (input.answers <= 0) return null;
  const p = sigmoid(input.ability);
  const recentWrong = Math.max(input.recentCount - input.recentCorrect, 0);
  for (const level of ['mastered', 'proficient', 'familiar'] as const) {
    const rule = MASTERY_RULES[level];
    if (input.answers >= rule.answers && p >= rule.success && recentWrong <= rule.maxRecentWrong) {
      return level;
    }
  }
  return 'attempted';
}

export interface Candidate {
  id: string;
  difficulty: number;
  guess: number;
  /** Epoch ms of the student's last answer to it, or null if never answered. */
  lastSeenAt: number | null;
  seenCount: number;
}

export interface PickOptions {
  /** The success rate to aim at (clamped to TARGET_MIN–TARGET_MAX). */
  target?: number;
  now: number;
  recentMs?: number;
  /** E.g. student, skill and answer count: same seed, same pick. */
  seed: string;
}

/** FNV-1a of the text, then murmur3's finaliser: a well-spread unsigned 32-bit number. */
export function seededHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Every candidate but the one seen last (the item just answered), when there are others: with
 * every item recent, the closest to the target would otherwise come back at once, again and again.
 */
function withoutLastSeen(candidates: readonly Candidate[]): readonly Candidate[] {
  if (candidates.length < 2) return candidates;
  let last: Candidate | null = null;
  for (const c of candidates) {
    if (c.lastSeenAt !== null && (last === null || c.lastSeenAt > last.lastSeenAt!)) last = c;
  }
  return last === null ? candidates : candidates.filter((c) => c !== last);
}

/** The next item for adaptive practice (null when there is no candidate). */
export function pickNextItem(
  candidates: readonly Candidate[],
  ability: number,
  options: PickOptions,
): string | null {
  const target = Math.min(Math.max(options.target ?? TARGET_DEFAULT, TARGET_MIN), TARGET_MAX);
  const recentMs = options.recentMs ?? RECENT_MS_DEFAULT;
  const fresh = candidates.filter(
    (c) => c.lastSeenAt === null || options.now - c.lastSeenAt >= recentMs,
  );
  const pool = fresh.length > 0 ? fresh : withoutLastSeen(candidates);
  if (pool.length === 0) return null;

  const scored = pool.map((c) => ({
    c,
    distance: Math.abs(predictCorrect(ability, c.difficulty, c.guess) - target),
  }));
  let best = Infinity;
  for (const s of scored) best = Math.min(best, s.distance);
  const tied = scored.filter((s) => s.distance <= best + TIE_BAND).map((s) => s.c);

  let group = tied.filter((c) => c.lastSeenAt === null);
  if (group.length === 0) {
    let oldest = Infinity;
    for (const c of tied) oldest = Math.min(oldest, c.lastSeenAt!);
    group = tied.filter((c) => c.lastSeenAt === oldest);
  }
  let pick = group[0]!;
  let pickHash = seededHash(`${options.seed}:${pick.id}`);
  for (const c of group.slice(1)) {
    const h = seededHash(`${options.seed}:${c.id}`);
    if (h < pickHash || (h === pickHash && c.id < pick.id)) {
      pick = c;
      pickHash = h;
    }
  }
  return pick.id;
}
