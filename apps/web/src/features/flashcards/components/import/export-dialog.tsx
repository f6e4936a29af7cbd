import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorBox } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { useExportCsv } from '../../api/import-export';

/** "Exportar": the deck's cards as a CSV file (front, back, tags), for a spreadsheet or Anki. */
export function ExportDialog({
  deckId,
  deckTitle,
  cardCount,
  open,
  onOpenChange,
}: {
  deckId: string;
  deckTitle: string;
  cardCount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('flashcards');
  const exportCsv = useExportCsv();
  const download = () =>
    exportCsv.mutate(
      { deckId, title: deckTitle },
      {
        onSuccess: () => {
          toastSuccess(t('export.done', { deck: deckTitle }));
          onOpenChange(false);
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) exportCsv.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('export.title')}</DialogTitle>
        <DialogDescription>{t('export.lead', { count: cardCount })}</DialogDescription>
        <p className="text-sm text-zinc-300">{t('export.format')}</p>
        {exportCsv.isError ? (
          <ErrorBox retryLabel={t('retry')} onRetry={download}>
            {`${t('export.error')}: ${errorMessage(t, exportCsv.error)}`}
          </ErrorBox>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button
            type="button"
            onClick={download}
            pending={exportCsv.isPending}
            icon={<Download aria-hidden />}
          >
            {exportCsv.isPending ? t('export.working') : t('export.download')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
