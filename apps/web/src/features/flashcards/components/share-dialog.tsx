import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { DeckDetail } from '@aprenda/shared/schemas/flashcards';
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
import { useTeachingClasses } from '../api/classes';
import { useShareDeck, useUnshareDeck } from '../api/decks';

/**
 * Share a deck with a class where I teach (its students study it with their own progress), or
 * stop sharing it with one.
 */
export function ShareDialog({
  open,
  onOpenChange,
  deck,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deck: DeckDetail;
}) {
  const { t } = useTranslation('flashcards');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('share.title')}</DialogTitle>
        <DialogDescription>{t('share.lead')}</DialogDescription>
        {open ? <ShareForm deck={deck} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({ deck, onDone }: { deck: DeckDetail; onDone: () => void }) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const teaching = useTeachingClasses();
  const share = useShareDeck();
  const unshare = useUnshareDeck();
  const [chosen, setChosen] = useState('');
  const shared = new Set(deck.shares.map((s) => s.class_id));
  const available = (teaching.data?.items ?? []).filter((c) => !shared.has(c.id));
  const target =
    chosen && available.some((c) => c.id === chosen) ? chosen : (available[0]?.id ?? '');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const klass = available.find((c) => c.id === target);
    if (!klass) return;
    share.mutate(
      { id: deck.id, classId: klass.id },
      {
        onSuccess: () => {
          toastSuccess(t('share.shared', { class: klass.title }));
          setChosen('');
        },
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }

  function stop(classId: string, title: string) {
    unshare.mutate(
      { id: deck.id, classId },
      {
        onSuccess: () => toastSuccess(t('share.unshared', { class: title })),
        onError: (err) => toastError(errorMessage(t, err)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-2" aria-labelledby={`${id}-current`}>
        <h3 id={`${id}-current`} className="text-sm font-semibold">
          {t('share.current')}
        </h3>
        {deck.shares.length === 0 ? (
          <p className="text-sm text-zinc-300">{t('share.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {deck.shares.map((s) => (
              <li
                key={s.class_id}
                className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-border px-3 py-2"
              >
                <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{s.title}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('share.unshare', { class: s.title })}
                  disabled={unshare.isPending}
                  onClick={() => stop(s.class_id, s.title)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {teaching.isPending ? (
        <LoadingState>{t('share.loading')}</LoadingState>
      ) : teaching.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void teaching.refetch()}>
          {t('share.loadError')}
        </ErrorBox>
      ) : available.length === 0 ? (
        <p className="text-sm text-zinc-300">
          {(teaching.data?.items.length ?? 0) === 0 ? t('share.noClasses') : t('share.allShared')}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field id={`${id}-class`} label={t('share.class')}>
            <NativeSelect
              id={`${id}-class`}
              value={target}
              onChange={(e) => setChosen(e.target.value)}
            >
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="submit" className="self-start" pending={share.isPending}>
            {t('share.submit')}
          </Button>
        </form>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('close')}
        </Button>
      </DialogFooter>
    </div>
  );
}
