import { useTranslation } from 'react-i18next';
import type { MasteryLevel } from '@aprenda/shared/schemas/exercises';
import { cn } from '@/lib/utils';
import { percent } from '../../lib/practice-mastery';

const LEVEL_TONE: Record<MasteryLevel, string> = {
  attempted: 'border-zinc-500/60 bg-zinc-500/10 text-zinc-200',
  familiar: 'border-sky-400/50 bg-sky-400/10 text-sky-200',
  proficient: 'border-emerald-400/50 bg-emerald-400/10 text-emerald-200',
  mastered: 'border-amber-300/60 bg-amber-300/10 text-amber-200',
};

/** The mastery level as a badge ("Ainda não praticada" before the first answer). */
export function LevelBadge({
  level,
  className,
}: {
  level: MasteryLevel | null;
  className?: string;
}) {
  const { t } = useTranslation('practice');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        level ? LEVEL_TONE[level] : 'border-dashed border-zinc-600 text-zinc-300',
        className,
      )}
      data-testid="mastery-level"
    >
      {t(level ? `levels.${level}` : 'levels.none')}
    </span>
  );
}

/** Predicted success as a bar with its words ("Chance de acerto: 64%"). */
export function SuccessBar({ success }: { success: number | null }) {
  const { t } = useTranslation('practice');
  const value = success === null ? null : percent(success);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="h-2 w-full overflow-hidden rounded-full bg-zinc-800" aria-hidden>
        <div
          className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${value ?? 0}%` }}
        />
      </div>
      <p className="text-xs text-zinc-300 tabular-nums" data-testid="mastery-success">
        {value === null ? t('mastery.noSuccess') : t('mastery.success', { percent: value })}
      </p>
    </div>
  );
}
