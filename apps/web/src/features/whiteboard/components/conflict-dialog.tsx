import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/**
 * A save was refused with 409: the board changed in another tab or device. Nothing is sent until
 * the user picks which version stays; the dialog cannot be dismissed without a choice.
 */
export function ConflictDialog({
  open,
  onChoose,
}: {
  open: boolean;
  onChoose: (choice: 'mine' | 'theirs') => Promise<void> | void;
}) {
  const { t } = useTranslation('whiteboard');
  const [pending, setPending] = useState<'mine' | 'theirs' | null>(null);

  async function choose(choice: 'mine' | 'theirs') {
    setPending(choice);
    try {
      await onChoose(choice);
    } finally {
      setPending(null);
    }
  }

  return (
    <AlertDialog open={open}>
      <AlertDialogContent onEscapeKeyDown={(e) => e.preventDefault()}>
        <AlertDialogTitle>{t('conflict.title')}</AlertDialogTitle>
        <AlertDialogDescription>{t('conflict.body')}</AlertDialogDescription>
        <DialogFooter>
          <Button
            variant="outline"
            pending={pending === 'theirs'}
            disabled={pending !== null}
            onClick={() => void choose('theirs')}
          >
            {t('conflict.useTheirs')}
          </Button>
          <Button
            pending={pending === 'mine'}
            disabled={pending !== null}
            onClick={() => void choose('mine')}
          >
            {t('conflict.keepMine')}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
