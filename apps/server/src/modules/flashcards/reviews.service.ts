import type {
  FsrsStateName,
  Rating,
  ReviewResult,
  SubmitReviewInput,
} from '@aprenda/shared/schemas/flashcards';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { activityDay, ratingWrites, runWrites, undoWrites } from '../metrics/public.ts';
import { userActionRow } from '../records/public.ts';
import { accessTo, deckAccess, type Ctx, type DeckAccess } from './access.service.ts';
import { lowerNewMark } from './cards.queries.ts';
import { emptyMemory, memoryFromJson, memoryToJson, rate, type Memory } from './fsrs-adapter.ts';
import {
  countReview,
  maybeFitInBackground,
  parseWeights,
  type FitCtx,
} from './parameters.service.ts';
import {
  advanceNewMark,
  deleteState,
  insertActionRow,
  markUndone,
  selectItem,
  selectLatestReviewId,
  selectRatingTarget,
  selectReview,
  selectStateForUpdate,
  upsertState,
  writeRating,
  type ReviewRow,
} from './reviews.queries.ts';
import { queueOf, type StateRow } from './study.queries.ts';
import { countsOfDeck } from './study.service.ts';
import { studyDay } from './study-day.ts';

/**
 * Ratings (docs/api/flashcards.md, "Studying"). The server schedules (ts-fsrs through the
 * adapter) at its own clock; every rating is one review log row keyed by the client's id, so a
 * retry or a double tap counts once, and the latest rating of a deck can be undone.
 */

function memoryOfRow(s: StateRow): Memory {
  return {
    state: s.state as FsrsStateName,
    due: new Date(s.due),
    stability: s.stability,
    difficulty: s.difficulty,
    elapsed_days: s.elapsed_days,
    scheduled_days: s.scheduled_days,
    learning_steps: s.learning_steps,
    reps: s.reps,
    lapses: s.lapses,
    last_review: s.last_review ? new Date(s.last_review) : null,
  };
}

function stateColumns(m: Memory) {
  return {
    state: m.state,
    due: m.due.toISOString(),
    stability: m.stability,
    difficulty: m.difficulty,
    elapsed_days: m.elapsed_days,
    scheduled_days: m.scheduled_days,
    learning_steps: m.learning_steps,
    reps: m.reps,
    lapses: m.lapses,
    last_review: m.last_review ? m.last_review.toISOString() : null,
  };
}

/** The same request again: same item, rating, duration and client time. */
function samePayload(row: ReviewRow, input: SubmitReviewInput): boolean {
  return (
    row.item_id === input.item_id &&
    row.rating === input.rating &&
    row.duration_ms === input.duration_ms &&
    Date.parse(row.client_time) === Date.parse(input.client_time)
  );
}

const reviewConflict = () =>
  conflict('Another rating was already sent under this id', 'review_conflict');

/** Thrown inside the transaction when the id turned out taken (a concurrent twin): roll back. */
class AlreadyStored extends Error {}

async function resultOf(
  ctx: Ctx,
  access: DeckAccess,
  row: Pick<ReviewRow, 'id' | 'item_id'>,
  memory: Memory,
  tz: string | undefined,
): Promise<ReviewResult> {
  return {
    review_id: row.id,
    item_id: row.item_id,
    state: memory.state,
    due: memory.due.toISOString(),
    scheduled_days: memory.scheduled_days,
    counts: await countsOfDeck(ctx, access.userId, access.deck, tz),
  };
}

/** A stored review answered again (200): the state it led to. */
async function replayed(
  ctx: Ctx,
  userId: string,
  row: ReviewRow,
  input: SubmitReviewInput,
): Promise<{ created: false; result: ReviewResult }> {
  if (!samePayload(row, input)) throw reviewConflict();
  const access = await deckAccess(ctx, row.deck_id, userId);
  const result = await resultOf(ctx, access, row, memoryFromJson(row.state_after), input.tz);
  return { created: false, result };
}

/**
 * POST /reviews — 201 the first time, the same answer (200) for the same id and payload, 409
 * `review_conflict` for another payload under a known id. Records `card_reviewed` (deck and
 * rating, no card text) in the same transaction, and starts a parameter fit in the background
 * after every FSRS_FIT_EVERY_REVIEWS counted reviews. Before the transaction ONE statement reads
 * the item, its card and deck, the student's weights and whether the id is known; after it, the
 * review is counted while today's counts are read.
 */
