import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_TITLE_MAX } from '@aprenda/shared/schemas/boards';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The title of a new board, or a new title for one ("Renomear"). */
export function BoardTitleDialog({
  open,
  onOpenChange,
  initialTitle = '',
  mode,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTitle?: string;
  mode: 'create' | 'rename';
  pending: boolean;
  error: string | null;
  onSubmit: (title: string) => void;
}) {
  const { t } = useTranslation('whiteboard');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-md">
        <DialogTitle>
          {mode === 'create' ? t('form.createTitle') : t('form.renameTitle')}
        </DialogTitle>
        <DialogDescription>{t('form.lead')}</DialogDescription>
        {open ? (
          <TitleForm
            initialTitle={initialTitle}
            mode={mode}
            pending={pending}
            serverError={error}
            onCancel={() => onOpenChange(false)}
            onSubmit={onSubmit}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TitleForm({
  initialTitle,
  mode,
  pending,
  serverError,
  onCancel,
  onSubmit,
}: {
  initialTitle: string;
  mode: 'create' | 'rename';
  pending: boolean;
  serverError: string | null;
  onCancel: () => void;
  onSubmit: (title: string) => void;
}) {
  const { t } = useTranslation('whiteboard');
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(t('form.titleRequired'));
    if (trimmed.length > BOARD_TITLE_MAX) {
      return setError(t('form.titleTooLong', { max: BOARD_TITLE_MAX }));
    }
    setError(undefined);
    onSubmit(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id={`${id}-title`} label={t('form.title')} error={error}>
        <Input
          {...fieldAria(`${id}-title`, error)}
          value={title}
          autoFocus
          maxLength={BOARD_TITLE_MAX + 20}
          placeholder={t('form.titlePlaceholder')}
          onChange={(e) => {
            setTitle(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      {serverError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={pending}>
          {mode === 'create' ? t('form.create') : t('form.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
