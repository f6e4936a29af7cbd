import { useTranslation } from 'react-i18next';
import { MASTERY_LEVELS, type MasteryLevel } from '@aprenda/shared/schemas/exercises';
import { cn } from '@/lib/utils';

/**
 * A mastery level as a short mark with its colour; the word is always there for screen readers
 * (and in the legend), so colour never carries the meaning alone. Light text on a tinted dark
 * background keeps contrast on the dark theme.
 */
const TONE: Record<MasteryLevel | 'none', string> = {
  none: 'border-dashed border-zinc-600 text-zinc-300',
  attempted: 'border-zinc-500/60 bg-zinc-500/15 text-zinc-100',
  familiar: 'border-sky-400/50 bg-sky-400/15 text-sky-100',
  proficient: 'border-emerald-400/50 bg-emerald-400/15 text-emerald-100',
  mastered: 'border-amber-300/60 bg-amber-300/15 text-amber-100',
};

export function LevelMark({
  level,
  withText = false,
}: {
  level: MasteryLevel | null;
  withText?: boolean;
}) {
  const { t } = useTranslation('analytics');
  const key = level ?? 'none';
  return (
    <span
      className={cn(
        'inline-flex min-w-8 items-center justify-center rounded border px-1.5 py-0.5 text-xs font-semibold',
        TONE[key],
      )}
      data-level={key}
    >
      {withText ? (
        t(`levels.${key}`)
      ) : (
        <>
          <span aria-hidden>{t(`levels.abbr.${key}`)}</span>
          <span className="sr-only">{t(`levels.${key}`)}</span>
        </>
      )}
    </span>
  );
}

/** The marks and their words. */
export function LevelLegend() {
  const { t } = useTranslation('analytics');
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300"
      aria-label={t('levels.legend')}
    >
      {([...MASTERY_LEVELS, null] as const).map((level) => (
        <li key={level ?? 'none'} className="flex items-center gap-1.5">
          <span aria-hidden>
            <LevelMarkPlain level={level} />
          </span>
          {t(`levels.${level ?? 'none'}`)}
        </li>
      ))}
    </ul>
  );
}

function LevelMarkPlain({ level }: { level: MasteryLevel | null }) {
  const { t } = useTranslation('analytics');
  const key = level ?? 'none';
  return (
    <span
      className={cn(
        'inline-flex min-w-8 items-center justify-center rounded border px-1.5 py-0.5 text-xs font-semibold',
        TONE[key],
      )}
    >
      {t(`levels.abbr.${key}`)}
    </span>
  );
}
