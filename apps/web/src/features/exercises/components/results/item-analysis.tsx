import { useTranslation } from 'react-i18next';
import { AlertTriangle, Check } from 'lucide-react';
import type { ItemAnalysis } from '@aprenda/shared/schemas/exercises';
import { stemSummary } from '../../lib/item-text';
import {
  ANALYSIS_MIN_ANSWERS,
  choiceLetter,
  discriminationLevel,
  enoughAnswers,
  unusedChoiceLetters,
} from '../../lib/results-view';
import { StemLine } from '../items/stem-line';

/**
 * Each question: facility, discrimination in words, the choices picked and what to look at. Every
 * question of the list is there before anyone answers (each with no answers yet); the list is
 * empty only for an assignment without questions.
 */
export function ItemAnalysisList({ analysis }: { analysis: ItemAnalysis[] }) {
  const { t } = useTranslation('sets');
  if (analysis.length === 0) return <p className="text-sm text-zinc-400">{t('results.noItems')}</p>;
  return (
    <ol className="flex flex-col gap-4">
      {analysis.map((item, i) => (
        <ItemCard key={item.item_id} item={item} n={i + 1} />
      ))}
    </ol>
  );
}

function ItemCard({ item, n }: { item: ItemAnalysis; n: number }) {
  const { t, i18n } = useTranslation('sets');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const decimal = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const enough = enoughAnswers(item);
  const level = discriminationLevel(item.discrimination);
  const headingId = `analysis-${item.item_id}`;
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4"
      aria-labelledby={headingId}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={headingId} className="font-semibold">
          {t('results.question', { n })}{' '}
          <span className="font-normal text-zinc-400">· {t(`kinds.${item.kind}`)}</span>
        </h3>
        <div className="text-sm text-zinc-300 [overflow-wrap:anywhere]">
          <StemLine text={stemSummary(item.stem, 200)} />
        </div>
        <p className="text-sm text-zinc-400 tabular-nums">
          {item.answers === 0 ? (
            t('results.noAnswersYet')
          ) : (
            <>
              {t('results.answers', { count: item.answers - item.blank })}
              {item.blank > 0 ? ` · ${t('results.blank', { count: item.blank })}` : null}
            </>
          )}
        </p>
      </div>

      {enough ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-400">{t('results.facility')}</dt>
            <dd className="font-medium tabular-nums">
              {item.facility === null
                ? t('results.noData')
                : t('results.facilityValue', { percent: percent.format(item.facility) })}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t('results.discrimination')}</dt>
            <dd className="font-medium tabular-nums">
              {t(`results.discriminationLevels.${level}`, {
                value: item.discrimination === null ? '' : decimal.format(item.discrimination),
              })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-zinc-300">
          {t(item.blank > 0 ? 'results.fewAnswersWithBlank' : 'results.fewAnswers', {
            min: ANALYSIS_MIN_ANSWERS,
          })}
        </p>
      )}

      {item.choices.length > 0 ? <ChoiceBars item={item} /> : null}

      {enough && item.flags.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t('results.flagsLabel', { n })}>
          {item.flags.map((flag) => (
            <li key={flag} className="flex items-start gap-2 text-sm text-amber-200">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {flag === 'unused_distractor'
                ? t('results.flags.unused_distractor', {
                    letters: unusedChoiceLetters(item).join(', '),
                    count: unusedChoiceLetters(item).length,
                  })
                : t(`results.flags.${flag}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ChoiceBars({ item }: { item: ItemAnalysis }) {
  const { t } = useTranslation('sets');
  const max = Math.max(1, ...item.choices.map((c) => c.picked));
  return (
    <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('results.choicesLabel')}>
      {item.choices.map((choice, i) => (
        <li key={choice.id} className="flex min-w-0 flex-col gap-0.5">
          <span className="flex min-w-0 items-start gap-1 [overflow-wrap:anywhere]">
            <span className="shrink-0 font-semibold">{choiceLetter(i)})</span>
            <div className="min-w-0">
              <StemLine text={stemSummary(choice.text, 120)} />
            </div>
            {choice.correct ? (
              <span className="inline-flex shrink-0 items-center gap-0.5 text-emerald-300">
                <Check className="size-4" aria-hidden />
                {t('results.correctChoice')}
              </span>
            ) : null}
          </span>
          <span className="flex items-center gap-2 tabular-nums">
            <span
              aria-hidden
              className={
                choice.correct ? 'h-3 rounded-sm bg-emerald-500/80' : 'h-3 rounded-sm bg-zinc-500'
              }
              style={{
                width: `${(choice.picked / max) * 70}%`,
                minWidth: choice.picked ? '0.25rem' : 0,
              }}
            />
            <span className="text-zinc-300">{t('results.picked', { count: choice.picked })}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
