import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, PackageOpen, Upload } from 'lucide-react';
import type { ApkgImportResult } from '@aprenda/shared/schemas/flashcards';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { useImportApkg } from '../../api/import-export';
import { deckPath } from '../../lib/paths';
import { NewCardsNotice } from './new-cards-notice';

/**
 * "Importar do Anki": an `.apkg` (current or legacy format) becomes a new deck with its basic and
 * cloze notes and their images. The Anki study history is not brought along — every card starts
 * new, and the screen says so before and after. A failure keeps the chosen file for a retry.
 */
export function ApkgImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<ApkgImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const importApkg = useImportApkg();

  const start = () => {
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    importApkg.mutate(file, {
      onSuccess: (done) => {
        setResult(done);
        toastSuccess(t('import.apkg.done', { deck: done.deck.title, count: done.imported }));
      },
    });
  };

  const close = (next: boolean) => {
    if (!next && result) {
      // Done: the next opening starts afresh.
      setResult(null);
      setFile(null);
      importApkg.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle>{t('import.apkg.title')}</DialogTitle>
        <DialogDescription>{t('import.apkg.lead')}</DialogDescription>
        {result ? (
          <div className="flex flex-col gap-4">
            <div
              role="status"
              className="flex flex-col gap-1 rounded-md border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-100"
            >
              <p className="flex items-center gap-2 font-medium">
                <CheckCircle2 className="size-4 shrink-0" aria-hidden />
                {t('import.apkg.created', { deck: result.deck.title })}
              </p>
              <p>{t('import.apkg.cards', { count: result.imported })}</p>
              {result.media > 0 ? <p>{t('import.apkg.media', { count: result.media })}</p> : null}
              {result.skipped > 0 ? (
                <p>{t('import.apkg.skipped', { count: result.skipped })}</p>
              ) : null}
            </div>
            <NewCardsNotice anki />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t('close')}
              </Button>
              <Link
                to={deckPath(result.deck.id)}
                className={buttonVariants()}
                onClick={() => close(false)}
              >
                {t('import.apkg.open')}
              </Link>
            </DialogFooter>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <label htmlFor={`${id}-file`} className="text-sm font-medium">
                {t('import.apkg.file')}
              </label>
              <input
                ref={input}
                id={`${id}-file`}
                type="file"
                accept=".apkg,application/octet-stream,application/zip"
                aria-invalid={missing ? true : undefined}
                aria-describedby={`${id}-file-hint`}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setMissing(false);
                  importApkg.reset();
                }}
                className="block w-full min-w-0 text-sm text-zinc-300 file:mr-3 file:rounded-md file:border file:border-border file:bg-zinc-900 file:px-3 file:py-2 file:text-sm file:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              />
              <p
                id={`${id}-file-hint`}
                className={missing ? 'text-sm text-destructive' : 'text-xs text-zinc-400'}
              >
                {missing
                  ? t('import.apkg.noFile')
                  : file
                    ? t('import.apkg.chosen', { name: file.name, size: formatSize(file.size) })
                    : t('import.apkg.fileHint')}
              </p>
            </div>
            <NewCardsNotice anki />
            {importApkg.isPending ? <LoadingState>{t('import.apkg.working')}</LoadingState> : null}
            {importApkg.isError ? (
              <ErrorBox retryLabel={t('retry')} onRetry={start}>
                {errorMessage(t, importApkg.error)}
              </ErrorBox>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t('cancel')}
              </Button>
              <Button
                type="button"
                onClick={start}
                pending={importApkg.isPending}
                icon={<Upload aria-hidden />}
              >
                {t('import.apkg.submit')}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Importar do Anki" for the deck list: the button and its dialog. */
export function ApkgImportButton({ className }: { className?: string }) {
  const { t } = useTranslation('flashcards');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" className={className} onClick={() => setOpen(true)}>
        <PackageOpen aria-hidden />
        {t('import.apkg.button')}
      </Button>
      <ApkgImportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(mb)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
