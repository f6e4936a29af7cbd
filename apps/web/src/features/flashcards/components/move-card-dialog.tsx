import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@aprenda/shared/schemas/flashcards';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useMoveCard } from '../api/cards';
import { useDecks } from '../api/decks';

/** Move a card to another deck of mine (its progress goes with it). */
export function MoveCardDialog({
  card,
  deckId,
  onOpenChange,
}: {
  card: Card | null;
  deckId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('flashcards');
  return (
    <Dialog open={card !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('cards.moveTitle')}</DialogTitle>
        <DialogDescription>{t('cards.moveLead')}</DialogDescription>
        {card ? <MoveForm card={card} deckId={deckId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({ card, deckId, onDone }: { card: Card; deckId: string; onDone: () => void }) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const decks = useDecks();
  const move = useMoveCard();
  const targets = (decks.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (d) => d.source === 'own' && d.id !== deckId,
  );
  const [target, setTarget] = useState('');
  const chosen = target || targets[0]?.id || '';

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const deck = targets.find((d) => d.id === chosen);
    if (!deck) return;
    move.mutate(
      { card, deckId: deck.id },
      {
        onSuccess: () => {
          toastSuccess(t('cards.moved', { title: deck.title }));
          onDone();
        },
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }

  if (decks.isPending) return <LoadingState>{t('list.loading')}</LoadingState>;
  if (decks.isError) {
    return (
      <ErrorBox retryLabel={t('retry')} onRetry={() => void decks.refetch()}>
        {t('list.loadError')}
      </ErrorBox>
    );
  }
  if (targets.length === 0) {
    return (
      <>
        <p className="text-sm text-zinc-300">{t('cards.moveNone')}</p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('close')}
          </Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field id={`${id}-deck`} label={t('cards.moveTarget')}>
        <NativeSelect id={`${id}-deck`} value={chosen} onChange={(e) => setTarget(e.target.value)}>
          {targets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.title}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={move.isPending}>
          {t('cards.moveSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
