import { useTranslation } from 'react-i18next';
import { Flame } from 'lucide-react';
import { STREAK_MIN_ACTIONS, type Streak } from '@aprenda/shared/schemas/metrics';
import { streakWording } from '../lib/metrics-view';

/** The streak, what today still needs, the record, and the rule in words. */
export function StreakPanel({ streak }: { streak: Streak }) {
  const { t, i18n } = useTranslation('metrics');
  const words = streakWording(streak, t, i18n.language);
  return (
    <section
      aria-labelledby="metrics-streak"
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-4"
      data-testid="metrics-streak"
    >
      <h2 id="metrics-streak" className="flex items-center gap-2 text-base font-semibold">
        <Flame className="size-4 text-amber-300" aria-hidden />
        {t('streak.heading')}
      </h2>
      <p className="text-2xl font-semibold tabular-nums">{words.current}</p>
      <p className="text-sm text-zinc-200">{words.today}</p>
      <p className="text-sm text-zinc-400">{words.longest}</p>
      <p className="border-t border-border pt-2 text-xs text-zinc-400">
        {t('streak.rule', { min: STREAK_MIN_ACTIONS })}
      </p>
    </section>
  );
}
