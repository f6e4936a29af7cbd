import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/lib/toast';
import { refusedSave, type AssignFormErrors } from '../../lib/sets-assign';

/**
 * The state both assignment forms keep ("Passar para a turma", "Alterar"): what was typed, the
 * errors on its fields and the form's line. Typing into a field clears its error; a refused save
 * puts the server's field errors on the fields, or says why in the line and a toast. What was
 * typed is never reset by an error.
 */
export function useAssignForm<V extends object>(initial: () => V) {
  const { t } = useTranslation(['sets', 'errors']);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<AssignFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  return {
    values,
    errors,
    formError,
    change<K extends keyof V>(key: K, value: V[K]) {
      setValues((v) => ({ ...v, [key]: value }));
      if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
      setFormError(null);
    },
    /** The form's own checks failed: the errors on their fields. */
    invalid(found: AssignFormErrors) {
      setErrors(found);
      setFormError(t('sets:assign.fixFields'));
    },
    /** Nothing wrong on the fields, but the save waits for the teacher (the form's line says why). */
    held(message: string) {
      setErrors({});
      setFormError(message);
    },
    /** The form's line is no longer true (what it asked for was done). */
    clearLine() {
      setFormError(null);
    },
    /** Checks passed: the request goes. */
    sending() {
      setErrors({});
      setFormError(null);
    },
    /** The server refused the save. */
    refused(failure: unknown) {
      const refused = refusedSave(t, failure);
      setErrors(refused.errors);
      setFormError(refused.formError);
      if (!refused.fields) toastError(refused.formError);
    },
  };
}
