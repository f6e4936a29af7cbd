import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemDetail } from '@aprenda/shared/schemas/exercises';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSession } from '@/lib/session';
import { clearItemDraft, itemDraftKey } from '../../lib/item-draft';
import { ItemForm } from './item-form';

/** The editor fills the screen on a phone and is a wide dialog from `sm` up. */
export const fullScreenOnPhone =
  'max-w-3xl max-sm:inset-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-screen max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0';

/**
 * Write or edit an item in a dialog (a full-screen sheet at 360 px). Closing with unsaved changes
 * asks first; unsaved changes are kept on the device per user and question until saved or
 * discarded, and come back when the same question's editor opens again (lib/item-draft.ts).
 */
export function ItemEditorDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this item; write a new one when absent. */
  item?: ItemDetail;
}) {
  const { t } = useTranslation('exercises');
  const { data: me } = useSession();
  const draftKey = me ? itemDraftKey(me.id, item?.id) : null;
  const dirty = useRef(false);
  const [askDiscard, setAskDiscard] = useState(false);

  function close() {
    dirty.current = false;
    onOpenChange(false);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && dirty.current) setAskDiscard(true);
          else if (!next) close();
          else onOpenChange(true);
        }}
      >
        <DialogContent closeLabel={t('close')} className={fullScreenOnPhone}>
          <DialogTitle>{item ? t('editor.editTitle') : t('editor.createTitle')}</DialogTitle>
          <DialogDescription>{t('editor.lead')}</DialogDescription>
          {open ? (
            <ItemForm
              key={item?.id ?? 'new'}
              item={item}
              draftKey={draftKey}
              onDirty={(value) => {
                dirty.current = value;
              }}
              onCancel={() => (dirty.current ? setAskDiscard(true) : close())}
              onDone={close}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={t('editor.discardTitle')}
        description={t('editor.discardBody')}
        confirmLabel={t('editor.discard')}
        cancelLabel={t('editor.keepEditing')}
        onConfirm={() => {
          setAskDiscard(false);
          if (draftKey) clearItemDraft(draftKey);
          close();
        }}
      />
    </>
  );
}
