import { FSRS_FIT_EVERY_REVIEWS, type DeckParameters } from '@aprenda/shared/schemas/flashcards';
import type { AppContext } from '../../context.ts';
import type { Ctx, ReadCtx } from './access.service.ts';
import { acceptWeights } from './fsrs-adapter.ts';
import { loadOptimizer, NotEnoughHistory, type Optimizer } from './fsrs-optimizer.ts';
import { addReviewCount, claimFit, saveWeights, selectParameters } from './parameters.queries.ts';

/**
 * Per-student FSRS parameters. After every FSRS_FIT_EVERY_REVIEWS counted reviews, a background
 * job fits the student's weights from their review log with `@open-spaced-repetition/binding`
 * (fsrs-optimizer.ts: an optional dependency, run in a child process that reads the log itself).
 * Where it cannot load, nothing is fitted and the default weights stay.
 */

/** What starting a fit needs of the context: where the child process finds the database. */
export type FitCtx = Ctx & Pick<AppContext, 'env'>;

/** The fit reads at most this many reviews (whole item histories, item by item). */
export const FIT_MAX_REVIEWS = 100_000;

/** Where the optimizer comes from (tests replace `load` to simulate a platform without it). */
export const optimizerSource: { load: () => Promise<Optimizer | null> } = { load: loadOptimizer };

const running = new Map<string, Promise<unknown>>();

/** Resolves when every fit started so far has finished (tests, shutdown). */
export async function settledFits(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running.values()]);
}

/** The student's fitted weights, or null (defaults). */
export async function personalWeights(ctx: ReadCtx, userId: string): Promise<number[] | null> {
  const row = await selectParameters(ctx.db.db, userId);
  return parseWeights(row?.weights ?? null);
}

/** Stored weights (JSON) as this adapter takes them, or null (defaults). */
export function parseWeights(json: string | null): number[] | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) && value.every((w) => typeof w === 'number')
      ? acceptWeights(value)
      : null;
  } catch {
    return null;
  }
}

/** What the deck screen says of the caller's parameters. */
export async function parametersOf(ctx: ReadCtx, userId: string): Promise<DeckParameters> {
  const row = await selectParameters(ctx.db.db, userId);
  const weights = parseWeights(row?.weights ?? null);
  return {
    personalized: weights !== null,
    fitted_at: weights !== null ? (row?.fitted_at ?? null) : null,
    review_count: Number(row?.review_count ?? 0),
  };
}

type Count = { review_count: number; fitted_reviews: number };

/** Counts of one student waiting for (or in) the UPDATE of their counter row. */
interface Tally {
  delta: number;
  waiters: Array<{ resolve: (c: Count) => void; reject: (err: unknown) => void }>;
}
const tallies = new Map<string, Tally>();

/**
 * Count (or uncount, `delta` −1: undo) a committed review in the student's counter row
 * (`fsrs_parameters.review_count`, which the deck screen shows and which triggers the fits).
 * One UPDATE per student at a time in this process: the ratings that arrive while it runs are
 * added together by the next one. In the review's own transaction every rating would queue on
 * that one row lock until the previous rating's commit (50 ratings of one student at once on
 * PostgreSQL: each waits for all the commits before it). Resolves once the count includes this
 * review, with the count as stored; a crash between the review's commit and this UPDATE leaves
 * the counter a rating short, which only delays the next fit by one rating.
 */
export function countReview(ctx: ReadCtx, userId: string, delta: 1 | -1): Promise<Count> {
  return new Promise((resolve, reject) => {
    const pending = tallies.get(userId);
    if (pending) {
      pending.delta += delta;
      pending.waiters.push({ resolve, reject });
      return;
    }
    const tally: Tally = { delta, waiters: [{ resolve, reject }] };
    tallies.set(userId, tally);
    void flushCounts(ctx, userId, tally);
  });
}

async function flushCounts(ctx: ReadCtx, userId: string, first: Tally): Promise<void> {
  let tally: Tally | undefined = first;
  while (tally) {
    // Ratings arriving from now on wait for the next UPDATE.
    const next: Tally = { delta: 0, waiters: [] };
    tallies.set(userId, next);
    try {
      const count = await addReviewCount(
        ctx.db.db,
        userId,
        tally.delta,
        ctx.clock.now().toISOString(),
      );
      for (const w of tally.waiters) w.resolve(count);
    } catch (err) {
      for (const w of tally.waiters) w.reject(err);
    }
    if (next.waiters.length === 0) {
      tallies.delete(userId);
      tally = undefined;
    } else {
      tally = next;
    }
  }
}

/**
 * After a counted review (committed): start a fit in the background when the student has
 * FSRS_FIT_EVERY_REVIEWS more reviews than at the last one. Never throws; never awaited by the
 * request.
 */
export function maybeFitInBackground(ctx: FitCtx, userId: string, count: Count): void {
  if (count.review_count < FSRS_FIT_EVERY_REVIEWS) return;
  if (count.review_count - count.fitted_reviews < FSRS_FIT_EVERY_REVIEWS) return;
  if (running.has(userId)) return;
  const job = fitParameters(ctx, userId, count.review_count)
    .catch((err: unknown) => {
      ctx.logger({
        level: 'error',
        msg: 'fsrs parameter fit failed',
        userId,
        err: err instanceof Error ? err.message : String(err),
      });
    })
    .finally(() => running.delete(userId));
  running.set(userId, job);
}

/**
 * Fit the student's weights now: claim the fit (one winner across processes; no lock is held
 * while it runs), let the optimizer's child process read the history and train, and store the
 * weights. 'unavailable' when the binding cannot load or the database is in this process's memory
 * (defaults stay); 'skipped' when another fit already claimed this count or the result is
 * unusable.
 */
export async function fitParameters(
  ctx: FitCtx,
  userId: string,
  reviewCount: number,
): Promise<'fitted' | 'unavailable' | 'skipped'> {
  const optimizer = await optimizerSource.load();
  const databaseUrl = ctx.env.DATABASE_URL;
  if (!optimizer || databaseUrl === ':memory:') {
    ctx.logger({ level: 'info', msg: 'fsrs optimizer unavailable; default parameters', userId });
    return 'unavailable';
  }
  if (!(await claimFit(ctx.db.db, userId, reviewCount, FSRS_FIT_EVERY_REVIEWS))) return 'skipped';
  let raw: number[];
  try {
    raw = await optimizer.fitFromLog({ databaseUrl, userId, maxReviews: FIT_MAX_REVIEWS });
  } catch (err) {
    if (err instanceof NotEnoughHistory) return 'skipped';
    throw err;
  }
  const fitted = acceptWeights(raw);
  if (!fitted) return 'skipped';
  await saveWeights(ctx.db.db, userId, fitted, ctx.clock.now().toISOString());
  ctx.logger({ level: 'info', msg: 'fsrs parameters fitted', userId, reviews: reviewCount });
  return 'fitted';
}
