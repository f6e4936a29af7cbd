import { useTranslation } from 'react-i18next';
import type { Counts } from '@aprenda/shared/schemas/flashcards';

/** Today's numbers of a deck: what is left for today, split into new, learning and reviews. */
export function DeckCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation('flashcards');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-xl font-semibold tabular-nums">{t('counts.due', { count: counts.due })}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-300 tabular-nums">
        <span className="text-sky-300">{t('counts.new', { count: counts.new })}</span>
        <span className="text-amber-300">{t('counts.learning', { count: counts.learning })}</span>
        <span className="text-emerald-300">{t('counts.review', { count: counts.review })}</span>
        <span>{t('counts.total', { count: counts.total })}</span>
      </p>
    </div>
  );
}
