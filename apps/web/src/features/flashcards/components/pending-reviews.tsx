import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorCode, errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { reviewOutbox, useOutboxEffects, useReviewOutbox } from '../api/reviews';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

/**
 * "5 avaliações aguardando conexão": shown while ratings wait in the outbox because the network
 * failed (not for the instant a rating takes to go out), with "Enviar agora". Mount once per
 * flashcards screen: it also binds the outbox to the user and reports ratings the server refused.
 */
export function PendingReviews({ userId }: { userId: string }) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const { pending, stalled, sending } = useReviewOutbox(userId);
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  // A card deleted meanwhile (another tab, the deck's author): said as such, not as "not found".
  useOutboxEffects((error) =>
    toastError(
      errorCode(error) === 'not_found'
        ? t('droppedGone')
        : t('dropped', { reason: errorMessage(t, error) }),
    ),
  );
  const waiting = pending > 0 && (stalled || !online);
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {waiting ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          <CloudOff className="size-4 shrink-0 text-amber-300" aria-hidden />
          <span className="min-w-0 flex-1" data-testid="pending-reviews">
            {t('pending', { count: pending })}
          </span>
          <Button
            variant="outline"
            size="sm"
            pending={sending}
            onClick={() => reviewOutbox().retryNow()}
          >
            {t('sendNow')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
