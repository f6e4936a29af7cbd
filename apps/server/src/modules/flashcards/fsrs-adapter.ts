import {
  type Card as FsrsCard,
  computeDecayFactor,
  createEmptyCard,
  default_w,
  forgetting_curve,
  fsrs,
  type FSRS,
  type Grade,
  migrateParameters,
  State,
  StrategyMode,
} from 'ts-fsrs';
import type { FsrsStateName, Rating } from '@aprenda/shared/schemas/flashcards';

/**
 * The one file that knows ts-fsrs (pinned ^5.4; its 6.x changes the card shape — deprecated
 * `elapsed_days` — and the scheduler options): everything else speaks `Memory`, plain data that
 * maps 1:1 to a `flashcard_states` row and to the JSON of the review log.
 *
 * Scheduler: FSRS-6 with short-term learning steps (1 min, 10 min; relearning 10 min, Anki's
 * defaults), maximum interval 100 years, the deck's desired retention, the student's fitted
 * weights when there are any, and fuzz on. The fuzz is deterministic: seeded from the item, the
 * review time and the item's repetitions (`fuzzSeed`), so replaying a log gives the same schedule.
 */

export interface Memory {
  state: FsrsStateName;
  due: Date;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: Date | null;
}

export interface SchedulerConfig {
  desiredRetention: number;
  /** The student's fitted FSRS weights, or null for the defaults. */
  weights: readonly number[] | null;
}

export interface Rated {
  memory: Memory;
  /** Days between the previous review and this one (0 for the first). */
  elapsedDays: number;
  scheduledDays: number;
}

export const LEARNING_STEPS = ['1m', '10m'] as const;
export const RELEARNING_STEPS = ['10m'] as const;
export const MAXIMUM_INTERVAL_DAYS = 36_500;

/** The default FSRS weights (the version this adapter schedules with). */
export const DEFAULT_WEIGHTS: readonly number[] = default_w;

const STATE_NAMES: Record<State, FsrsStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATE_OF: Record<FsrsStateName, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The seed of the fuzz of one review (the replay test builds the same). */
export function fuzzSeed(itemId: string, reviewTime: Date, reps: number): string {
  return `${itemId}:${reviewTime.getTime()}:${reps}`;
}

/** The ts-fsrs parameters this adapter schedules with (the replay test uses them directly). */
export function schedulerParameters(config: SchedulerConfig) {
  return {
    request_retention: config.desiredRetention,
    maximum_interval: MAXIMUM_INTERVAL_DAYS,
    w: config.weights ? [...config.weights] : [...DEFAULT_WEIGHTS],
    enable_fuzz: true,
    enable_short_term: true,
    learning_steps: [...LEARNING_STEPS],
    relearning_steps: [...RELEARNING_STEPS],
  };
}

/**
 * The item being scheduled: the seed strategy reads it. ts-fsrs calls the strategy synchronously
 * inside `next`/`repeat` (when it builds its per-call scheduler), so one scheduler per config can
 * serve every item — set just before each call, never across an await.
 */
let seedItemId = '';

/** Schedulers by config (retention and weights): building one parses and clips the weights. */
const schedulers = new Map<string, FSRS>();
const SCHEDULER_CACHE_SIZE = 500;

function scheduler(config: SchedulerConfig, itemId: string): FSRS {
  seedItemId = itemId;
  const key = `${config.desiredRetention}|${config.weights ? config.weights.join(',') : ''}`;
  let f = schedulers.get(key);
  if (!f) {
    f = fsrs(schedulerParameters(config)).useStrategy(StrategyMode.SEED, function seed() {
      // ts-fsrs hands the scheduler as `this`; its review time and card are protected members.
      const self = this as unknown as { review_time: Date; current: FsrsCard };
      return fuzzSeed(seedItemId, self.review_time, self.current.reps);
    });
    if (schedulers.size >= SCHEDULER_CACHE_SIZE) schedulers.delete(schedulers.keys().next().value!);
    schedulers.set(key, f);
  }
  return f;
}

