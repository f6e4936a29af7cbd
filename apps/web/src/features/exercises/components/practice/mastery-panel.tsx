import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { MasteryLevel, SkillMastery } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import { levelChange } from '../../lib/practice-mastery';
import { HistoryDialog } from './history-dialog';
import { LevelBadge, SuccessBar } from './mastery-level';

/**
 * The student's standing in the skill being practised: level, predicted success, answers; after
 * an answer that moved the level, the news (announced), and "Por que mudou?" anytime.
 */
export function MasteryPanel({
  skillId,
  skillName,
  mastery,
  change,
}: {
  skillId: string;
  skillName: string;
  mastery: SkillMastery | null;
  /** The last answer's level before and after it (null: no answer in this sitting yet). */
  change: { before: MasteryLevel | null; after: MasteryLevel | null } | null;
}) {
  const { t } = useTranslation('practice');
  const [historyOpen, setHistoryOpen] = useState(false);
  const direction = change ? levelChange(change.before, change.after) : 'same';
  const after = change?.after ?? null;
  let news = '';
  if (change && after && direction === 'up')
    news = t(change.before ? 'mastery.up' : 'mastery.first', { level: t(`levels.${after}`) });
  else if (change && direction === 'down')
    news = t('mastery.down', { level: t(after ? `levels.${after}` : 'levels.none') });

  return (
    <section
      aria-labelledby="mastery-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
      data-testid="mastery-panel"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 id="mastery-title" className="text-sm font-medium text-zinc-300">
            {t('mastery.title')}
          </h2>
          <p className="text-sm [overflow-wrap:anywhere]">{skillName}</p>
        </div>
        <LevelBadge level={mastery?.level ?? null} />
      </div>
      <SuccessBar success={mastery ? mastery.success : null} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-400 tabular-nums" data-testid="mastery-answers">
          {t('mastery.answers', { count: mastery?.answers ?? 0 })}
        </p>
        <Button variant="ghost" size="sm" onClick={() => setHistoryOpen(true)}>
          <History aria-hidden />
          {t('mastery.why')}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={news ? 'text-sm font-medium text-zinc-100' : 'sr-only'}
        data-testid="mastery-news"
      >
        {news}
      </p>
      <HistoryDialog skillId={skillId} open={historyOpen} onOpenChange={setHistoryOpen} />
    </section>
  );
}
