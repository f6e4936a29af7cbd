import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Queue, ReviewResult, SubmitReviewInput } from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { createOutboxStore } from '../lib/outbox-store';
import { ReviewOutbox, type OutboxSnapshot } from '../lib/review-outbox';
import { timeZone } from '@/lib/time-zone';
import { flashcardsKeys } from './keys';

/** GET /decks/{id}/queue?tz&limit — the next items to study, today's counts, the next due time. */
export function fetchQueue(deckId: string, limit: number, signal?: AbortSignal): Promise<Queue> {
  return api().get<Queue>('/decks/{id}/queue', {
    params: { id: deckId },
    query: { tz: timeZone(), limit },
    signal,
  });
}

/** POST /reviews — idempotent by the client's id. */
export function submitReview(body: SubmitReviewInput): Promise<ReviewResult> {
  return api().post<ReviewResult>('/reviews', { body });
}

/** POST /reviews/{id}/undo?tz */
export function undoReview(reviewId: string): Promise<ReviewResult> {
  return api().post<ReviewResult>('/reviews/{id}/undo', {
    params: { id: reviewId },
    query: { tz: timeZone() },
  });
}

let outbox: ReviewOutbox | null = null;

/** The app's one review outbox (IndexedDB), created on first use. */
export function reviewOutbox(): ReviewOutbox {
  outbox ??= new ReviewOutbox(createOutboxStore(), {
    sendReview: submitReview,
    sendUndo: undoReview,
  });
  return outbox;
}

/**
 * How many of `userId`'s ratings (and undos) have not reached the server. Whatever waits is sent
 * first, for at most `waitMs` (a hanging connection must not hold the caller): signing out asks
 * before the rest are lost with the device's data.
 */
export async function unsentReviews(userId: string, waitMs: number): Promise<number> {
  const box = reviewOutbox();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([box.setUser(userId).then(() => box.flush()), waited]);
  } finally {
    clearTimeout(timer);
  }
  return box.getSnapshot().pending;
}

/**
 * Bind the outbox to the signed-in user and follow it: the screen re-renders with the number of
 * ratings waiting. `onEvent` hears each rating sent or dropped while the screen is open.
 */
export function useReviewOutbox(userId: string): OutboxSnapshot {
  const box = reviewOutbox();
  useEffect(() => {
    void box.setUser(userId);
  }, [box, userId]);
  return useSyncExternalStore(box.subscribe, box.getSnapshot, box.getSnapshot);
}

/**
 * Once per screen: after ratings reach the server the deck counts are asked again, and a rating
 * the server refused for good is said in a toast.
 */
export function useOutboxEffects(onDropped: (error: unknown) => void): void {
  const queryClient = useQueryClient();
  const dropped = useEffectEvent((error: unknown) => onDropped(error));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = reviewOutbox().onEvent((event) => {
      if (event.type === 'dropped') dropped(event.error);
      if (timer) clearTimeout(timer);
      // One refresh after a burst of sends.
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: flashcardsKeys.decks() });
      }, 400);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
