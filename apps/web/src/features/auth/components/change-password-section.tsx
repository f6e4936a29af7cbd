import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@aprenda/shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { changePassword } from '../lib/account';
import { newPasswordError } from '../lib/new-password';

type Name = 'current' | 'next' | 'confirm';

/** Profile: "Alterar senha" — current password, the new one twice; other sessions sign out. */
export function ChangePasswordSection() {
  const { t } = useTranslation(['auth', 'errors']);
  const id = useId();
  const [values, setValues] = useState<Record<Name, string>>({
    current: '',
    next: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const found: Partial<Record<Name, string>> = {};
    if (!values.current) found.current = t('validation.required');
    // As at sign-up: the length, then not an easily guessed password (the server refuses it too).
    const nextError = newPasswordError(values.next);
    if (nextError) found.next = t(nextError.key, nextError.values ?? {});
    else if (values.next === values.current) found.next = t('changePassword.same');
    if (!found.next && values.confirm !== values.next) found.confirm = t('reset.mismatch');
    setErrors(found);
    const first = (['current', 'next', 'confirm'] as const).find((n) => found[n]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setPending(true);
    const result = await changePassword(values.current, values.next);
    setPending(false);
    if (result.ok) {
      setValues({ current: '', next: '', confirm: '' });
      toastSuccess(t('changePassword.done'));
      return;
    }
    if (result.code === 'wrong_password' || result.code === 'invalid_credentials') {
      setErrors({ current: t('changePassword.wrongCurrent') });
      document.getElementById(`${id}-current`)?.focus();
      return;
    }
    toastError(errorText(t, result.code));
  }

  const field = (name: Name, label: string, autoComplete: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input
        {...fieldAria(`${id}-${name}`, errors[name], hint)}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
        }}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('changePassword.title')}</h2>
        <CardDescription>{t('changePassword.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
          {field('current', t('changePassword.current'), 'current-password')}
          {field(
            'next',
            t('changePassword.next'),
            'new-password',
            t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH }),
          )}
          {field('confirm', t('changePassword.confirm'), 'new-password')}
          <Button type="submit" className="self-start" pending={pending}>
            {t('changePassword.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
