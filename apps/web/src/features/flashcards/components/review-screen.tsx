import {
  useCallback,
  useEffect,
  useEffectEvent,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CircleCheck, Undo2 } from 'lucide-react';
import { QUEUE_LIMIT_MAX, type QueueItem } from '@aprenda/shared/schemas/flashcards';
import { Button, buttonVariants } from '@/components/ui/button';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode, errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { refreshDecks, useDeck } from '../api/decks';
import { fetchQueue, reviewOutbox, useReviewOutbox } from '../api/reviews';
import { formatInterval } from '../lib/intervals';
import { deckPath, FLASHCARDS_PATH } from '../lib/paths';
import { reviewKeyAction, type Rating, type ReviewAction } from '../lib/review-keys';
import {
  cardsLeft,
  initialSession,
  laterToday,
  needsQueue,
  newReviewId,
  reviewDuration,
  sessionReducer,
  sessionSummary,
  type SessionState,
} from '../lib/review-session';
import { timeZone } from '@/lib/time-zone';
import { CardContent } from './card-content';
import { PendingReviews } from './pending-reviews';

const RATINGS: { rating: Rating; key: 'again' | 'hard' | 'good' | 'easy'; tone: string }[] = [
  { rating: 1, key: 'again', tone: 'text-red-300 hover:border-red-400/60' },
  { rating: 2, key: 'hard', tone: 'text-amber-300 hover:border-amber-400/60' },
  { rating: 3, key: 'good', tone: 'text-emerald-300 hover:border-emerald-400/60' },
  { rating: 4, key: 'easy', tone: 'text-sky-300 hover:border-sky-400/60' },
];

/**
 * A card due this soon is waited for on the finished screen (the queue is asked again) — and a
 * learning card due later today, however far: it is one of today's cards.
 */
const WAIT_FOR_NEXT_MS = 30 * 60_000;
/** How often the finished screen updates "o próximo em 5 minutos". */
const CLOCK_TICK_MS = 15_000;
/** How long after a rating a tap does not show the next answer (longer than a double tap). */
const TAP_SETTLE_MS = 400;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

interface Failure {
  pending: number;
  online: boolean;
  error: unknown;
}

/**
 * `/dashboard/flashcard/:deckId/estudar`: the front of a card; Space, Enter or a tap shows the
 * answer; 1–4 (or the four buttons, each with the next interval) rate; Z or "Desfazer" undoes the
 * last rating. Ratings go through the outbox (IndexedDB), so none is lost when the network fails:
 * the sitting goes on with the cards loaded and the badge says how many wait.
 */
