import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** What a form inside `DraftFormDialog` is handed. */
export interface DraftFormHandlers {
  /** Whether the form holds unsaved work (closing then asks first). */
  onDirty: (dirty: boolean) => void;
  /** "Cancelar": asks first when there is unsaved work. */
  onCancel: () => void;
  /** Saved: close without asking. */
  onDone: () => void;
}

/**
 * A dialog around a form whose unsaved work is kept on the device (lib/use-form-draft.ts):
 * closing it (✕, Escape, outside, "Cancelar") with unsaved work asks "Descartar o que você
 * digitou?" — discarding calls `onDiscard` (forget the draft) and closes; "Continuar editando"
 * keeps the form open. The form is mounted only while open.
 */
export function DraftFormDialog({
  open,
  onOpenChange,
  title,
  description,
  onDiscard,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onDiscard: () => void;
  children: (handlers: DraftFormHandlers) => ReactNode;
}) {
  const { t } = useTranslation('classes');
  const [dirty, setDirty] = useState(false);
  const [askDiscard, setAskDiscard] = useState(false);

  function close() {
    setDirty(false);
    onOpenChange(false);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && dirty) setAskDiscard(true);
          else if (!next) close();
          else onOpenChange(true);
        }}
      >
        <DialogContent closeLabel={t('close')} className="max-w-lg">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {open
            ? children({
                onDirty: setDirty,
                onCancel: () => (dirty ? setAskDiscard(true) : close()),
                onDone: close,
              })
            : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={t('drafts.discardTitle')}
        description={t('drafts.discardBody')}
        confirmLabel={t('drafts.discard')}
        cancelLabel={t('drafts.keepEditing')}
        onConfirm={() => {
          setAskDiscard(false);
          onDiscard();
          close();
        }}
      />
    </>
  );
}

/** "Recuperamos o … que você escrevia" with "Descartar rascunho" (back to the saved values). */
export function DraftRestoredNotice({
  message,
  onDiscard,
}: {
  message: string;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('classes');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-400/40 bg-sky-400/10 p-2 text-sm">
      <p role="status">{message}</p>
      <Button type="button" variant="outline" size="sm" onClick={onDiscard}>
        <Undo2 aria-hidden />
        {t('drafts.discardDraft')}
      </Button>
    </div>
  );
}
