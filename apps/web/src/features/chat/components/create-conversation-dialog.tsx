import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_TITLE_MAX } from '@aprenda/shared/conversation-limits';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/errors';
import { toastError } from '@/lib/toast';
import { useCreateConversation, useMyClassesForChat } from '../api/conversations';

/** "New Conversation": an optional title and, when I am in classes, an optional class link. */
export function CreateConversationDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (conversation: Conversation) => void;
}) {
  const { t } = useTranslation('chat');
  const [title, setTitle] = useState('');
  const [classId, setClassId] = useState('');
  const create = useCreateConversation();
  const classes = useMyClassesForChat(open);
  const titleId = useId();
  const classFieldId = useId();
  const hintId = useId();
  const classHintId = useId();
  const myClasses = classes.data?.items ?? [];
  // Created: the new conversation's composer takes focus, not the "Nova conversa" button.
  const created = useRef(false);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setTitle('');
      setClassId('');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    create.mutate(
      { ...(trimmed ? { title: trimmed } : {}), ...(classId ? { class_id: classId } : {}) },
      {
        onSuccess: (conversation) => {
          created.current = true;
          close(false);
          onCreated(conversation);
        },
        onError: (err) => {
          toastError(`${t('create.error')}: ${errorMessage(t, err, { scope: 'chat' })}`);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('dialog.close')}
        onCloseAutoFocus={(e) => {
          if (created.current) e.preventDefault();
        }}
      >
        <DialogTitle>{t('create.title')}</DialogTitle>
        <DialogDescription id={hintId}>{t('create.hint')}</DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={titleId}>{t('create.field')}</Label>
            <Input
              id={titleId}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={CONVERSATION_TITLE_MAX}
              placeholder={t('create.placeholder')}
              autoComplete="off"
              aria-describedby={hintId}
            />
          </div>
          {myClasses.length > 0 ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={classFieldId}>{t('create.classLabel')}</Label>
              <NativeSelect
                id={classFieldId}
                value={classId}
                onChange={(e) => setClassId(e.target.value)}
                aria-describedby={classId ? classHintId : undefined}
              >
                <option value="">{t('create.noClass')}</option>
                {myClasses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </NativeSelect>
              {classId ? (
                <p id={classHintId} className="text-xs text-amber-200">
                  {t('create.classHint')}
                </p>
              ) : null}
            </div>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('create.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" pending={create.isPending}>
              {t('create.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