export function ReviewScreen({ deckId, userId }: { deckId: string; userId: string }) {
  const { t, i18n } = useTranslation(['flashcards', 'errors', 'dashboard']);
  const deck = useDeck(deckId);
  const [state, dispatch] = useReducer(sessionReducer, initialSession);
  const { pending, ready, stalled } = useReviewOutbox(userId);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState('');
  const inFlight = useRef(false);
  // Just after a rating, taps do not show the next card's answer: the second tap of a double tap
  // on a rating would land on "Mostrar resposta", where the ratings were. Keys are not held back.
  const [settling, setSettling] = useState(false);
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), TAP_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling, state.ratingsGiven]);
  const showRef = useRef<HTMLButtonElement>(null);
  const goodRef = useRef<HTMLButtonElement>(null);

  const [fetches, setFetches] = useState(0);
  const load = useCallback(
    (pendingNow: number, onlineNow: boolean, ratingsNow: number) => {
      if (inFlight.current) return;
      inFlight.current = true;
      fetchQueue(deckId, QUEUE_LIMIT_MAX)
        .then(
          (queue) => {
            dispatch({ type: 'queue', queue, now: Date.now(), seenRatings: ratingsNow });
            setFailure(null);
          },
          (error: unknown) => setFailure({ pending: pendingNow, online: onlineNow, error }),
        )
        .finally(() => {
          inFlight.current = false;
          setFetches((n) => n + 1);
        });
    },
    [deckId],
  );

  // Asked again after a failure only when something changed: the network came back or the
  // outbox moved.
  const blocked = failure !== null && failure.pending === pending && failure.online === online;
  const want = needsQueue(state, pending, online, ready) && !blocked;
  const ratings = state.ratingsGiven;
  useEffect(() => {
    if (want) load(pending, online, ratings);
  }, [want, load, pending, online, ratings, fetches]);

  // A rating that reaches the server takes its card out of the sitting (one given before a
  // reload, or one a queue fetched before it arrived still holds) — unless it was undone here:
  // Z pressed while it was on its way sends the undo behind it, and its card is the one shown.
  const undoneRatings = useRef(new Set<string>());
  useEffect(
    () =>
      reviewOutbox().onEvent((event) => {
        if (
          event.type === 'sent' &&
          event.op.kind === 'review' &&
          event.op.deckId === deckId &&
          !undoneRatings.current.has(event.op.body.id)
        ) {
          dispatch({
            type: 'drop',
            itemId: event.op.body.item_id,
            reviewId: event.op.body.id,
            now: Date.now(),
          });
        }
      }),
    [deckId],
  );

  // A rating refused as not found: the deck may have been deleted (another tab, another device).
  // Ask for the deck again; once it is gone the sitting stops instead of offering its cards.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      reviewOutbox().onEvent((event) => {
        if (
          event.type === 'dropped' &&
          event.op.deckId === deckId &&
          errorCode(event.error) === 'not_found'
        ) {
          refreshDecks(queryClient, deckId);
        }
      }),
    [deckId, queryClient],
  );
  const deckGone = deck.isError && errorCode(deck.error) === 'not_found';

  const finished = state.loaded && state.current === null && !want;

  // A card coming back soon, or a learning card later today: ask for it when it is due.
  const learningLater = state.baseLearning > 0;
  useEffect(() => {
    if (!finished || !state.nextDueAt) return;
    const wait = Date.parse(state.nextDueAt) - Date.now();
    if (!(wait < WAIT_FOR_NEXT_MS) && !learningLater) return;
    const timer = setTimeout(() => load(pending, online, ratings), Math.max(1000, wait + 1000));
    return () => clearTimeout(timer);
  }, [finished, state.nextDueAt, learningLater, load, pending, online, ratings]);

  // Keyboard focus follows the card: the answer button, then "Bom" once the answer shows.
  const currentId = state.current?.item_id;
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (state.flipped ? goodRef : showRef).current?.focus({ preventScroll: true });
  }, [state.flipped, currentId]);

  function rate(rating: Rating) {
    const item = state.current;
    if (!item || !state.flipped) return;
    const id = newReviewId();
    const now = Date.now();
    const body = {
      id,
      item_id: item.item_id,
      rating,
      duration_ms: reviewDuration(state.shownAt, now),
      client_time: new Date(now).toISOString(),
      tz: timeZone(),
    };
    dispatch({ type: 'rate', reviewId: id, rating, now });
    setSettling(true);
    setNotice('');
    reviewOutbox()
      .enqueueReview(deckId, body)
      .catch((error: unknown) => toastError(t('dropped', { reason: errorMessage(t, error) })));
  }

  function undo() {
    const last = state.history.at(-1);
    if (!last) {
      setNotice(t('review.nothingToUndo'));
      return;
    }
    undoneRatings.current.add(last.reviewId);
    dispatch({ type: 'undo', now: Date.now() });
    setNotice(t('review.undone'));
    reviewOutbox()
      .undo(deckId, last.reviewId)
      .catch((error: unknown) => toastError(errorMessage(t, error)));
  }

  function act(action: ReviewAction) {
    if (action.type === 'flip') dispatch({ type: 'flip' });
    else if (action.type === 'rate') rate(action.rating);
    else undo();
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!state.current && !(state.history.length > 0)) return;
    const action = reviewKeyAction(event, state.flipped);
    if (!action) return;
    if (action.type === 'undo' && state.history.length === 0) return;
    event.preventDefault();
    act(action);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const title = deck.data?.title ?? '';
  const firstError = !state.loaded && failure !== null;

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <Link
        to={deckPath(deckId)}
        className="inline-flex min-h-6 items-center gap-1 self-start py-1 text-sm text-zinc-300 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('review.back')}
      </Link>
      <h1 className="text-xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
        {title ? t('review.heading', { title }) : t('dashboard:tools.flashcard.name')}
      </h1>

      <PendingReviews userId={userId} />
      <p role="status" aria-live="polite" className="sr-only">
        {notice}
      </p>

      {deckGone ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorBox>{t('review.deckGone')}</ErrorBox>
          <Link to={FLASHCARDS_PATH} className={buttonVariants({ variant: 'outline' })}>
            {t('deck.back')}
          </Link>
        </div>
      ) : firstError ? (
        errorCode(failure.error) === 'not_found' ? (
          <ErrorBox>{errorMessage(t, failure.error)}</ErrorBox>
        ) : (
          <ErrorBox retryLabel={t('retry')} onRetry={() => load(pending, online, ratings)}>
            {t('review.loadError')}
          </ErrorBox>
        )
      ) : !state.loaded ? (
        <LoadingState>{t('review.loading')}</LoadingState>
      ) : state.current ? (
        <Studying
          state={state}
          item={state.current}
          language={i18n.language}
          showRef={showRef}
          goodRef={goodRef}
          settling={settling}
          onFlip={() => dispatch({ type: 'flip' })}
          onRate={rate}
          onUndo={undo}
        />
      ) : finished && pending > 0 && online && !stalled ? (
        // The last ratings are on their way: the queue is asked again once they arrive (a
        // learning step may bring a card back at once). Not "Pronto por hoje!" meanwhile.
        <LoadingState>{t('review.loading')}</LoadingState>
      ) : finished ? (
        <Finished
          deckId={deckId}
          state={state}
          waiting={pending > 0}
          language={i18n.language}
          onUndo={undo}
          onContinue={() => load(pending, online, ratings)}
        />
      ) : (
        <LoadingState>{t('review.loading')}</LoadingState>
      )}
    </section>
  );
}

