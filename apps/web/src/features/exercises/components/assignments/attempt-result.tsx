import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import type { Attempt, StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useAutoFlashcards, useStartAttempt } from '../../api/assignments';
import { answerLang, responseText, scorePoints } from '../../lib/assignments-attempt';
import { writeDrafts } from '../../lib/attempt-drafts';
import { browserStorage } from '../../lib/assignments-pending';
import { fullDate } from '../../lib/assignments-dates';
import { percentOf, startAction } from '../../lib/assignments-list';
import { BackToList } from './assignment-overview';
import { CreateFlashcard } from './create-flashcard';
import { AutoFlashcardNote } from '../practice/auto-flashcards';
import { ItemResult } from './item-result';

/**
 * The result of a handed-in attempt: the score ("80%", "4 de 5"), the late mark, and — when the
 * correction may show — each question with the student's answer and its correction ("Criar
 * flashcard" under a wrong one); else when the correction shows.
 */
export function AttemptResult({
  assignment: a,
  attempt,
  onOpenAttempt,
  focusOnShow = false,
}: {
  assignment: StudentAssignment;
  attempt: Attempt;
  onOpenAttempt: (attemptId: string | null) => void;
  /** Shown right after a hand-in: focus goes to the heading, so the result is read next. */
  focusOnShow?: boolean;
}) {
  const { t, i18n } = useTranslation(['assignments', 'errors']);
  const lang = answerLang(i18n.language);
  // Handed in (here, or in another tab whose drafts this device still keeps): its drafts are over.
  useEffect(() => writeDrafts(browserStorage(), attempt.id, {}), [attempt.id]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
    // Once, when the result first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const start = useStartAttempt(a.id, lang);
  const autoCards = useAutoFlashcards(attempt.id);
  const again = startAction(a) === 'again';
  const count = attempt.items.length;
  const points = scorePoints(attempt.score, count);
  const pointsText = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    points,
  );

  function newAttempt() {
    start.mutate(undefined, {
      onSuccess: (next) => onOpenAttempt(next.id),
      onError: (error) => toastError(errorMessage(t, error)),
    });
  }

  return (
    <section className="flex flex-col gap-6" aria-labelledby="result-title">
      <BackToList />
      <header className="flex flex-col gap-1">
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">{a.class_title}</p>
        <h1
          id="result-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl outline-none font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl"
        >
          {a.title}
        </h1>
      </header>

      <div
        className="flex flex-col gap-2 rounded-lg border border-border bg-card p-5"
        data-testid="attempt-score"
      >
        <h2 className="text-sm font-medium text-zinc-300">{t('result.heading')}</h2>
        {attempt.score === null ? (
          // Feedback after the due date: the score would tell which answers were right.
          <p className="flex flex-col gap-1">
            <span className="text-2xl font-semibold">{t('result.handedIn')}</span>
            <span className="text-sm text-zinc-300">{t('result.scoreLater')}</span>
          </p>
        ) : (
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-4xl font-semibold tabular-nums">
              {t('result.percent', { percent: percentOf(attempt.score) })}
            </span>
            <span className="text-zinc-200 tabular-nums">
              {t('result.points', { points: pointsText, total: count })}
            </span>
          </p>
        )}
        {attempt.late ? (
          <p className="text-sm font-medium text-amber-200">{t('status.late')}</p>
        ) : null}
        {a.attempts_allowed !== 1 ? (
          <p className="text-sm text-zinc-400">
            {t('result.attemptNumber', { n: attempt.number })}
          </p>
        ) : null}
      </div>

      {attempt.feedback_visible ? (
        <ol className="flex flex-col gap-6" aria-label={t('result.review')}>
          {attempt.items.map(({ item, response, result, flashcard }, i) => {
            // Made by an answer just now, or stored with the last answer (after a reload).
            const autoCard = autoCards[item.id] ?? flashcard;
            return (
              <li
                key={item.id}
                className="flex min-w-0 flex-col gap-3 border-t border-border pt-5"
                data-testid="result-item"
              >
                <h2 className="text-sm font-medium text-zinc-400">
                  {t('runner.question', { n: i + 1 })}
                </h2>
                <div className="min-w-0 [overflow-wrap:anywhere]">
                  <Markdown text={item.stem} />
                </div>
                <div className="flex min-w-0 flex-col gap-1 text-sm">
                  <span className="text-zinc-400">{t('result.yourAnswer')}</span>
                  {response ? (
                    <div className="min-w-0 [overflow-wrap:anywhere]">
                      <Markdown text={responseText(item, response)} />
                    </div>
                  ) : (
                    <span className="text-zinc-300 italic">{t('result.noAnswer')}</span>
                  )}
                </div>
                {result ? <ItemResult item={item} result={result} /> : null}
                {result && !result.correct ? (
                  autoCard && !autoCard.deck_full ? (
                    <AutoFlashcardNote card={autoCard} />
                  ) : (
                    <CreateFlashcard assignmentTitle={a.title} item={item} result={result} />
                  )
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p
          className="rounded-lg border border-border p-4 text-zinc-200"
          data-testid="result-hidden"
        >
          {t('result.hidden', { date: fullDate(a.due_at, i18n.language) })}
        </p>
      )}

      {again ? (
        <Button
          size="lg"
          variant="outline"
          className="self-start"
          pending={start.isPending}
          icon={<RotateCcw aria-hidden />}
          onClick={newAttempt}
        >
          {t('overview.again')}
        </Button>
      ) : null}
    </section>
  );
}
