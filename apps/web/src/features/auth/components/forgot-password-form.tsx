import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import { signInSchema } from '@aprenda/shared/schemas/auth';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/errors';
import { requestPasswordReset } from '../lib/account';
import { AuthCard, FormAlert } from './auth-card';

/** "Esqueci minha senha": asks for the e-mail, then says the same whether or not it has an account. */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setFormError(null);
    const value = email.trim();
    if (!value) return setError(t('validation.required'));
    if (!signInSchema.shape.email.safeParse(value).success) return setError(t('validation.email'));
    setError(undefined);
    setPending(true);
    const result = await requestPasswordReset(value);
    setPending(false);
    if (result.ok) setSentTo(value);
    else setFormError(errorText(t, result.code));
  }

  if (sentTo) {
    return (
      <AuthCard title={t('forgot.title')}>
        <div className="flex items-start gap-3" role="status">
          <MailCheck className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
          <p className="text-zinc-200">{t('forgot.sent', { email: sentTo })}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => setSentTo(null)}>
            {t('forgot.again')}
          </Button>
          <Link to="/auth" className={buttonVariants()}>
            {t('forgot.back')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field id={`${id}-email`} label={t('fields.email')} error={error}>
          <Input
            {...fieldAria(`${id}-email`, error)}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </Field>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" className="w-full" pending={pending}>
          {t('forgot.submit')}
        </Button>
        <Link to="/auth" className="self-center text-sm text-zinc-300 underline underline-offset-4">
          {t('forgot.back')}
        </Link>
      </form>
    </AuthCard>
  );
}
