import type { Queue, QueueItem } from '@aprenda/shared/schemas/flashcards';
import { REVIEW_DURATION_MAX_MS, STUDY_DAY_START_HOUR } from '@aprenda/shared/schemas/flashcards';
import type { Rating } from './review-keys';

/**
 * One sitting of the review screen, kept in the browser: the card shown, the ones loaded after it,
 * what was rated (for undo and the finished screen) and what is left today. The server decides
 * the schedule; this only follows the queue it sent. Ratings go out through the outbox, so while
 * offline the sitting goes on with the cards already loaded; the queue is asked again once the
 * ratings have reached the server (see `needsQueue`).
 */

export interface RatedEntry {
  reviewId: string;
  item: QueueItem;
  rating: Rating;
  durationMs: number;
  /** Its place among the sitting's ratings (`ratingsGiven` after it was given). */
  seq: number;
  /** The server has it (the outbox sent it and got the answer). */
  sent: boolean;
  /**
   * The rating took the card out of today's count. Not when it comes back before the study day
   * ends (a learning step, "volta em 10 min"): the server still counts it among today's cards, and
   * the line jumped back up after a reload.
   */
  counted: boolean;
}

export interface SessionState {
  /** A queue has arrived at least once. */
  loaded: boolean;
  current: QueueItem | null;
  upcoming: QueueItem[];
  flipped: boolean;
  /** When the current card's front appeared (epoch ms): the review duration starts there. */
  shownAt: number;
  /** Ratings of this sitting, oldest first (undone ones taken out). */
  history: RatedEntry[];
  /** Ratings given in the sitting, undone ones included: it only grows. */
  ratingsGiven: number;
  /** `counts.due` of the last queue. */
  baseDue: number;
  /** `counts.learning` of the last queue: learning items due before the study day ends. */
  baseLearning: number;
  /** Ratings given (minus undone) since the last queue arrived that left today's count. */
  ratedSinceFetch: number;
  /**
   * Every rating given (minus undone), and every card dropped, since the last queue arrived —
   * also those that bring their card back later today (a learning step): the server's queue has
   * changed all the same, and without asking again the sitting ended on "no card scheduled"
   * while both cards were due in minutes.
   */
  changedSinceFetch: number;
  nextDueAt: string | null;
}

export type SessionAction =
  /**
   * `seenRatings`: `ratingsGiven` when the queue was asked for. A count of the history would not
   * do: a rating undone and given again while the queue is on its way leaves the history as long
   * as it was, and its card would come back.
   */
  | { type: 'queue'; queue: Queue; now: number; seenRatings: number }
  | { type: 'flip' }
  | { type: 'rate'; reviewId: string; rating: Rating; now: number }
  | { type: 'undo'; now: number }
  /**
   * A rating of this item reached the server: one of this sitting (`reviewId`), or one given
   * before a reload.
   */
  | { type: 'drop'; itemId: string; reviewId?: string; now: number };

export const initialSession: SessionState = {
  loaded: false,
  current: null,
  upcoming: [],
  flipped: false,
  shownAt: 0,
  history: [],
  ratingsGiven: 0,
  baseDue: 0,
  baseLearning: 0,
  ratedSinceFetch: 0,
  changedSinceFetch: 0,
  nextDueAt: null,
};

/**
 * When the study day of `now` ends, in this browser's time zone (the one the queue is asked in):
 * the next 04:00, as the server's study day (modules/flashcards/study-day.ts).
 */
export function studyDayEnd(now: number): number {
  const at = new Date(now);
  const end = new Date(at.getFullYear(), at.getMonth(), at.getDate(), STUDY_DAY_START_HOUR);
  if (at.getHours() >= STUDY_DAY_START_HOUR) end.setDate(end.getDate() + 1);
  return end.getTime();
}

