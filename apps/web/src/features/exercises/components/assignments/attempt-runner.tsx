import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, CircleCheck, CloudOff, Send } from 'lucide-react';
import type { Attempt, ItemResponse, StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { studentAssignmentKeys, useAutoFlashcards, useSubmitAttempt } from '../../api/assignments';
import { isAnswerComplete } from '../../lib/answer';
import { answerLang, durationSince, sameResponse } from '../../lib/assignments-attempt';
import { browserStorage, rememberLastAttempt } from '../../lib/assignments-pending';
import {
  draftsToSend,
  readDrafts,
  unansweredNumbers,
  writeDrafts,
  type DraftMap,
} from '../../lib/attempt-drafts';
import { revealAboveBar } from '../../lib/reveal-feedback';
import { AnswerInput } from '../answer/answer-input';
import { preloadMathField } from '../answer/expression-input';
import { AutoFlashcardNote } from '../practice/auto-flashcards';
import { ItemResult } from './item-result';
import { PendingAnswers } from './pending-answers';
import { QuestionStrip } from './question-strip';
import { useAttemptAnswers } from './use-attempt-answers';

/**
 * Taking an attempt: one question at a time ("Questão 2 de 5", the numbered strip to jump),
 * "Responder" — with feedback at once the graded result shows and the answer is final; with
 * feedback after the due date "Resposta registrada" and the answer may change until "Entregar".
 * Answers wait in localStorage until the server confirms them (use-attempt-answers.ts); what is
 * typed and not sent yet is kept there too (a draft, lib/attempt-drafts.ts), shown again after a
 * reload, and sent with the hand-in — the confirmation says so, and names the blank questions.
 */
export function AttemptRunner({
  assignment,
  attempt,
  focusOnShow = false,
  onHandedIn,
}: {
  assignment: StudentAssignment;
  attempt: Attempt;
  /** Shown by the user's act (Começar, Continuar, Nova tentativa): focus goes to the question. */
  focusOnShow?: boolean;
  onHandedIn?: () => void;
}) {
  const { t, i18n } = useTranslation(['assignments', 'errors']);
  const lang = answerLang(i18n.language);
  const queryClient = useQueryClient();
  const submit = useSubmitAttempt(assignment.id, lang);
  const answers = useAttemptAnswers(attempt, lang, (error) => {
    toastError(t('runner.dropped', { reason: errorMessage(t, error) }));
    void queryClient.invalidateQueries({
      queryKey: studentAssignmentKeys.attempt(attempt.id, lang),
    });
  });
  const autoCards = useAutoFlashcards(attempt.id);
  const items = attempt.items;
  const hasExpression = items.some(({ item }) => item.kind === 'expression');
  // The maths field's chunk comes with the first question, not when an expression one opens.
  useEffect(() => {
    if (hasExpression) preloadMathField();
  }, [hasExpression]);
  const immediate = assignment.feedback === 'immediate';
  const storage = useMemo(() => browserStorage(), []);
  // Drafts kept from before a reload, unless the question has since been answered with them, or
  // (feedback at once) answered at all.
  const [stored] = useState<DraftMap>(() => {
    const kept: DraftMap = {};
    for (const [id, draft] of Object.entries(readDrafts(storage, attempt.id))) {
      const saved = answers.responses[id];
      if (saved === undefined || (immediate && saved !== null)) continue;
      if (!sameResponse(draft.response, saved)) kept[id] = draft;
    }
    return kept;
  });
  const draftMs = useRef<Record<string, number>>(
    Object.fromEntries(Object.entries(stored).map(([id, d]) => [id, d.duration_ms])),
  );
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      items.findIndex((i) => answers.responses[i.item.id] === null),
    ),
  );
  const [drafts, setDrafts] = useState<Record<string, ItemResponse | null>>(() =>
    Object.fromEntries(Object.entries(stored).map(([id, d]) => [id, d.response])),
  );
  const [confirming, setConfirming] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ to: 'heading' | 'main'; n: number } | null>(
    focusOnShow ? { to: 'heading', n: 0 } : null,
  );
  const shownAt = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mainRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // The question answered just now: what its answer brings is brought into sight once it shows.
  const revealFor = useRef<string | null>(null);

  // When a question shows (for the answer's duration).
  useEffect(() => {
    shownAt.current = Date.now();
  }, [index]);

  // Every change of a draft is kept on the device (a cleared field is no draft).
  useEffect(() => {
    const kept: DraftMap = {};
    for (const [id, response] of Object.entries(drafts)) {
      if (response) kept[id] = { response, duration_ms: draftMs.current[id] ?? 0 };
    }
    writeDrafts(storage, attempt.id, kept);
  }, [drafts, storage, attempt.id]);

  useEffect(() => {
    if (focusTarget?.to === 'heading') headingRef.current?.focus();
    if (focusTarget?.to === 'main') mainRef.current?.focus();
  }, [focusTarget]);

  const entry = items[Math.min(index, items.length - 1)];
  const itemId = entry?.item.id ?? '';
  const saved = answers.responses[itemId] ?? null;
  const value = itemId in drafts ? (drafts[itemId] ?? null) : saved;
  const waiting = itemId in answers.pending;
  const result = answers.results[itemId] ?? null;
  const showResult = immediate && result !== null && !waiting;
  const recorded = !immediate && !waiting && saved !== null && sameResponse(value, saved);

  // After "Responder" (feedback at once: the correction; after the due date: "Resposta
  // registrada"; offline: that it waits on this device), what came shows above the sticky bar.
  useEffect(() => {
    if (revealFor.current === null || revealFor.current !== itemId) return;
    const target = showResult
      ? feedbackRef.current
      : recorded || answers.waiting
        ? statusRef.current
        : null;
    if (!target) return;
    revealFor.current = null;
    revealAboveBar(target, barRef.current);
  }, [itemId, showResult, recorded, answers.waiting]);

  if (!entry) return <p className="text-zinc-300">{t('runner.noItems')}</p>;
  const item = entry.item;
  // Made by this answer just now, or stored with the last answer (after a reload).
  const autoCard = autoCards[item.id] ?? entry.flashcard;
  const locked = immediate && saved !== null;
  const canRespond = !locked && isAnswerComplete(item, value) && !sameResponse(value, saved);
  const last = index >= items.length - 1;
  // What a hand-in now would send from the drafts, and the questions it would leave blank.
  const sendOnHandIn = draftsToSend(items, drafts, answers.responses, immediate);
  const blank = unansweredNumbers(items, answers.pending, answers.confirmed, sendOnHandIn);
  const listFormat = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const numbers = (entries: readonly number[]) => listFormat.format(entries.map(String));
  const restored = item.id in stored && item.id in drafts;
  const pendingCount = Object.keys(answers.pending).length;

  function go(i: number) {
    revealFor.current = null;
    setIndex(i);
    setFocusTarget((f) => ({ to: 'heading', n: (f?.n ?? 0) + 1 }));
  }

  function respond() {
    if (!canRespond || !value) return;
    answers.answer(item.id, value, durationSince(shownAt.current, Date.now()));
    revealFor.current = item.id;
    setDrafts(({ [item.id]: _, ...rest }) => rest);
    setFocusTarget((f) => ({ to: 'main', n: (f?.n ?? 0) + 1 }));
  }

  async function handIn(confirmed: boolean) {
    if (!(await answers.flush())) {
      toastError(t('runner.handInWaits'));
      return;
    }
    if (!confirmed && (blank.length > 0 || sendOnHandIn.length > 0)) {
      setConfirming(true);
      return;
    }
    if (sendOnHandIn.length > 0) {
      const sent = new Set<string>();
      for (const { item: open } of sendOnHandIn) {
        const draft = drafts[open.id];
        if (!draft) continue;
        answers.answer(open.id, draft, draftMs.current[open.id] ?? 0);
        sent.add(open.id);
      }
      setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !sent.has(id))));
      if (!(await answers.flush())) {
        toastError(t('runner.handInWaits'));
        return;
      }
    }
    submit.mutate(attempt.id, {
      onSuccess: (done) => {
        setConfirming(false);
        writeDrafts(storage, attempt.id, {});
        rememberLastAttempt(storage, assignment.id, done.id);
        onHandedIn?.();
      },
      onError: (error) => toastError(errorMessage(t, error)),
    });
  }

  const main = canRespond || !(locked || recorded) ? 'respond' : last ? 'handIn' : 'next';

  return (
    <section className="flex flex-col gap-5" aria-labelledby="attempt-title">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1
              id="attempt-title"
              className="text-xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-2xl"
            >
              {assignment.title}
            </h1>
            <p className="text-sm text-zinc-300 tabular-nums" data-testid="attempt-progress">
              {t('runner.progress', { n: index + 1, total: items.length })}
            </p>
          </div>
          <Button variant="outline" pending={submit.isPending} onClick={() => void handIn(false)}>
            <Send aria-hidden />
            {t('runner.handIn')}
          </Button>
        </div>
        <QuestionStrip
          answered={items.map((i) => answers.responses[i.item.id] !== null)}
          current={index}
          onJump={go}
        />
      </header>

      <PendingAnswers
        count={pendingCount}
        waiting={answers.waiting}
        sending={answers.sending}
        onRetry={() => void answers.flush()}
      />

      <article className="flex min-w-0 flex-col gap-4" aria-labelledby="attempt-question">
        <h2
          id="attempt-question"
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-medium text-zinc-400 outline-none"
        >
          {t('runner.question', { n: index + 1 })}
        </h2>
        <div className="min-w-0 text-base [overflow-wrap:anywhere]">
          <Markdown text={item.stem} />
        </div>
        <AnswerInput
          key={item.id}
          item={item}
          value={value}
          onChange={(v) => {
            draftMs.current[item.id] = durationSince(shownAt.current, Date.now());
            setDrafts((d) => ({ ...d, [item.id]: v }));
          }}
          onSubmit={respond}
          disabled={locked || submit.isPending}
          idPrefix="attempt"
        />
      </article>

      <div ref={statusRef} role="status" aria-live="polite" className="scroll-mt-20 empty:hidden">
        {waiting ? (
          <p className="flex items-center gap-2 text-sm text-amber-200">
            <CloudOff className="size-4" aria-hidden />
            {t(immediate ? 'runner.savedOfflineImmediate' : 'runner.savedOffline')}
          </p>
        ) : recorded ? (
          <p className="flex items-center gap-2 text-sm text-emerald-200">
            <CircleCheck className="size-4" aria-hidden />
            {t('runner.recorded')}
          </p>
        ) : restored && canRespond ? (
          <p className="text-sm text-zinc-300">{t('runner.restoredDraft')}</p>
        ) : null}
      </div>

      {/* Always there, so the correction is read out when it comes (a region that appears with its
          text is not announced); empty, its negative margin takes back one gap of the column. */}
      <div
        ref={feedbackRef}
        aria-live="polite"
        className="flex scroll-mt-20 flex-col gap-5 empty:-mt-5"
        data-testid="attempt-feedback"
      >
        {showResult && result ? <ItemResult item={item} result={result} /> : null}
        {immediate && autoCard && !autoCard.deck_full && !waiting ? (
          <AutoFlashcardNote card={autoCard} />
        ) : null}
      </div>

      <div
        ref={barRef}
        data-testid="answer-bar"
        className="sticky bottom-[var(--math-keyboard,0px)] -mx-4 flex gap-2 border-t border-border bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:pt-0 sm:backdrop-blur-none"
      >
        <Button
          variant="outline"
          size="icon"
          className="size-14 sm:size-11"
          aria-label={t('runner.previous')}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          ref={mainRef}
          size="lg"
          className="h-14 min-w-0 flex-1 text-base sm:h-11"
          disabled={main === 'respond' && !canRespond}
          pending={main === 'handIn' && submit.isPending}
          aria-keyshortcuts={main === 'respond' ? 'Enter' : undefined}
          onClick={() =>
            main === 'respond' ? respond() : main === 'next' ? go(index + 1) : void handIn(false)
          }
        >
          {t(`runner.${main}`)}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-14 sm:size-11"
          aria-label={t('runner.nextQuestion')}
          disabled={last}
          onClick={() => go(index + 1)}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t(blank.length > 0 ? 'runner.confirmTitle' : 'runner.confirmTitleSend')}
        description={[
          sendOnHandIn.length > 0
            ? t('runner.confirmDrafts', {
                count: sendOnHandIn.length,
                numbers: numbers(sendOnHandIn.map((e) => items.indexOf(e) + 1)),
              })
            : '',
          blank.length > 0
            ? t('runner.confirmBody', { count: blank.length, numbers: numbers(blank) })
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('runner.handIn')}
        cancelLabel={t('runner.keepGoing')}
        pending={submit.isPending}
        onConfirm={() => void handIn(true)}
      />
    </section>
  );
}