function Studying({
  state,
  item,
  language,
  showRef,
  goodRef,
  settling,
  onFlip,
  onRate,
  onUndo,
}: {
  state: SessionState;
  item: QueueItem;
  language: string;
  showRef: React.RefObject<HTMLButtonElement | null>;
  goodRef: React.RefObject<HTMLButtonElement | null>;
  /** A rating was just given: taps do not flip yet. */
  settling: boolean;
  onFlip: () => void;
  onRate: (rating: Rating) => void;
  onUndo: () => void;
}) {
  const { t } = useTranslation('flashcards');
  const left = cardsLeft(state);
  // A click from Space or Enter on the focused button has `detail` 0: keys are never held back.
  const tapFlip = (event: React.MouseEvent) => {
    if (settling && event.detail > 0) return;
    onFlip();
  };
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-300 tabular-nums" data-testid="review-progress">
          {t('review.left', { count: left })}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onUndo}
          disabled={state.history.length === 0}
          aria-label={t('review.undoLabel')}
          aria-keyshortcuts="Z"
        >
          <Undo2 aria-hidden />
          {t('review.undo')}
        </Button>
      </div>

      {/* A tap anywhere on the card shows the answer (the button below does it by keyboard). */}
      <div
        className={cn(
          'flex min-h-52 flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:p-6',
          !state.flipped && 'cursor-pointer',
        )}
        onClick={state.flipped ? undefined : tapFlip}
        data-testid="review-card"
      >
        <section aria-label={t('review.question')}>
          <CardContent text={item.front} />
        </section>
        {state.flipped ? (
          <section
            aria-label={t('review.answer')}
            className="flex flex-col gap-4 border-t border-border pt-4"
          >
            <CardContent text={item.back} />
          </section>
        ) : null}
      </div>

      <div className="sticky bottom-0 -mx-4 border-t border-border bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:pt-0 sm:backdrop-blur-none">
        {state.flipped ? (
          <div role="group" aria-label={t('review.ratings')} className="grid grid-cols-4 gap-2">
            {RATINGS.map(({ rating, key, tone }) => {
              const interval = formatInterval(item.previews[rating].interval_ms, language);
              const label = t(`review.${key}`);
              return (
                <button
                  key={rating}
                  ref={rating === 3 ? goodRef : undefined}
                  type="button"
                  onClick={() => onRate(rating)}
                  aria-keyshortcuts={String(rating)}
                  className={cn(
                    'flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-md border border-border bg-zinc-900 px-1 py-2 text-sm font-medium transition-colors hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    tone,
                  )}
                >
                  {/* Named "Bom, volta em 10 min (tecla 3)": the visible words and more. */}
                  <span className="max-w-full truncate">
                    {label}
                    <span className="sr-only">{t('review.backIn')}</span>
                  </span>
                  <span className="text-xs font-normal text-zinc-300 tabular-nums">
                    {interval}
                    <span className="sr-only">{t('review.keyHint', { key: rating })}</span>
                  </span>
                </button>
              );
            })}
          </div>
        ) : (
          <Button
            ref={showRef}
            size="lg"
            className="h-14 w-full text-base"
            onClick={tapFlip}
            aria-disabled={settling || undefined}
            aria-keyshortcuts="Space"
          >
            {t('review.showAnswer')}
          </Button>
        )}
        <p className="mt-3 hidden text-xs text-zinc-400 sm:block">{t('review.shortcuts')}</p>
      </div>
    </>
  );
}

