import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { ErrorCode } from '@aprenda/shared/errors';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useConfig } from '@/lib/config-context';
import { errorText } from '@/lib/errors';
import { forgetSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { deleteAccount } from '../lib/account';
import { forgetDeviceData } from '@/lib/device-data';

/**
 * Profile: "Excluir minha conta" — for good, with the password, after a confirmation that says
 * what goes. The owner of a class is told to hand it over or delete it first (the server refuses:
 * its students' work is in it). Afterwards nothing of the account stays on this device.
 */
export function DeleteAccountSection({ role }: { role: 'student' | 'teacher' }) {
  const { t } = useTranslation(['auth', 'errors']);
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { github } = useConfig();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<ErrorCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  function ask(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setRefusal(null);
    // Without GitHub every account has a password; with it, one that signs in with GitHub only
    // sends none (the server says when a password was needed after all).
    if (!password && !github) {
      setError(t('validation.required'));
      document.getElementById(`${id}-password`)?.focus();
      return;
    }
    setConfirming(true);
  }

  async function confirm() {
    if (pending) return;
    setPending(true);
    const result = await deleteAccount(password);
    if (result.ok) {
      await forgetDeviceData();
      forgetSession(queryClient);
      toastSuccess(t('deleteAccount.done'));
      void navigate('/auth', { replace: true });
      return;
    }
    setPending(false);
    setConfirming(false);
    if (result.code === 'wrong_password' || result.code === 'invalid_credentials') {
      setError(t('deleteAccount.wrongPassword'));
      document.getElementById(`${id}-password`)?.focus();
    } else if (result.code === 'validation_failed') {
      setError(t('validation.required'));
      document.getElementById(`${id}-password`)?.focus();
    } else if (result.code === 'owns_classes' || result.code === 'recent_sign_in_required') {
      setRefusal(result.code);
    } else {
      toastError(errorText(t, result.code));
    }
  }

  const hint = github ? t('deleteAccount.githubHint') : undefined;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{t('deleteAccount.title')}</h2>
        <CardDescription>{t('deleteAccount.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {role === 'teacher' ? (
          <p className="text-muted-foreground text-sm">{t('deleteAccount.teacherNote')}</p>
        ) : null}
        <form noValidate onSubmit={ask} className="flex max-w-md flex-col gap-4">
          <Field
            id={`${id}-password`}
            label={t('deleteAccount.password')}
            error={error}
            hint={hint}
          >
            <Input
              {...fieldAria(`${id}-password`, error, hint)}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (error) setError(undefined);
              }}
            />
          </Field>
          {refusal ? (
            <p role="alert" className="text-destructive text-sm">
              {errorText(t, refusal)}{' '}
              {refusal === 'owns_classes' ? (
                <Link to="/dashboard/teacher" className="underline underline-offset-4">
                  {t('deleteAccount.toClasses')}
                </Link>
              ) : null}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" className="self-start">
            <Trash2 aria-hidden />
            {t('deleteAccount.submit')}
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!pending) setConfirming(open);
        }}
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmBody')}
        confirmLabel={t('deleteAccount.confirm')}
        cancelLabel={t('deleteAccount.cancel')}
        onConfirm={() => void confirm()}
        pending={pending}
      />
    </Card>
  );
}
