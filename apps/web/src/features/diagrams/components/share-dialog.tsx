import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Diagram } from '@aprenda/shared/schemas/diagrams';
import { ClassCheckboxes } from '@/components/classes/class-checkboxes';
import { Button } from '@/components/ui/button';
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
import { useTeachingClasses } from '../api/classes';
import { useShareDiagram } from '../api/diagrams';

/** Share a diagram read-only with classes I teach (the checked ones: PUT replaces the list). */
export function ShareDialog({
  open,
  onOpenChange,
  diagram,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  diagram: Diagram;
}) {
  const { t } = useTranslation('diagrams');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('share.title')}</DialogTitle>
        <DialogDescription>{t('share.lead')}</DialogDescription>
        {open ? <ShareForm diagram={diagram} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({ diagram, onDone }: { diagram: Diagram; onDone: () => void }) {
  const { t } = useTranslation(['diagrams', 'errors']);
  const teaching = useTeachingClasses();
  const share = useShareDiagram();
  const [chosen, setChosen] = useState(() => new Set(diagram.sharedWith.map((c) => c.id)));

  function submit(e: FormEvent) {
    e.preventDefault();
    share.mutate(
      { id: diagram.id, body: { classIds: [...chosen] } },
      {
        onSuccess: () => {
          toastSuccess(t('share.done'));
          onDone();
        },
      },
    );
  }

  if (teaching.isPending) return <LoadingState>{t('share.loading')}</LoadingState>;
  if (teaching.isError) {
    return (
      <ErrorBox retryLabel={t('retry')} onRetry={() => void teaching.refetch()}>
        {t('share.loadError')}
      </ErrorBox>
    );
  }
  const classes = teaching.data.items;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {classes.length === 0 ? (
        <p className="text-sm text-zinc-300">{t('share.noClasses')}</p>
      ) : (
        <ClassCheckboxes
          classes={classes}
          chosen={chosen}
          onChange={setChosen}
          legend={t('share.classes')}
        />
      )}
      {share.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(t, share.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        {classes.length > 0 ? (
          <Button type="submit" pending={share.isPending}>
            {t('share.submit')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}
