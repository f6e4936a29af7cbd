import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { cn } from '@/lib/utils';
import { choiceLetter } from './choices-field';

/** The graded answer of a try: right or wrong, the picked choices' feedback, the explanation and the correct answer. */
export function TryResult({ item, result }: { item: PublicItem; result: GradedResult }) {
  const { t, i18n } = useTranslation('exercises');
  const letterOf = (id: string) => {
    const i = item.choices.findIndex((c) => c.id === id);
    return i === -1 ? id : choiceLetter(i);
  };
  const textOf = (id: string) => item.choices.find((c) => c.id === id)?.text ?? '';
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(result.score);
  const correct = result.correct_answer;
  return (
    <section
      role="status"
      aria-label={t('try.result')}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-md border p-3 [overflow-wrap:anywhere]',
        result.correct
          ? 'border-emerald-500/50 bg-emerald-500/10'
          : 'border-red-500/50 bg-red-500/10',
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        {result.correct ? (
          <CheckCircle2 className="size-5 text-emerald-300" aria-hidden />
        ) : (
          <XCircle className="size-5 text-red-300" aria-hidden />
        )}
        {result.correct ? t('try.right') : t('try.wrong')}
        {!result.correct && result.score > 0 ? (
          <span className="text-sm font-normal">{t('try.partial', { percent })}</span>
        ) : null}
      </p>
      {result.feedback.filter((f) => f.text || f.misconception).length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {result.feedback
            .filter((f) => f.text || f.misconception)
            .map((f) => (
              <li key={f.choice_id} className="flex flex-col gap-1">
                <span className="font-medium">
                  {t('try.feedbackOf', { letter: letterOf(f.choice_id) })}
                </span>
                {f.text ? <Markdown text={f.text} /> : null}
                {f.misconception ? (
                  <span className="text-xs text-zinc-300">
                    {t('try.misconception', { tag: f.misconception })}
                  </span>
                ) : null}
              </li>
            ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('try.correctAnswer')}</span>
        {'choices' in correct ? (
          <ul className="flex flex-col gap-1">
            {correct.choices.map((id) => (
              <li key={id} className="flex gap-2">
                <span aria-hidden>{letterOf(id)}.</span>
                <Markdown text={textOf(id)} />
              </li>
            ))}
          </ul>
        ) : item.kind === 'expression' ? (
          <Markdown text={`$${correct.value.replace(/\$/g, '')}$`} />
        ) : (
          <p data-testid="try-correct-value">{correct.value}</p>
        )}
      </div>
      {result.explanation ? (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('try.explanation')}</span>
          <Markdown text={result.explanation} />
        </div>
      ) : null}
    </section>
  );
}
