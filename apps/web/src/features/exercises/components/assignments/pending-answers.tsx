import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "2 respostas aguardando conexão" with "Enviar agora", while answers wait for the network. */
export function PendingAnswers({
  count,
  waiting,
  sending,
  onRetry,
}: {
  count: number;
  waiting: boolean;
  sending: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('assignments');
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {waiting && count > 0 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          <CloudOff className="size-4 shrink-0 text-amber-300" aria-hidden />
          <span className="min-w-0 flex-1" data-testid="pending-answers">
            {t('runner.pending', { count })}
          </span>
          <Button variant="outline" size="sm" pending={sending} onClick={onRetry}>
            {t('runner.sendNow')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
