import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Power, PowerOff, RotateCcw } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast';
import { useResetCode, useUpdateClass } from '../../api/classes';
import { useClassWriteError } from '../../lib/class-errors';
import { CopyButton } from '../shared/copy-button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

/**
 * Código: show and copy the join code, reset it (confirmed), turn joining by code off and on —
 * not in an archived class (the code is still shown and copied; the notice above says why).
 */
export function CodeTab({ klass }: { klass: ClassDetail }) {
  const { t } = useTranslation(['classes', 'errors']);
  const reset = useResetCode();
  const update = useUpdateClass();
  const [confirmReset, setConfirmReset] = useState(false);
  const writeError = useClassWriteError();
  const readOnly = klass.archived;

  function doReset() {
    reset.mutate(
      { id: klass.id },
      {
        onSuccess: (saved) => {
          toastSuccess(t('code.resetDone', { code: saved.code ?? '' }));
          setConfirmReset(false);
        },
        onError: (err) => {
          toastError(writeError(err, klass));
          setConfirmReset(false);
        },
      },
    );
  }

  function toggle() {
    const next = !klass.join_by_code;
    update.mutate(
      { id: klass.id, changes: { join_by_code: next } },
      {
        onSuccess: () => toastSuccess(next ? t('code.enabled') : t('code.disabled')),
        onError: (err) => toastError(writeError(err, klass)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 sm:p-5">
        <div>
          <h2 className="font-semibold">{t('code.title')}</h2>
          <p className="text-sm text-zinc-400">{t('code.lead')}</p>
        </div>
        {klass.code ? (
          <p
            className="font-mono text-3xl font-semibold tracking-[0.3em] break-all text-primary sm:text-4xl"
            aria-label={t('code.current', { code: klass.code.split('').join(' ') })}
          >
            {klass.code}
          </p>
        ) : (
          <p className="text-zinc-400">{t('code.none')}</p>
        )}
        <p
          className={
            klass.join_by_code ? 'text-sm text-green-300' : 'text-sm font-medium text-amber-300'
          }
        >
          {klass.join_by_code ? t('code.statusOn') : t('code.statusOff')}
        </p>
        <div className="flex flex-wrap gap-2">
          {klass.code ? (
            <CopyButton text={klass.code} label={t('code.copy')} copiedMessage={t('code.copied')} />
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirmReset(true)}
            disabled={readOnly}
          >
            <RotateCcw aria-hidden />
            {t('code.reset')}
          </Button>
          <Button
            variant={klass.join_by_code ? 'destructive' : 'default'}
            size="sm"
            onClick={toggle}
            disabled={readOnly || update.isPending}
          >
            {klass.join_by_code ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {klass.join_by_code ? t('code.turnOff') : t('code.turnOn')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('code.resetTitle')}
        description={t('code.resetBody')}
        confirmLabel={t('code.reset')}
        cancelLabel={t('cancel')}
        onConfirm={doReset}
        pending={reset.isPending}
      />
    </div>
  );
}