/** "em 5 minutos", "em 2 horas": how far `wait` (ms, > 0) is, in the language. */
function inWords(wait: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.max(1, Math.round(wait / 60_000));
  return minutes < 60
    ? format.format(minutes, 'minute')
    : format.format(Math.round(minutes / 60), 'hour');
}

/** Epoch ms, updated every CLOCK_TICK_MS until `until` (and just after it); null: not updated. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const wait = until - now;
    if (wait < 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(CLOCK_TICK_MS, wait + 50));
    return () => clearTimeout(timer);
  }, [until, now]);
  return now;
}

function Finished({
  deckId,
  state,
  waiting,
  language,
  onUndo,
  onContinue,
}: {
  deckId: string;
  state: SessionState;
  waiting: boolean;
  language: string;
  onUndo: () => void;
  /** Ask for the queue again (a learning card is due, or the last request failed). */
  onContinue: () => void;
}) {
  const { t } = useTranslation('flashcards');
  const later = laterToday(state);
  const summary = sessionSummary(state.history);
  const next = state.nextDueAt ? new Date(state.nextDueAt) : null;
  // Learning cards come back later today: the queue the screen last read says so (not when it is
  // stale: ratings given since could not be sent, or the queue could not be asked again).
  const comingBack = !waiting && !later.stale && later.learning > 0 && next !== null;
  const now = useNow(next !== null && !waiting ? next.getTime() : null);
  const wait = next ? next.getTime() - now : null;
  let nextLine: string;
  let canContinue = false;
  if (waiting) nextLine = t('review.offlineEnd');
  else if (later.stale) {
    nextLine = t('review.nextUnknown');
    canContinue = true;
  } else if (comingBack && wait !== null && wait <= 0) {
    // Asked for by itself at this time; the button is there if that request failed.
    nextLine = t('review.dueAgain');
    canContinue = true;
  } else if (comingBack && wait !== null) {
    nextLine = t('review.comingBack', { count: later.learning, when: inWords(wait, language) });
  } else if (!next || wait === null) nextLine = t('review.nextNone');
  else if (wait < WAIT_FOR_NEXT_MS)
    nextLine = t('review.nextSoon', { when: inWords(wait, language) });
  else
    nextLine = t('review.next', {
      when: new Intl.DateTimeFormat(language, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next),
    });

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck className="size-5 text-emerald-300" aria-hidden />
        {comingBack
          ? t('review.forNowTitle')
          : waiting || later.stale
            ? t('review.loadedDoneTitle')
            : summary.total > 0
              ? t('review.finishedTitle')
              : t('review.doneTitle')}
      </h2>
      {summary.total > 0 ? (
        <>
          <p>{t('review.studied', { count: summary.total })}</p>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-medium text-zinc-300">{t('review.breakdown')}</h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="review-breakdown">
              {RATINGS.map(({ rating, key, tone }) => (
                <li
                  key={rating}
                  className="flex flex-col rounded-md border border-border bg-zinc-900 px-3 py-2"
                >
                  <span className={cn('text-sm', tone)}>{t(`review.${key}`)}</span>
                  <span className="text-lg font-semibold tabular-nums">
                    {new Intl.NumberFormat(language).format(summary.byRating[rating])}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm text-zinc-300">
            {t('review.time', { time: formatInterval(summary.durationMs, language) })}
          </p>
        </>
      ) : null}
      <p className="text-sm text-zinc-200" data-testid="review-next">
        {nextLine}
      </p>
      <div className="flex flex-wrap gap-2">
        {canContinue ? <Button onClick={onContinue}>{t('review.studyMore')}</Button> : null}
        <Link
          to={deckPath(deckId)}
          className={buttonVariants({ variant: canContinue ? 'outline' : 'default' })}
        >
          {t('review.back')}
        </Link>
        <Link to={FLASHCARDS_PATH} className={buttonVariants({ variant: 'outline' })}>
          {t('deck.back')}
        </Link>
        {state.history.length > 0 ? (
          <Button variant="ghost" onClick={onUndo} aria-label={t('review.undoLabel')}>
            <Undo2 aria-hidden />
            {t('review.undo')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
