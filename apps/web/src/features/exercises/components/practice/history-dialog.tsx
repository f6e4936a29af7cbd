import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowRight, ArrowUp, Check, X } from 'lucide-react';
import { Markdown } from '@/components/markdown/markdown';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { cn } from '@/lib/utils';
import { useSkillHistory } from '../../api/practice';
import { abilityDirection } from '../../lib/practice-mastery';

const DIRECTION_ICON = { up: ArrowUp, down: ArrowDown, same: ArrowRight } as const;
const DIRECTION_TONE = {
  up: 'text-emerald-300',
  down: 'text-amber-300',
  same: 'text-zinc-400',
} as const;

/** "Por que mudou?": the last answers in the skill, each right or wrong and how it moved the level. */
export function HistoryDialog({
  skillId,
  open,
  onOpenChange,
}: {
  skillId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('practice');
  const history = useSkillHistory(skillId, open);
  // Dated as the results screens do ("24 de nov. de 2026, 09:00", "Nov 24, 2026, 9:00 AM").
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle>{t('history.title')}</DialogTitle>
        <DialogDescription>{t('history.lead')}</DialogDescription>
        {history.isPending ? (
          <LoadingState>{t('history.loading')}</LoadingState>
        ) : history.isError ? (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void history.refetch()}>
            {t('history.loadError')}
          </ErrorBox>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-zinc-300">{t('history.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="history-list">
            {history.data.map((entry) => {
              const direction = abilityDirection(entry);
              const Icon = DIRECTION_ICON[direction];
              return (
                <li
                  key={entry.answer_id}
                  className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-zinc-900 p-3"
                  data-testid="history-entry"
                >
                  <div className="line-clamp-3 min-w-0 text-sm [overflow-wrap:anywhere]">
                    <Markdown text={entry.stem} />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 font-medium',
                        entry.correct ? 'text-emerald-300' : 'text-amber-300',
                      )}
                    >
                      {entry.correct ? (
                        <Check className="size-4" aria-hidden />
                      ) : (
                        <X className="size-4" aria-hidden />
                      )}
                      {t(entry.correct ? 'history.right' : 'history.wrong')}
                    </span>
                    <span
                      className={cn('inline-flex items-center gap-1', DIRECTION_TONE[direction])}
                    >
                      <Icon className="size-4" aria-hidden />
                      {t(`history.${direction}`)}
                    </span>
                    <time dateTime={entry.created_at} className="text-xs text-zinc-400">
                      {time.format(new Date(entry.created_at))}
                    </time>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