/** A new item's memory (never reviewed), due now. */
export function emptyMemory(now: Date): Memory {
  return fromCard(createEmptyCard(now));
}

function toCard(m: Memory): FsrsCard {
  return {
    due: m.due,
    stability: m.stability,
    difficulty: m.difficulty,
    elapsed_days: m.elapsed_days,
    scheduled_days: m.scheduled_days,
    learning_steps: m.learning_steps,
    reps: m.reps,
    lapses: m.lapses,
    state: STATE_OF[m.state],
    ...(m.last_review ? { last_review: m.last_review } : {}),
  };
}

function fromCard(c: FsrsCard): Memory {
  return {
    state: STATE_NAMES[c.state],
    due: new Date(c.due),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days,
    learning_steps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    last_review: c.last_review ? new Date(c.last_review) : null,
  };
}

/** The memory after rating the item at `now`. */
export function rate(
  memory: Memory,
  rating: Rating,
  now: Date,
  itemId: string,
  config: SchedulerConfig,
): Rated {
  const { card, log } = scheduler(config, itemId).next(toCard(memory), now, rating as Grade);
  return {
    memory: fromCard(card),
    elapsedDays: log.elapsed_days,
    scheduledDays: card.scheduled_days,
  };
}

/** When each rating would make the item due next, rated at `now`. */
export function previewDue(
  memory: Memory,
  now: Date,
  itemId: string,
  config: SchedulerConfig,
): Record<Rating, Date> {
  const preview = scheduler(config, itemId).repeat(toCard(memory), now);
  return {
    1: new Date(preview[1].card.due),
    2: new Date(preview[2].card.due),
    3: new Date(preview[3].card.due),
    4: new Date(preview[4].card.due),
  };
}

/**
 * The probability of recalling an item at `at` (0–1): FSRS's forgetting curve with the decay of
 * the given weights (the student's fitted ones, else the defaults), over the days (fractional)
 * since its last review. 0 for an item never reviewed.
 */
export function retrievability(
  memory: Pick<Memory, 'state' | 'stability' | 'last_review'>,
  at: Date,
  weights: readonly number[] | null,
): number {
  if (memory.state === 'new' || !memory.last_review || !(memory.stability > 0)) return 0;
  const days = Math.max(0, (at.getTime() - memory.last_review.getTime()) / 86_400_000);
  return forgetting_curve(weights ?? DEFAULT_WEIGHTS, days, memory.stability);
}

/**
 * The forgetting curve's constants for these weights (the defaults when null):
 * R(t, S) = (1 + factor · t / S) ^ decay, t in days — for computing retrievability in SQL over many
 * items at once (the same curve as `retrievability`).
 */
export function forgettingCurve(weights: readonly number[] | null): {
  decay: number;
  factor: number;
} {
  return computeDecayFactor(weights ?? DEFAULT_WEIGHTS);
}

/** Fitted weights as this adapter's FSRS version takes them, or null when they are unusable. */
export function acceptWeights(weights: readonly number[]): number[] | null {
  if (!weights.every((w) => Number.isFinite(w))) return null;
  try {
    const migrated = migrateParameters([...weights]);
    return migrated.length === DEFAULT_WEIGHTS.length ? [...migrated] : null;
  } catch {
    return null;
  }
}

/** A memory as JSON for the review log (dates as ISO strings). */
export function memoryToJson(m: Memory): string {
  return JSON.stringify({
    ...m,
    due: m.due.toISOString(),
    last_review: m.last_review ? m.last_review.toISOString() : null,
  });
}

/** A memory read back from the review log's JSON. */
export function memoryFromJson(json: string): Memory {
  const v = JSON.parse(json) as Omit<Memory, 'due' | 'last_review'> & {
    due: string;
    last_review: string | null;
  };
  return {
    ...v,
    due: new Date(v.due),
    last_review: v.last_review ? new Date(v.last_review) : null,
  };
}
