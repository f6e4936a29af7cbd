import { useTranslation } from 'react-i18next';
import { Archive, ArchiveRestore } from 'lucide-react';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSetArchived } from '../../api/classes';

/**
 * "Arquivar turma?" — says what happens (out of the students' lists, nothing deleted, can be
 * undone), then archives (the owner only: the button that opens it is shown to the owner alone)
 * and confirms with a toast; a failure says why and keeps the dialog open.
 */
export function ArchiveClassDialog({
  klass,
  open,
  onOpenChange,
  onArchived,
  onCloseAutoFocus,
}: {
  klass: { id: string; title: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onArchived?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['classes', 'errors']);
  const setArchived = useSetArchived();
  function confirm() {
    if (!klass) return;
    setArchived.mutate(
      { id: klass.id, archived: true },
      {
        onSuccess: () => {
          toastSuccess(t('archive.done', { title: klass.title }));
          onArchived?.();
          onOpenChange(false);
        },
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('archive.confirmTitle', { title: klass?.title ?? '' })}
      description={t('archive.confirmBody')}
      confirmLabel={t('archive.confirm')}
      cancelLabel={t('cancel')}
      onConfirm={confirm}
      pending={setArchived.isPending}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
    />
  );
}

/** "Desarquivar" (the owner only) with its toast; a failure says why. */
export function RestoreClassButton({
  klass,
  onRestored,
  className,
}: {
  klass: { id: string; title: string };
  onRestored?: () => void;
  className?: string;
}) {
  const { t } = useTranslation(['classes', 'errors']);
  const setArchived = useSetArchived();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      pending={setArchived.isPending}
      aria-label={t('archive.restoreNamed', { title: klass.title })}
      onClick={() =>
        setArchived.mutate(
          { id: klass.id, archived: false },
          {
            onSuccess: () => {
              toastSuccess(t('archive.restored', { title: klass.title }));
              onRestored?.();
            },
            onError: (err) => toastError(errorMessage(t, err)),
          },
        )
      }
    >
      <ArchiveRestore aria-hidden />
      {t('archive.restore')}
    </Button>
  );
}

/**
 * "Turma arquivada": shown on every screen of an archived class (only its teachers can open one;
 * its students get "not found"). The owner can restore it from here.
 */
export function ArchivedBanner({ klass, title }: { klass: ClassDetail; title: string }) {
  const { t } = useTranslation('classes');
  const { data: me } = useSession();
  const isOwner = me?.id === klass.owner_id;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-400/40 bg-amber-400/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Archive className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-amber-200">{t('archive.bannerTitle')}</p>
          <p className="text-sm text-zinc-200">
            {isOwner ? t('archive.bannerBodyOwner') : t('archive.bannerBodyOther')}
          </p>
        </div>
      </div>
      {isOwner ? (
        <RestoreClassButton klass={{ id: klass.id, title }} className="self-start" />
      ) : null}
    </div>
  );
}
