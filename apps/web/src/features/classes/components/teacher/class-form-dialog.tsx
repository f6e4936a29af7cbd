import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import {
  CLASS_CODE_MAX,
  CLASS_DESCRIPTION_MAX,
  CLASS_TITLE_MAX,
  proposeClassCode,
  type ClassDetail,
  type ClassSummary,
} from '@aprenda/shared/schemas/classes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorCode, errorMessage, errorText, fieldErrorsOf } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateClass, useUpdateClass } from '../../api/classes';
import { validateClassForm, type ClassFormValues } from '../../lib/class-form';
import { useClassWriteError } from '../../lib/class-errors';
import { classDraftKey, classFormDrafts } from '../../lib/form-drafts';
import { useFormDraft } from '../../lib/use-form-draft';
import { fieldMessages, type FieldMessages } from '../../lib/validation';
import { Field, fieldAria, focusFirstInvalid } from '@/components/ui/field';
import { DraftFormDialog, DraftRestoredNotice } from '../shared/draft-parts';
import { DescriptionField, FormFooter } from '../shared/form-parts';

function initialValues(klass?: ClassSummary | ClassDetail): ClassFormValues {
  return {
    title: klass?.title ?? '',
    description: klass?.description ?? '',
    code: klass?.code ?? proposeClassCode(),
  };
}

/**
 * Create or edit a class: title, description and a join code with "Gerar" (6 characters of the
 * alphabet without look-alikes). Errors show per field in the user's language; what was typed stays
 * — on this device too, until it is saved or discarded (lib/form-drafts.ts, per user and class or
 * `new`): opened again, after the session expired and the teacher signed in again, the form says
 * it brought it back.
 */
export function ClassFormDialog({
  open,
  onOpenChange,
  klass,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this class; create a new one when absent. */
  klass?: ClassSummary | ClassDetail | undefined;
  onSaved?: (saved: ClassDetail) => void;
}) {
  const { t } = useTranslation(['classes', 'errors']);
  const { data: me } = useSession();
  const draftKey = me ? classDraftKey(me.id, klass?.id) : null;
  const writeError = useClassWriteError();
  return (
    <DraftFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={klass ? t('form.editTitle') : t('form.createTitle')}
      description={t('form.lead')}
      onDiscard={() => {
        if (draftKey) classFormDrafts.clear(draftKey);
      }}
    >
      {(handlers) => (
        <ClassForm
          key={klass?.id ?? 'new'}
          klass={klass}
          onSaved={onSaved}
          draftKey={draftKey}
          describeError={klass ? (err) => writeError(err, klass) : undefined}
          {...handlers}
        />
      )}
    </DraftFormDialog>
  );
}

export function ClassForm({
  klass,
  onDone,
  onSaved,
  draftKey = null,
  onDirty,
  onCancel = onDone,
  describeError,
}: {
  klass?: ClassSummary | ClassDetail | undefined;
  onDone: () => void;
  onSaved?: ((saved: ClassDetail) => void) | undefined;
  /** Where the unsaved form is kept on this device (null: nowhere, e.g. session unknown). */
  draftKey?: string | null;
  onDirty?: (dirty: boolean) => void;
  /** "Cancelar" (default: `onDone`). */
  onCancel?: () => void;
  /** A failed save in words (default: errors:<code>); editing words `class_archived`. */
  describeError?: ((err: unknown) => string) | undefined;
}) {
  const { t } = useTranslation(['classes', 'errors']);
  const id = useId();
  const [initial] = useState<ClassFormValues>(() => initialValues(klass));
  const draft = useFormDraft({
    drafts: classFormDrafts,
    draftKey,
    initial,
    // A new class's proposed code is no work of the teacher's: only a name or description is.
    same: klass
      ? classFormDrafts.same
      : (a, b) => a.title === b.title && a.description === b.description,
    onDirty,
  });
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateClass();
  const update = useUpdateClass();
  const pending = create.isPending || update.isPending;

  function set<K extends keyof ClassFormValues>(key: K, value: ClassFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function onError(err: unknown) {
    const fields = fieldErrorsOf(err);
    if (fields) {
      setErrors(fieldMessages(t, fields, { ...values }));
      setFormError(t('form.fixFields'));
      return;
    }
    if (errorCode(err) === 'class_code_taken') {
      setErrors((e) => ({ ...e, code: errorText(t, 'class_code_taken') }));
      setFormError(null);
      return;
    }
    const message = describeError ? describeError(err) : errorMessage(t, err);
    setFormError(message);
    toastError(message);
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const result = validateClassForm(t, values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('form.fixFields'));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    setFormError(null);
    const done = (saved: ClassDetail, message: string) => {
      toastSuccess(message);
      draft.saved();
      onSaved?.(saved);
      onDone();
    };
    if (klass) {
      const changes = {
        title: result.data.title,
        description: result.data.description,
        ...(result.data.code && result.data.code !== klass.code ? { code: result.data.code } : {}),
      };
      update.mutate(
        { id: klass.id, changes },
        { onSuccess: (saved) => done(saved, t('form.updated', { title: saved.title })), onError },
      );
    } else {
      create.mutate(result.data, {
        onSuccess: (saved) => done(saved, t('form.created', { title: saved.title })),
        onError,
      });
    }
  }

  function discard() {
    draft.discard();
    setErrors({});
    setFormError(null);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {draft.restored ? (
        <DraftRestoredNotice message={t('drafts.restoredClass')} onDiscard={discard} />
      ) : null}
      <Field id={`${id}-title`} label={t('form.title')} error={errors.title}>
        <Input
          {...fieldAria(`${id}-title`, errors.title)}
          value={values.title}
          maxLength={CLASS_TITLE_MAX + 50}
          onChange={(e) => set('title', e.target.value)}
          placeholder={t('form.titlePlaceholder')}
        />
      </Field>
      <DescriptionField
        id={`${id}-description`}
        label={t('form.description')}
        error={errors.description}
        max={CLASS_DESCRIPTION_MAX}
        rows={4}
        value={values.description}
        onChange={(value) => set('description', value)}
      />
      <Field id={`${id}-code`} label={t('form.code')} error={errors.code} hint={t('form.codeHint')}>
        <div className="flex gap-2">
          <Input
            {...fieldAria(`${id}-code`, errors.code, t('form.codeHint'))}
            value={values.code}
            maxLength={CLASS_CODE_MAX + 8}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            autoComplete="off"
            spellCheck={false}
            className="font-mono tracking-widest uppercase"
          />
          <Button type="button" variant="secondary" onClick={() => set('code', proposeClassCode())}>
            <Sparkles aria-hidden />
            {t('form.generate')}
          </Button>
        </div>
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <FormFooter
        onCancel={onCancel}
        submitLabel={klass ? t('form.save') : t('form.create')}
        pending={pending}
      />
    </form>
  );
}
