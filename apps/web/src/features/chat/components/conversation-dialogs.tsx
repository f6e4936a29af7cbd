import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_TITLE_MAX } from '@aprenda/shared/conversation-limits';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Rename: the title field, Save and Cancel. An empty title shows "Untitled conversation". */
export function RenameConversationDialog({
  conversation,
  onOpenChange,
  onSave,
  pending,
}: {
  conversation: Conversation | null;
  onOpenChange: (open: boolean) => void;
  onSave: (title: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  return (
    <Dialog open={conversation !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('dialog.close')} aria-describedby={undefined}>
        <DialogTitle>{t('rename.title')}</DialogTitle>
        {conversation ? (
          <RenameForm
            key={conversation.id}
            initial={conversation.title}
            onSave={onSave}
            pending={pending}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({
  initial,
  onSave,
  pending,
}: {
  initial: string;
  onSave: (title: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  const [title, setTitle] = useState(initial);
  const fieldId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(title.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>{t('rename.field')}</Label>
        <Input
          id={fieldId}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={CONVERSATION_TITLE_MAX}
          autoComplete="off"
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('rename.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {t('rename.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Delete Conversation" with the spec's confirmation text. */
export function DeleteConversationDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <ConfirmDialog
      onCloseAutoFocus={onCloseAutoFocus}
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.description')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      onConfirm={onConfirm}
      pending={pending}
    />
  );
}
