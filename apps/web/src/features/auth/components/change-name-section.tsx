import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '@aprenda/shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/errors';
import { refreshSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { changeName } from '../lib/account';

/**
 * Profile: "Seu nome" — the name teachers and classmates see in classes, lists and analytics.
 * Checked as at sign-up (not blank, at most NAME_MAX_LENGTH); the session is read again after a
 * change, so the header and every list show the new name. What was typed stays on an error.
 */
export function ChangeNameSection({ name }: { name: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const unchanged = value.trim() === name;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || unchanged) return;
    const next = value.trim();
    const found = !next
      ? t('validation.required')
      : next.length > NAME_MAX_LENGTH
        ? t('validation.tooLong', { max: NAME_MAX_LENGTH })
        : undefined;
    setError(found);
    if (found) {
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setPending(true);
    const result = await changeName(next);
    if (!result.ok) {
      setPending(false);
      toastError(errorText(t, result.code));
      return;
    }
    // The header and the account card read the session again (this section then remounts with
    // the new name: the profile keys it by name).
    await refreshSession(queryClient);
    setPending(false);
    toastSuccess(t('changeName.done'));
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('changeName.title')}</h2>
        <CardDescription>{t('changeName.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-4">
          <Field id={`${id}-name`} label={t('fields.name')} error={error}>
            <Input
              {...fieldAria(`${id}-name`, error)}
              autoComplete="name"
              value={value}
              maxLength={NAME_MAX_LENGTH + 20}
              onChange={(e) => {
                setValue(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </Field>
          <Button type="submit" className="self-start" pending={pending} disabled={unchanged}>
            {t('changeName.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
