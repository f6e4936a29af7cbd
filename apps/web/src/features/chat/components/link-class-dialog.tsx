import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMyClassesForChat } from '../api/conversations';

/**
 * "Vincular a uma turma": one of my classes for an existing conversation, with the notice that the
 * class's teachers will be able to read it.
 */
export function LinkClassDialog({
  conversation,
  onOpenChange,
  onLink,
  pending,
}: {
  conversation: Conversation | null;
  onOpenChange: (open: boolean) => void;
  onLink: (classId: string, classTitle: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  const open = conversation !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('dialog.close')}>
        <DialogTitle>{t('link.title')}</DialogTitle>
        {conversation ? (
          <LinkForm key={conversation.id} onLink={onLink} pending={pending} />
        ) : (
          <DialogDescription className="sr-only">{t('link.notice')}</DialogDescription>
        )}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({
  onLink,
  pending,
}: {
  onLink: (classId: string, classTitle: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('chat');
  const classes = useMyClassesForChat(true);
  const [classId, setClassId] = useState('');
  const fieldId = useId();
  const noticeId = useId();
  const items = classes.data?.items ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = items.find((c) => c.id === classId);
    if (chosen) onLink(chosen.id, chosen.title);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <DialogDescription id={noticeId}>{t('link.notice')}</DialogDescription>
      {classes.isPending ? (
        <p role="status" className="text-sm text-zinc-400">
          {t('link.loading')}
        </p>
      ) : classes.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-300">
          {t('link.loadError')}
          <Button type="button" variant="outline" size="sm" onClick={() => void classes.refetch()}>
            {t('chat.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p role="status" className="text-sm text-zinc-300">
          {t('link.noClasses')}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={fieldId}>{t('link.field')}</Label>
          <NativeSelect
            id={fieldId}
            value={classId}
            onChange={(e) => setClassId(e.target.value)}
            aria-describedby={noticeId}
          >
            <option value="">{t('link.choose')}</option>
            {items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('link.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || !classId}>
          {t('link.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
