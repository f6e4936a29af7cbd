import { useTranslation } from 'react-i18next';
import { Check, CircleDashed, Minus, X } from 'lucide-react';
import { cn } from '@/lib/utils';

export type CellState = 'correct' | 'partial' | 'wrong' | 'missing';

const ICONS = { correct: Check, partial: CircleDashed, wrong: X, missing: Minus } as const;
const COLORS = {
  correct: 'text-emerald-300',
  partial: 'text-amber-300',
  wrong: 'text-red-300',
  missing: 'text-zinc-500',
} as const;

/** A cell's state as an icon with its word (`withText`: shown; else for screen readers only). */
export function CellMark({ state, withText = false }: { state: CellState; withText?: boolean }) {
  const { t } = useTranslation('sets');
  const Icon = ICONS[state];
  return (
    <span className={cn('inline-flex items-center gap-1', COLORS[state])}>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className={withText ? 'text-sm text-zinc-200' : 'sr-only'}>
        {t(`results.cells.${state}`)}
      </span>
    </span>
  );
}

/** The icons' meanings, above the grid. */
export function CellLegend() {
  const { t } = useTranslation('sets');
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={t('results.legend')}>
      {(['correct', 'partial', 'wrong', 'missing'] as const).map((state) => (
        <li key={state}>
          <CellMark state={state} withText />
        </li>
      ))}
    </ul>
  );
}
