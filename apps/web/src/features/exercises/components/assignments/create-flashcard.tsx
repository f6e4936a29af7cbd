import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Layers } from 'lucide-react';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { useCreateFlashcard, useOwnDecks } from '../../api/assignments';
import { deckTitle, flashcardBack } from '../../lib/assignments-attempt';

const NEW_DECK = '__new__';

/**
 * "Criar flashcard" under a wrong answer: the stem on the front, the correct answer and the
 * explanation on the back, in one of the student's own decks or a new "Erros de {título}".
 */
export function CreateFlashcard({
  assignmentTitle,
  item,
  result,
}: {
  assignmentTitle: string;
  item: PublicItem;
  result: GradedResult;
}) {
  const { t } = useTranslation(['assignments', 'errors']);
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const decks = useOwnDecks(open);
  const create = useCreateFlashcard();
  const newTitle = deckTitle(t('flashcard.newDeckTitle', { title: assignmentTitle }));
  const existing = decks.data?.find((d) => d.title === newTitle);
  const choice = picked ?? existing?.id ?? NEW_DECK;

  if (created) {
    return (
      <Button variant="outline" className="self-start" disabled>
        <Check aria-hidden />
        {t('flashcard.created')}
      </Button>
    );
  }

  function save() {
    create.mutate(
      {
        deckId: choice === NEW_DECK ? null : choice,
        newDeckTitle: newTitle,
        front: item.stem,
        back: flashcardBack(item, result, {
          answer: t('flashcard.backAnswer'),
          explanation: t('flashcard.backExplanation'),
        }),
        skillId: item.skill_id,
      },
      {
        onSuccess: ({ deckTitle: title }) => {
          toastSuccess(t('flashcard.toast', { deck: title }));
          setCreated(true);
          setOpen(false);
        },
      },
    );
  }

  return (
    <>
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <Layers aria-hidden />
        {t('flashcard.create')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('close')}>
          <DialogTitle>{t('flashcard.title')}</DialogTitle>
          <DialogDescription>{t('flashcard.body')}</DialogDescription>
          {decks.isPending ? (
            <LoadingState>{t('flashcard.loadingDecks')}</LoadingState>
          ) : decks.isError ? (
            <ErrorBox retryLabel={t('retry')} onRetry={() => void decks.refetch()}>
              {t('flashcard.decksError')}
            </ErrorBox>
          ) : (
            <div className="flex flex-col gap-2">
              <Label htmlFor={selectId}>{t('flashcard.deck')}</Label>
              <NativeSelect
                id={selectId}
                value={choice}
                onChange={(event) => setPicked(event.target.value)}
              >
                {existing ? null : (
                  <option value={NEW_DECK}>{t('flashcard.newDeck', { title: newTitle })}</option>
                )}
                {decks.data.map((deck) => (
                  <option key={deck.id} value={deck.id}>
                    {deck.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {create.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(t, create.error)}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button pending={create.isPending} disabled={!decks.isSuccess} onClick={save}>
              {t('flashcard.save')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
