import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DECK_DESCRIPTION_MAX,
  DECK_TITLE_MAX,
  type Deck,
} from '@aprenda/shared/schemas/flashcards';
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
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateDeck, useUpdateDeck } from '../api/decks';
import {
  deckFormValues,
  deckServerErrors,
  validateDeckForm,
  type DeckFormErrors,
  type DeckFormValues,
} from '../lib/deck-form';
import { DeckNumberFields } from './deck-number-fields';

/** Create a deck, or edit one's title, description and daily settings. */
export function DeckFormDialog({
  open,
  onOpenChange,
  deck,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deck?: Deck;
  onSaved?: (deck: Deck) => void;
}) {
  const { t } = useTranslation('flashcards');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-lg">
        <DialogTitle>{deck ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
        <DialogDescription>{t('form.lead')}</DialogDescription>
        {open ? (
          <DeckForm deck={deck} onDone={() => onOpenChange(false)} onSaved={onSaved} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeckForm({
  deck,
  onDone,
  onSaved,
}: {
  deck?: Deck;
  onDone: () => void;
  onSaved?: (deck: Deck) => void;
}) {
  const { t, i18n } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const [values, setValues] = useState<DeckFormValues>(() => deckFormValues(deck));
  const [errors, setErrors] = useState<DeckFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateDeck();
  const update = useUpdateDeck();

  function set<K extends keyof DeckFormValues>(key: K, value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function onError(err: unknown) {
    const fields = fieldErrorsOf(err);
    if (fields) {
      setErrors(deckServerErrors(t, i18n.language, fields));
      setFormError(t('form.fixFields'));
      return;
    }
    setFormError(errorMessage(t, err));
    toastError(errorMessage(t, err));
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateDeckForm(t, i18n.language, values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('form.fixFields'));
      return;
    }
    setErrors({});
    setFormError(null);
    const done = (saved: Deck, message: string) => {
      toastSuccess(message);
      onSaved?.(saved);
      onDone();
    };
    if (deck) {
      update.mutate(
        { id: deck.id, changes: result.data },
        { onSuccess: (saved) => done(saved, t('form.updated')), onError },
      );
    } else {
      create.mutate(result.data, {
        onSuccess: (saved) => done(saved, t('form.created', { title: saved.title })),
        onError,
      });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id={`${id}-title`} label={t('form.title')} error={errors.title}>
        <Input
          {...fieldAria(`${id}-title`, errors.title)}
          value={values.title}
          maxLength={DECK_TITLE_MAX + 50}
          placeholder={t('form.titlePlaceholder')}
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label={t('form.description')} error={errors.description}>
        <Textarea
          {...fieldAria(`${id}-description`, errors.description)}
          value={values.description}
          rows={3}
          maxLength={DECK_DESCRIPTION_MAX + 200}
          onChange={(e) => set('description', e.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('form.settings')}</legend>
        <DeckNumberFields id={id} values={values} errors={errors} onChange={set} />
      </fieldset>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" pending={create.isPending || update.isPending}>
          {deck ? t('form.save') : t('form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
