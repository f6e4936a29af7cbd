import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

/** A description textarea with its "up to {{max}} characters" hint (class and event forms). */
export function DescriptionField({
  id,
  label,
  error,
  max,
  rows,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  max: number;
  rows: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('classes');
  const hint = t('form.descriptionHint', { max });
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea
        {...fieldAria(id, error, hint)}
        value={value}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** A dialog form's buttons: "Cancelar" (outline, calls `onCancel`) and the submit button. */
export function FormFooter({
  onCancel,
  submitLabel,
  pending,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation('classes');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
