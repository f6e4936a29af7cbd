import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { cn } from '@/lib/utils';
import { correctAnswerText } from '../../lib/assignments-attempt';
import { percentOf } from '../../lib/assignments-list';
import { GradedResultDetails } from '../answer/graded-result-details';

/**
 * One graded answer: right or wrong (with partial credit), then its details (`GradedResultDetails`):
 * the feedback of the picked choices with their misconception, the correct answer (the choices
 * joined in one line) when wrong, and the explanation.
 */
export function ItemResult({ item, result }: { item: PublicItem; result: GradedResult }) {
  const { t } = useTranslation('assignments');
  const partial = !result.correct && result.score > 0 && result.score < 1;
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border p-4',
        result.correct
          ? 'border-emerald-400/50 bg-emerald-400/5'
          : 'border-amber-400/50 bg-amber-400/5',
      )}
      data-testid="item-result"
    >
      <p
        className={cn(
          'flex items-center gap-2 font-semibold',
          result.correct ? 'text-emerald-200' : 'text-amber-200',
        )}
      >
        {result.correct ? (
          <CircleCheck className="size-5" aria-hidden />
        ) : (
          <CircleX className="size-5" aria-hidden />
        )}
        {t(result.correct ? 'result.right' : 'result.wrong')}
        {partial ? (
          <span className="text-sm font-normal text-zinc-200 tabular-nums">
            {t('result.partial', { percent: percentOf(result.score) })}
          </span>
        ) : null}
      </p>

      <GradedResultDetails
        item={item}
        result={result}
        answer={result.correct ? null : { kind: 'value', text: correctAnswerText(item, result) }}
        labels={{
          misconception: (tag) => t('result.misconception', { tag }),
          correctAnswer: t('result.correctAnswer'),
          explanation: t('result.explanation'),
        }}
        labelAs="p"
      />
    </div>
  );
}