export async function submitReview(
  ctx: FitCtx,
  userId: string,
  input: SubmitReviewInput,
): Promise<{ created: boolean; result: ReviewResult }> {
  const now = ctx.clock.now();
  const dayEnd = studyDay(now, input.tz).end;
  const target = await selectRatingTarget(
    ctx.db.db,
    userId,
    input.item_id,
    input.id,
    dayEnd.toISOString(),
  );
  if (!target || target.known) {
    const known = await selectReview(ctx.db.db, userId, input.id);
    if (known) return replayed(ctx, userId, known, input);
    if (!target) throw notFound('No such item');
  }
  const { item, card } = target;
  if (card.deleted_at !== null) throw notFound('No such card');
  const access = await accessTo(ctx, target.deck, userId);
  const deck = access.deck;
  const weights = parseWeights(target.weights);
  const day = activityDay(now, input.tz);
  const classIds = access.viaClasses.map((c) => c.id);
  const nowIso = now.toISOString();
  const rating = input.rating as Rating;

  let memory: Memory;
  try {
    memory = await inTransaction(ctx.db, async (trx) => {
      const current = await selectStateForUpdate(trx, ctx.db, userId, item.id);
      const before = current ? memoryOfRow(current) : emptyMemory(now);
      const rated = rate(before, rating, now, item.id, {
        desiredRetention: deck.desired_retention,
        weights,
      });
      const suspended = current ? current.suspended === 1 : false;
      const review = {
        id: input.id,
        user_id: userId,
        item_id: item.id,
        card_id: card.id,
        deck_id: deck.id,
        content_version: Number(card.content_version),
        rating,
        prev_state: before.state,
        state_before: memoryToJson(before),
        state_after: memoryToJson(rated.memory),
        scheduled_days: rated.scheduledDays,
        elapsed_days: rated.elapsedDays,
        duration_ms: input.duration_ms,
        client_time: input.client_time,
        reviewed_at: nowIso,
        undone_at: null,
        study_day: day,
      };
      const state = {
        user_id: userId,
        item_id: item.id,
        card_id: card.id,
        deck_id: deck.id,
        ...stateColumns(rated.memory),
        queue: queueOf(rated.memory.state, suspended, false),
        suspended: suspended ? 1 : 0,
        deleted: 0,
        updated_at: nowIso,
      };
      const action = userActionRow(ctx, userId, {
        action: 'card_reviewed',
        context: { deck_id: deck.id, rating },
      });
      // Metrics: the day is cleared when nothing else is due today and this card is not either.
      const cleared =
        !target.otherDue && (suspended || rated.memory.due.getTime() >= dayEnd.getTime());
      const rollups = ratingWrites(
        trx,
        ctx.db,
        {
          userId,
          day,
          rating,
          prevState: before.state,
          intervalBefore: before.scheduled_days,
          durationMs: input.duration_ms,
          classIds,
        },
        cleared,
      );
      if (!(await writeRating(trx, ctx.db, { review, state, action }, rollups))) {
        throw new AlreadyStored();
      }
      if (!current) await advanceNewMark(trx, userId, deck.id, deck.item_seq);
      return rated.memory;
    });
  } catch (err) {
    if (!(err instanceof AlreadyStored)) throw err;
    const twin = await selectReview(ctx.db.db, userId, input.id);
    if (!twin) throw err;
    return replayed(ctx, userId, twin, input);
  }
  const [count, result] = await Promise.all([
    countReview(ctx, userId, 1),
    resultOf(ctx, access, { id: input.id, item_id: item.id }, memory, input.tz),
  ]);
  maybeFitInBackground(ctx, userId, count);
  return { created: true, result };
}

const nothingToUndo = () =>
  new AppError('nothing_to_undo', 'Only your latest rating of this deck can be undone');

/**
 * POST /reviews/{id}/undo — only the caller's latest review of that deck that is not undone
 * (409 `nothing_to_undo` otherwise): the item's state goes back to what it was before (an item
 * that was new is new again), the review stays in the log marked `undone_at` (replay skips it)
 * and stops counting. Records `card_review_undone` (deck and rating).
 */
export async function undoReview(
  ctx: Ctx,
  userId: string,
  reviewId: string,
  tz: string | undefined,
): Promise<ReviewResult> {
  const review = await selectReview(ctx.db.db, userId, reviewId);
  if (!review) throw notFound('No such review');
  const access = await deckAccess(ctx, review.deck_id, userId);
  const before = memoryFromJson(review.state_before);
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  // The day the rating was counted in (rows from before the rollups: its UTC study day).
  const day = review.study_day ?? activityDay(new Date(review.reviewed_at), 'UTC');
  // The card it restores is due again before today ends: today is no longer cleared.
  const uncleared =
    before.state !== 'new' && before.due.getTime() < studyDay(now, tz).end.getTime();
  await inTransaction(ctx.db, async (trx) => {
    if (review.undone_at !== null) throw nothingToUndo();
    const latest = await selectLatestReviewId(trx, userId, review.deck_id);
    if (latest !== review.id) throw nothingToUndo();
    const current = await selectStateForUpdate(trx, ctx.db, userId, review.item_id);
    if (!current) throw nothingToUndo();
    if (!(await markUndone(trx, userId, review.id, nowIso))) throw nothingToUndo();
    if (before.state === 'new' && current.suspended !== 1) {
      await deleteState(trx, userId, review.item_id);
      const item = await selectItem(trx, review.item_id);
      if (item) await lowerNewMark(trx, review.deck_id, item.position, userId);
    } else {
      await upsertState(trx, {
        user_id: userId,
        item_id: review.item_id,
        card_id: current.card_id,
        deck_id: current.deck_id,
        ...stateColumns(before),
        queue: queueOf(before.state, current.suspended === 1, current.deleted === 1),
        suspended: current.suspended,
        deleted: current.deleted,
        updated_at: nowIso,
      });
    }
    await runWrites(
      undoWrites(
        trx,
        ctx.db,
        {
          userId,
          day,
          rating: review.rating,
          prevState: review.prev_state,
          intervalBefore: before.scheduled_days,
          durationMs: review.duration_ms,
          classIds: access.viaClasses.map((c) => c.id),
        },
        uncleared,
      ),
    );
    await insertActionRow(
      trx,
      userActionRow(ctx, userId, {
        action: 'card_review_undone',
        context: { deck_id: review.deck_id, rating: review.rating },
      }),
    );
  });
  await countReview(ctx, userId, -1);
  return resultOf(ctx, access, review, before, tz);
}