/** How long the student looked at the card, within what the server accepts. */
export function reviewDuration(shownAt: number, now: number): number {
  return Math.min(REVIEW_DURATION_MAX_MS, Math.max(0, Math.round(now - shownAt)));
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'queue': {
      const { queue, now } = action;
      const keep = state.current;
      // Ratings given while the queue was on its way, and ratings the server has not answered
      // yet (a queue asked for right after a rating may leave before the rating does): the
      // server may not have had them when it read the queue.
      const later = state.history.filter((entry) => entry.seq > action.seenRatings || !entry.sent);
      const skip = new Set(later.map((entry) => entry.item.item_id));
      if (keep) skip.add(keep.item_id);
      const upcoming = queue.items.filter((item) => !skip.has(item.item_id));
      const current = keep ?? upcoming.shift() ?? null;
      return {
        ...state,
        loaded: true,
        current,
        upcoming,
        flipped: keep ? state.flipped : false,
        shownAt: keep ? state.shownAt : now,
        baseDue: queue.counts.due,
        baseLearning: queue.counts.learning,
        ratedSinceFetch: later.filter((entry) => entry.counted).length,
        changedSinceFetch: later.length,
        nextDueAt: queue.next_due_at,
      };
    }
    case 'flip':
      return state.current && !state.flipped ? { ...state, flipped: true } : state;
    case 'rate': {
      const item = state.current;
      if (!item || !state.flipped) return state;
      const [next = null, ...rest] = state.upcoming;
      const seq = state.ratingsGiven + 1;
      const comesBack = Date.parse(item.previews[action.rating]?.due ?? '');
      const counted = !(comesBack < studyDayEnd(action.now));
      return {
        ...state,
        current: next,
        upcoming: rest,
        flipped: false,
        shownAt: action.now,
        ratingsGiven: seq,
        history: [
          ...state.history,
          {
            reviewId: action.reviewId,
            item,
            rating: action.rating,
            durationMs: reviewDuration(state.shownAt, action.now),
            seq,
            sent: false,
            counted,
          },
        ],
        ratedSinceFetch: state.ratedSinceFetch + (counted ? 1 : 0),
        changedSinceFetch: state.changedSinceFetch + 1,
      };
    }
    case 'drop': {
      const { itemId, reviewId } = action;
      // This sitting's rating: the server has it now (a queue read from here on knows it).
      const marked =
        reviewId !== undefined && state.history.some((e) => e.reviewId === reviewId && !e.sent)
          ? state.history.map((e) => (e.reviewId === reviewId ? { ...e, sent: true } : e))
          : state.history;
      if (state.current?.item_id === itemId) {
        const [next = null, ...rest] = state.upcoming;
        return {
          ...state,
          history: marked,
          current: next,
          upcoming: rest,
          flipped: false,
          shownAt: action.now,
          ratedSinceFetch: state.ratedSinceFetch + 1,
          changedSinceFetch: state.changedSinceFetch + 1,
        };
      }
      if (!state.upcoming.some((item) => item.item_id === itemId)) {
        return marked === state.history ? state : { ...state, history: marked };
      }
      return {
        ...state,
        history: marked,
        upcoming: state.upcoming.filter((item) => item.item_id !== itemId),
        ratedSinceFetch: state.ratedSinceFetch + 1,
        changedSinceFetch: state.changedSinceFetch + 1,
      };
    }
    case 'undo': {
      const last = state.history.at(-1);
      if (!last) return state;
      const back = state.current ? [state.current, ...state.upcoming] : state.upcoming;
      return {
        ...state,
        current: last.item,
        upcoming: back.filter((item) => item.item_id !== last.item.item_id),
        flipped: false,
        shownAt: action.now,
        history: state.history.slice(0, -1),
        ratedSinceFetch: state.ratedSinceFetch - (last.counted ? 1 : 0),
        changedSinceFetch: state.changedSinceFetch - 1,
      };
    }
  }
}

/** Cards left today as the progress line says it: the server's count less what was rated since. */
export function cardsLeft(state: SessionState): number {
  const loaded = (state.current ? 1 : 0) + state.upcoming.length;
  return Math.max(loaded, state.baseDue - state.ratedSinceFetch);
}

/**
 * Whether the queue should be asked again now: the first time, and when the loaded cards run low
 * after ratings — but only once every rating waiting in the outbox has reached the server,
 * otherwise it would send back cards already rated. Opening the screen waits until the outbox has
 * read what waits from before (a reload) and sent it, unless the browser is offline (then the
 * failed request says so).
 */
export function needsQueue(
  state: SessionState,
  outboxPending: number,
  online = true,
  outboxReady = true,
): boolean {
  if (!state.loaded) return outboxReady && (outboxPending === 0 || !online);
  if (outboxPending > 0) return false;
  return state.changedSinceFetch !== 0 && state.upcoming.length <= 2;
}

/**
 * What the finished screen can say of the rest of today, from the last queue: `stale` when
 * something changed since it arrived (it could not be asked again: offline, or the request
 * failed); otherwise how many learning cards come back later today (0: none) and when the next
 * card of the deck is due.
 */
export function laterToday(state: SessionState): {
  stale: boolean;
  learning: number;
  nextDueAt: string | null;
} {
  return {
    stale: state.changedSinceFetch !== 0,
    learning: state.baseLearning,
    nextDueAt: state.nextDueAt,
  };
}

/** Ratings of the sitting by button, and the time spent. */
export function sessionSummary(history: RatedEntry[]): {
  total: number;
  byRating: Record<Rating, number>;
  durationMs: number;
} {
  const byRating: Record<Rating, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  let durationMs = 0;
  for (const entry of history) {
    byRating[entry.rating] += 1;
    durationMs += entry.durationMs;
  }
  return { total: history.length, byRating, durationMs };
}

/** A version-4 UUID for a rating's client id (also where `crypto.randomUUID` is missing: plain http). */
export function newReviewId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
