import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SET_DESCRIPTION_MAX,
  SET_TITLE_MAX,
  type Assignment,
  type ExerciseSet,
} from '@aprenda/shared/schemas/exercises';
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
import { useCreateSet, useUpdateSet } from '../../api/sets';
import {
  addDraw,
  addItem,
  givenClassTitles,
  setFormValues,
  setServerErrors,
  validateSetForm,
  type EntryDraft,
  type SetFormErrors,
  type SetFormValues,
} from '../../lib/sets-form';
import { DrawPicker } from './draw-picker';
import { ItemPicker } from './item-picker';
import { SetEntries } from './set-entries';

/**
 * Create a set, or edit one: title, description, its entries (chosen items and draws). A set
 * already given (`given`: its assignments) says that those keep what they were given with — an
 * assignment copies the set's title, description and entries — so a change applies to the next
 * ones; the confirmation says it again.
 */
export function SetEditorDialog({
  set,
  given = [],
  open,
  onOpenChange,
}: {
  set?: ExerciseSet;
  given?: readonly Assignment[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('sets');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-2xl">
        <DialogTitle>{set ? t('editor.editTitle') : t('editor.createTitle')}</DialogTitle>
        <DialogDescription>{t('editor.lead')}</DialogDescription>
        {open ? (
          <SetForm
            key={set?.id ?? 'new'}
            set={set}
            given={set ? given : []}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SetForm({
  set,
  given,
  onDone,
}: {
  set?: ExerciseSet;
  given: readonly Assignment[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['sets', 'errors']);
  const id = useId();
  const [values, setValues] = useState<SetFormValues>(() => setFormValues(set));
  const [errors, setErrors] = useState<SetFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSet();
  const update = useUpdateSet();

  function setText(key: 'title' | 'description', value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  }

  function setEntries(entries: EntryDraft[]) {
    setValues((v) => ({ ...v, entries }));
    setErrors((e) => ({ ...e, entries: undefined }));
    setFormError(null);
  }

  function onError(err: unknown) {
    const fields = fieldErrorsOf(err);
    if (fields) {
      setErrors(setServerErrors(t, values.entries, fields));
      setFormError(t('editor.fixFields'));
      return;
    }
    setFormError(errorMessage(t, err));
    toastError(errorMessage(t, err));
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const result = validateSetForm(t, values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('editor.fixFields'));
      return;
    }
    setErrors({});
    setFormError(null);
    const done = (saved: ExerciseSet) => {
      toastSuccess(
        !set
          ? t('editor.created', { title: saved.title })
          : given.length > 0
            ? t('editor.updatedGiven', { count: given.length })
            : t('editor.updated'),
      );
      onDone();
    };
    if (set) update.mutate({ id: set.id, body: result.data }, { onSuccess: done, onError });
    else create.mutate(result.data, { onSuccess: done, onError });
  }

  const givenNote =
    given.length > 0
      ? t('editor.givenNote', {
          count: given.length,
          classes: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
            givenClassTitles(given),
          ),
        })
      : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {givenNote ? (
        <p
          id={`${id}-given`}
          className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm [overflow-wrap:anywhere]"
          data-testid="set-given-note"
        >
          {givenNote}
        </p>
      ) : null}
      <Field id={`${id}-title`} label={t('editor.title')} error={errors.title}>
        <Input
          {...fieldAria(`${id}-title`, errors.title)}
          value={values.title}
          maxLength={SET_TITLE_MAX + 50}
          placeholder={t('editor.titlePlaceholder')}
          onChange={(e) => setText('title', e.target.value)}
        />
      </Field>
      <Field id={`${id}-description`} label={t('editor.description')} error={errors.description}>
        <Textarea
          {...fieldAria(`${id}-description`, errors.description)}
          value={values.description}
          rows={2}
          maxLength={SET_DESCRIPTION_MAX + 200}
          onChange={(e) => setText('description', e.target.value)}
        />
      </Field>
      <SetEntries
        entries={values.entries}
        error={errors.entries}
        entryErrors={errors.entry ?? {}}
        onChange={setEntries}
      />
      <ItemPicker
        chosen={values.entries.flatMap((e) => (e.type === 'item' ? [e.itemId] : []))}
        onAdd={(item) => setEntries(addItem(values.entries, item))}
      />
      <DrawPicker onAdd={(skillId, count) => setEntries(addDraw(values.entries, skillId, count))} />
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          pending={create.isPending || update.isPending}
          aria-describedby={givenNote ? `${id}-given` : undefined}
        >
          {set ? t('editor.save') : t('editor.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
