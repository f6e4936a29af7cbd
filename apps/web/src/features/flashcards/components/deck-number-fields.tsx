import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { DeckFormErrors, DeckFormValues } from '../lib/deck-form';

/**
 * The three daily settings as text inputs with a numeric keyboard: whatever is typed stays and a
 * wrong value is named ("Digite um número inteiro de 70 a 99.").
 */
export function DeckNumberFields({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: Pick<DeckFormValues, 'retention' | 'newPerDay' | 'reviewsPerDay'>;
  errors: DeckFormErrors;
  onChange: (field: 'retention' | 'newPerDay' | 'reviewsPerDay', value: string) => void;
}) {
  const { t } = useTranslation('flashcards');
  const retentionHint = t('form.retentionHint');
  return (
    <>
      <Field
        id={`${id}-retention`}
        label={t('form.retention')}
        error={errors.retention}
        hint={retentionHint}
      >
        <Input
          {...fieldAria(`${id}-retention`, errors.retention, retentionHint)}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-32"
          value={values.retention}
          onChange={(e) => onChange('retention', e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-new`} label={t('form.newPerDay')} error={errors.newPerDay}>
          <Input
            {...fieldAria(`${id}-new`, errors.newPerDay)}
            inputMode="numeric"
            autoComplete="off"
            value={values.newPerDay}
            onChange={(e) => onChange('newPerDay', e.target.value)}
          />
        </Field>
        <Field id={`${id}-reviews`} label={t('form.reviewsPerDay')} error={errors.reviewsPerDay}>
          <Input
            {...fieldAria(`${id}-reviews`, errors.reviewsPerDay)}
            inputMode="numeric"
            autoComplete="off"
            value={values.reviewsPerDay}
            onChange={(e) => onChange('reviewsPerDay', e.target.value)}
          />
        </Field>
      </div>
    </>
  );
}
