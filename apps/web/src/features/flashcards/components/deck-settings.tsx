import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { FSRS_FIT_EVERY_REVIEWS, type DeckDetail } from '@aprenda/shared/schemas/flashcards';
import { Button } from '@/components/ui/button';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateDeck } from '../api/decks';
import {
  deckFormValues,
  deckServerErrors,
  validateDeckForm,
  type DeckFormErrors,
  type DeckFormValues,
} from '../lib/deck-form';
import { DeckNumberFields } from './deck-number-fields';

/**
 * The deck's study settings: desired retention as a percentage with what it means, new cards and
 * reviews per day; the owner edits them here. Below, whether the schedule uses parameters fitted
 * to the student ("Parâmetros ajustados para você em {data}").
 */
export function DeckSettings({ deck }: { deck: DeckDetail }) {
  const { t, i18n } = useTranslation('flashcards');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(
    deck.desired_retention,
  );
  const fmt = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { parameters } = deck;
  return (
    <section aria-labelledby={`settings-${deck.id}`} className="flex flex-col gap-3">
      <h2 id={`settings-${deck.id}`} className="text-lg font-semibold">
        {t('deck.settings')}
      </h2>
      <div className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-5">
        <div className="flex flex-col gap-1">
          <p className="font-medium">{t('deck.retentionShown', { percent })}</p>
          <p className="text-sm text-zinc-300">{t('deck.retentionExplained', { percent })}</p>
          <p className="mt-1 text-sm" data-testid="true-retention">
            {deck.retention.rate === null
              ? t('deck.trueRetentionNone', { days: deck.retention.days })
              : t('deck.trueRetention', {
                  days: deck.retention.days,
                  percent: new Intl.NumberFormat(i18n.language, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                  }).format(deck.retention.rate),
                  count: deck.retention.reviews,
                })}
          </p>
        </div>
        {deck.can_edit ? (
          <SettingsForm deck={deck} key={deck.updated_at} />
        ) : (
          <ul className="flex flex-col gap-1 text-sm text-zinc-300">
            <li>{t('deck.newPerDayShown', { count: deck.new_per_day })}</li>
            <li>{t('deck.reviewsPerDayShown', { count: deck.reviews_per_day })}</li>
          </ul>
        )}
        <p className="flex items-start gap-2 text-sm text-zinc-300">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {parameters.personalized && parameters.fitted_at
            ? t('deck.personalized', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                  new Date(parameters.fitted_at),
                ),
              })
            : t('deck.notPersonalized', {
                needed: fmt(FSRS_FIT_EVERY_REVIEWS),
                count: fmt(parameters.review_count),
              })}
        </p>
      </div>
    </section>
  );
}

function SettingsForm({ deck }: { deck: DeckDetail }) {
  const { t, i18n } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const [values, setValues] = useState<DeckFormValues>(() => deckFormValues(deck));
  const [errors, setErrors] = useState<DeckFormErrors>({});
  const update = useUpdateDeck();
  const initial = deckFormValues(deck);
  const dirty =
    values.retention !== initial.retention ||
    values.newPerDay !== initial.newPerDay ||
    values.reviewsPerDay !== initial.reviewsPerDay;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateDeckForm(t, i18n.language, { ...values, title: deck.title });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const { desired_retention, new_per_day, reviews_per_day } = result.data;
    update.mutate(
      { id: deck.id, changes: { desired_retention, new_per_day, reviews_per_day } },
      {
        onSuccess: () => toastSuccess(t('deck.settingsSaved')),
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          if (fields) setErrors(deckServerErrors(t, i18n.language, fields));
          toastError(errorMessage(t, err));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DeckNumberFields
        id={id}
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={!dirty}
        pending={update.isPending}
      >
        {t('deck.saveSettings')}
      </Button>
    </form>
  );
}
