import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Attempt, GradedResult, ItemResponse } from '@aprenda/shared/schemas/exercises';
import { rememberAutoFlashcard, sendAttemptAnswer } from '../../api/assignments';
import { newClientId } from '../../lib/assignments-client-id';
import {
  browserStorage,
  isRetryable,
  nextPending,
  readPending,
  withoutPending,
  withPending,
  writePending,
  type PendingMap,
} from '../../lib/assignments-pending';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

export interface AttemptAnswers {
  /** Waiting answers by item id (stored in localStorage until the server confirms them). */
  pending: PendingMap;
  /** The answer per item the student sees: waiting, confirmed now, or from the server. */
  responses: Record<string, ItemResponse | null>;
  /** Answers the server confirmed (confirmed here, or read with the attempt). */
  confirmed: Record<string, ItemResponse | null>;
  results: Record<string, GradedResult | null>;
  /** Answers wait because the network failed (or the browser is offline). */
  waiting: boolean;
  sending: boolean;
  answer: (itemId: string, response: ItemResponse, durationMs: number) => void;
  /** Send what waits; true when nothing is left waiting. */
  flush: () => Promise<boolean>;
}

/**
 * The answers of one attempt: each gets a client id once, waits in localStorage, is sent (again
 * with the same id after a failure, when the browser is back online, or on `flush`) and leaves
 * the queue when the server confirms it. An answer the server refuses for good is dropped and
 * `onDropped` told (the attempt is then read again).
 */
export function useAttemptAnswers(
  attempt: Attempt,
  lang: 'pt-BR' | 'en',
  onDropped: (error: unknown) => void,
): AttemptAnswers {
  const attemptId = attempt.id;
  const queryClient = useQueryClient();
  const storage = useMemo(() => browserStorage(), []);
  const [pending, setPendingState] = useState<PendingMap>(() => readPending(storage, attemptId));
  const pendingRef = useRef(pending);
  const [local, setLocal] = useState<
    Record<string, { response: ItemResponse; result: GradedResult | null }>
  >({});
  const [stalled, setStalled] = useState(false);
  const [sending, setSending] = useState(false);
  const running = useRef<Promise<boolean> | null>(null);
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const droppedRef = useRef(onDropped);
  useEffect(() => {
    droppedRef.current = onDropped;
  });

  const setPending = useCallback(
    (next: PendingMap) => {
      pendingRef.current = next;
      writePending(storage, attemptId, next);
      setPendingState(next);
    },
    [storage, attemptId],
  );

  const flush = useCallback((): Promise<boolean> => {
    if (running.current) return running.current;
    const run = (async () => {
      setSending(true);
      try {
        for (
          let next = nextPending(pendingRef.current);
          next;
          next = nextPending(pendingRef.current)
        ) {
          const answer = next;
          try {
            const { result, flashcard } = await sendAttemptAnswer(attemptId, { ...answer, lang });
            if (flashcard) rememberAutoFlashcard(queryClient, attemptId, answer.item_id, flashcard);
            setLocal((old) => ({
              ...old,
              [answer.item_id]: { response: answer.response, result },
            }));
          } catch (error) {
            if (isRetryable(error)) {
              setStalled(true);
              return false;
            }
            droppedRef.current(error);
          }
          setPending(withoutPending(pendingRef.current, answer.id));
        }
        setStalled(false);
        return true;
      } finally {
        setSending(false);
      }
    })();
    // Cleared once the run settles — never inside it: with nothing to send it ends before this
    // line, and a run kept here after it ended would answer every later flush without sending.
    running.current = run;
    void run.finally(() => {
      if (running.current === run) running.current = null;
    });
    return run;
  }, [attemptId, lang, setPending, queryClient]);

  // Answers left from before (a reload) go out at once; again whenever the browser is back online.
  useEffect(() => {
    if (nextPending(pendingRef.current)) void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  const answer = useCallback(
    (itemId: string, response: ItemResponse, durationMs: number) => {
      setPending(
        withPending(pendingRef.current, {
          id: newClientId(),
          item_id: itemId,
          response,
          duration_ms: durationMs,
        }),
      );
      void flush().then((done) => {
        // An answer given while a send was under way: send it too.
        if (done && nextPending(pendingRef.current)) void flush();
      });
    },
    [flush, setPending],
  );

  const { confirmed, results, responses } = useMemo(() => {
    const confirmed: Record<string, ItemResponse | null> = {};
    const results: Record<string, GradedResult | null> = {};
    const responses: Record<string, ItemResponse | null> = {};
    for (const { item, response, result } of attempt.items) {
      const mine = local[item.id];
      confirmed[item.id] = mine?.response ?? response;
      results[item.id] = mine ? mine.result : result;
      responses[item.id] = pending[item.id]?.response ?? confirmed[item.id] ?? null;
    }
    return { confirmed, results, responses };
  }, [attempt.items, local, pending]);

  const count = Object.keys(pending).length;
  return {
    pending,
    responses,
    confirmed,
    results,
    waiting: count > 0 && (stalled || !online),
    sending,
    answer,
    flush,
  };
}
