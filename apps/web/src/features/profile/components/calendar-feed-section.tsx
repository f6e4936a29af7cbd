import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from 'radix-ui';
import { CalendarDays, Copy, Loader2, RotateCcw } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/** "Calendário": the personal iCal feed URL with Copiar and Revogar (confirmed; old URL dies). */
export function CalendarFeedSection() {
  const { t } = useTranslation(['classes', 'errors']);
  const headingId = useId();
  const inputId = useId();
  const { data, isPending, isError, refetch } = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      toastSuccess(t('feed.copied'));
    } catch {
      toastError(t('copyFailed'));
    }
  }

  function revoke() {
    reset.mutate(undefined, {
      onSuccess: () => {
        toastSuccess(t('feed.revoked'));
        setConfirming(false);
      },
      onError: (err) => {
        toastError(errorMessage(t, err));
        setConfirming(false);
      },
    });
  }

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <CalendarDays className="size-5 text-primary" aria-hidden />
          {t('feed.title')}
        </h2>
        <CardDescription>{t('feed.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isPending ? (
          <p role="status" className="text-sm text-zinc-300">
            {t('feed.loading')}
          </p>
        ) : isError ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-md border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-200"
          >
            {t('feed.loadError')}
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <>
            <label htmlFor={inputId} className="text-sm font-medium">
              {t('feed.urlLabel')}
            </label>
            <Input
              id={inputId}
              readOnly
              value={data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs ph-no-capture"
            />
            <p className="text-xs text-zinc-400">{t('feed.private')}</p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy()}>
                <Copy aria-hidden />
                {t('feed.copy')}
              </Button>
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setConfirming(true)}
                disabled={reset.isPending}
              >
                {reset.isPending ? (
                  <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
                ) : (
                  <RotateCcw aria-hidden />
                )}
                {t('feed.revoke')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-popover p-5 shadow-xl sm:p-6">
            <AlertDialog.Title className="text-lg font-semibold">
              {t('feed.revokeTitle')}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-zinc-300">
              {t('feed.revokeBody')}
            </AlertDialog.Description>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
                {t('cancel')}
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                disabled={reset.isPending}
                onClick={(e) => {
                  e.preventDefault();
                  revoke();
                }}
              >
                {t('feed.revoke')}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Card>
  );
}
