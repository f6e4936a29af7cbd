import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { cn } from '@/lib/utils';
import { correctAnswer, partialScore } from '../../lib/practice-mastery';
import { GradedResultDetails } from '../answer/graded-result-details';

/**
 * What the graded answer says: right or not (and the partial score), then its details
 * (`GradedResultDetails`, labels as `h3`): the feedback of the choices picked with their
 * misconception under a heading, the correct answer (also after a right value, to see it written
 * out) and the explanation.
 */
export function FeedbackPanel({ item, result }: { item: PublicItem; result: GradedResult }) {
  const { t } = useTranslation('practice');
  const score = partialScore(result);
  const answer = correctAnswer(item, result);
  return (
    <section
      aria-labelledby="practice-feedback-title"
      className={cn(
        'flex flex-col gap-4 rounded-lg border p-4 sm:p-5',
        result.correct
          ? 'border-emerald-400/50 bg-emerald-400/5'
          : 'border-amber-400/50 bg-amber-400/5',
      )}
      data-testid="practice-feedback"
    >
      <div className="flex flex-col gap-1">
        <h2
          id="practice-feedback-title"
          className={cn(
            'flex items-center gap-2 text-lg font-semibold',
            result.correct ? 'text-emerald-200' : 'text-amber-200',
          )}
        >
          {result.correct ? (
            <CircleCheck className="size-5" aria-hidden />
          ) : (
            <CircleX className="size-5" aria-hidden />
          )}
          {t(result.correct ? 'feedback.right' : 'feedback.wrong')}
        </h2>
        {score !== null ? (
          <p className="text-sm text-zinc-200 tabular-nums">
            {t('feedback.score', { percent: score })}
          </p>
        ) : null}
      </div>

      <GradedResultDetails
        item={item}
        result={result}
        answer={!result.correct || answer.kind === 'value' ? answer : null}
        labels={{
          misconception: (tag) => t('feedback.misconception', { tag }),
          correctAnswer: t('feedback.correctAnswer', {
            count: answer.kind === 'choices' ? answer.texts.length : 1,
          }),
          explanation: t('feedback.explanation'),
          picked: t('feedback.picked'),
        }}
        labelAs="h3"
      />
    </section>
  );
}
