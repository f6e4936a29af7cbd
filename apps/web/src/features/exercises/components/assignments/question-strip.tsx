import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * The numbered strip of an attempt's questions: answered ones filled, the current one ringed;
 * each button jumps to its question. It wraps (never scrolls sideways).
 */
export function QuestionStrip({
  answered,
  current,
  onJump,
}: {
  answered: boolean[];
  current: number;
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation('assignments');
  return (
    <nav aria-label={t('runner.strip')}>
      <ol className="flex flex-wrap gap-2">
        {answered.map((done, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => onJump(i)}
              aria-current={i === current ? 'step' : undefined}
              aria-label={t(done ? 'runner.stripAnswered' : 'runner.stripUnanswered', { n: i + 1 })}
              className={cn(
                'flex size-11 items-center justify-center rounded-md border text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                done
                  ? 'border-primary/60 bg-primary/20 text-foreground'
                  : 'border-border bg-transparent text-zinc-300 hover:bg-zinc-800',
                i === current && 'ring-2 ring-foreground',
              )}
              data-answered={done}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
