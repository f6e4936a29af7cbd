import { useCallback, useEffect, useReducer, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { Markdown, preloadMarkdown } from '@/components/markdown/markdown';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState, ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import {
  fetchNextItem,
  submitPracticeAnswer,
  usePracticeSkills,
  useRecordAnswer,
} from '../../api/practice';
import { isAnswerComplete } from '../../lib/answer';
import { PRACTICE_PATH } from '../../lib/practice-paths';
import { readPracticeDraft, sessionStore, writePracticeDraft } from '../../lib/practice-draft';
import { answerBody, initialPractice, practiceReducer } from '../../lib/practice-session';
import { revealAboveBar } from '../../lib/reveal-feedback';
import { AnswerInput } from '../answer/answer-input';
import { AutoFlashcardNote, AutoFlashcardsSwitch } from './auto-flashcards';
import { FeedbackPanel } from './feedback-panel';
import { MasteryPanel } from './mastery-panel';

const ID_PREFIX = 'practice';

/**
 * Practice of one skill (`skillId`), or of what the learner model says the student needs most
 * (null): an item, its answer, the graded feedback and the skill's standing after it, item after
 * item. A failed send keeps the answer and "Tentar de novo" resends it under the same id.
 */
export function PracticeScreen({ skillId }: { skillId: string | null }) {
  const { t, i18n } = useTranslation(['practice', 'errors']);
  const [state, dispatch] = useReducer(practiceReducer, initialPractice);
  const skills = usePracticeSkills();
  const recordAnswer = useRecordAnswer();
  const nextRef = useRef<HTMLButtonElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const focusAnswer = useRef(false);
  const request = useRef(0);
  // A second Enter before the first send re-renders must not send another answer (another id).
  const inFlight = useRef(false);
  // The renderer of the questions' maths comes alongside the first question, not after it.
  useEffect(() => void preloadMarkdown(), []);

  const load = useCallback(() => {
    const seq = ++request.current;
    dispatch({ type: 'load' });
    fetchNextItem(skillId).then(
      (next) => {
        if (seq !== request.current) return;
        dispatch({ type: 'loaded', next, now: Date.now() });
        // The same question after a reload: what was typed before it comes back.
        const draft = next.item ? readPracticeDraft(sessionStore(), next.item.id) : null;
        if (draft) dispatch({ type: 'respond', response: draft });
      },
      (error: unknown) => {
        if (seq === request.current) dispatch({ type: 'loadFailed', error });
      },
    );
  }, [skillId]);

  useEffect(() => {
    load();
  }, [load]);

  // Focus: "Próxima questão" once the feedback shows; the answer once the next item does.
  useEffect(() => {
    if (state.phase === 'feedback') {
      // The feedback is below the item: bring it up, clear of the header and of the sticky bar
      // (on a phone it is out of sight otherwise; scrolled to its top, it went under the header).
      revealAboveBar(feedbackRef.current, barRef.current);
      nextRef.current?.focus({ preventScroll: true });
    }
    if (state.phase === 'answering' && focusAnswer.current) {
      focusAnswer.current = false;
      const target =
        document.getElementById(`${ID_PREFIX}-input`) ??
        document.getElementById(`${ID_PREFIX}-choice-0`);
      target?.focus();
    }
  }, [state.phase, state.item]);

  function send() {
    if (inFlight.current || state.sending || state.phase !== 'answering') return;
    const body = answerBody(state, Date.now(), i18n.language);
    if (!body) return;
    inFlight.current = true;
    dispatch({ type: 'send', body });
    submitPracticeAnswer(body)
      .then(
        (answer) => {
          writePracticeDraft(sessionStore(), body.item_id, null);
          dispatch({ type: 'sent', answer });
          recordAnswer(answer);
        },
        (error: unknown) => dispatch({ type: 'sendFailed', error }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  }

  function next() {
    focusAnswer.current = true;
    load();
  }

  const currentSkill = state.skillId ?? skillId;
  const skill = skills.data?.find((s) => s.id === currentSkill);
  const mastery =
    state.mastery && state.mastery.skill_id === currentSkill
      ? state.mastery
      : (skill?.mastery ?? null);
  const title = skillId ? (skill?.name ?? '') : t('screen.needTitle');
  const item = state.item;
  const complete = item ? isAnswerComplete(item, state.response) : false;
  const feedback = state.phase === 'feedback';

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <Link
        to={PRACTICE_PATH}
        className="inline-flex min-h-6 items-center gap-1 self-start py-1 text-sm text-zinc-300 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('screen.back')}
      </Link>
      <h1 className="text-xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">
        {title || t('dashboard:tools.adaptive.name')}
      </h1>
      <AutoFlashcardsSwitch />

      {currentSkill && currentSkill !== '*' ? (
        <MasteryPanel
          skillId={currentSkill}
          skillName={skill ? (skill.code ? `${skill.code} · ${skill.name}` : skill.name) : ''}
          mastery={mastery}
          change={
            feedback && state.mastery
              ? { before: state.previousLevel, after: state.mastery.level }
              : null
          }
        />
      ) : null}

      {state.phase === 'loading' ? (
        <LoadingState>{t('screen.loading')}</LoadingState>
      ) : state.phase === 'loadError' ? (
        <ErrorBox retryLabel={t('retry')} onRetry={load}>
          {errorMessage(t, state.loadError)}
        </ErrorBox>
      ) : state.phase === 'empty' || !item ? (
        <EmptyState
          icon={<CircleCheck className="size-8 text-emerald-300" aria-hidden />}
          title={t(skillId ? 'screen.emptyTitle' : 'screen.emptyNeedTitle')}
          body={t('screen.emptyBody')}
        >
          <div className="mt-2 flex flex-wrap justify-center gap-2">
            <Link to={PRACTICE_PATH} className={buttonVariants()}>
              {t('screen.back')}
            </Link>
            <Button variant="outline" onClick={load}>
              {t('screen.searchAgain')}
            </Button>
          </div>
        </EmptyState>
      ) : (
        <>
          <article
            aria-labelledby="practice-question"
            className="flex min-w-0 flex-col gap-5 rounded-lg border border-border bg-card p-4 sm:p-6"
            data-testid="practice-item"
          >
            <h2 id="practice-question" className="sr-only">
              {t('screen.question')}
            </h2>
            <div className="min-w-0 text-base [overflow-wrap:anywhere]">
              <Markdown text={item.stem} />
            </div>
            <AnswerInput
              key={`${item.id}-${state.shownAt}`}
              item={item}
              value={state.response}
              onChange={(response) => {
                writePracticeDraft(sessionStore(), item.id, response);
                dispatch({ type: 'respond', response });
              }}
              onSubmit={send}
              disabled={feedback || state.sending}
              idPrefix={ID_PREFIX}
            />
          </article>

          {state.sendError && !state.sending ? (
            <ErrorBox retryLabel={t('retry')} onRetry={send}>
              {t('screen.sendError', { reason: errorMessage(t, state.sendError) })}
            </ErrorBox>
          ) : null}

          {/* Always there, so the feedback is read out when it comes (a region that appears with
              its text is not announced); empty, its negative margin takes back one gap. */}
          <div
            ref={feedbackRef}
            aria-live="polite"
            className="flex scroll-mt-20 flex-col gap-4 empty:-mt-4"
          >
            {feedback && state.result ? <FeedbackPanel item={item} result={state.result} /> : null}
            {feedback && state.flashcard ? <AutoFlashcardNote card={state.flashcard} /> : null}
          </div>

          <div
            ref={barRef}
            data-testid="answer-bar"
            className="sticky bottom-[var(--math-keyboard,0px)] -mx-4 border-t border-border bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:pt-0 sm:backdrop-blur-none"
          >
            {feedback ? (
              <Button ref={nextRef} size="lg" className="h-14 w-full text-base" onClick={next}>
                {t('screen.next')}
              </Button>
            ) : (
              <Button
                size="lg"
                className="h-14 w-full text-base"
                onClick={send}
                disabled={!complete || state.sending}
                aria-keyshortcuts="Enter"
              >
                {t(state.sending ? 'screen.sending' : 'screen.submit')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
