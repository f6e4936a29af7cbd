import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkIcon } from 'lucide-react';
import { PASSWORD_MIN_LENGTH } from '@aprenda/shared/constants';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/errors';
import { toastSuccess } from '@/lib/toast';
import { RESET_TOKEN_STORAGE_KEY, resetPassword } from '../lib/account';
import { newPasswordError } from '../lib/new-password';
import { AuthCard, FormAlert } from './auth-card';

/**
 * The token of the reset link: read once from `?token=`, kept for this tab (a reload keeps
 * working) and taken out of the address bar, so it reaches no history entry, analytics or
 * referrer.
 */
function useResetToken(): string | null {
  const [token] = useState<string | null>(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('token');
    if (fromUrl) {
      try {
        sessionStorage.setItem(RESET_TOKEN_STORAGE_KEY, fromUrl);
      } catch {
        // private mode: the token lives in memory only
      }
      return fromUrl;
    }
    try {
      return sessionStorage.getItem(RESET_TOKEN_STORAGE_KEY);
    } catch {
      return null;
    }
  });
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('token')) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  return token;
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('reset.invalidTitle')}>
      <div className="flex items-start gap-3">
        <LinkIcon className="mt-0.5 size-6 shrink-0 text-warning" aria-hidden />
        <p className="text-zinc-300">{t('reset.invalidBody')}</p>
      </div>
      <Link to="/auth/esqueci-senha" className={buttonVariants()}>
        {t('reset.askAgain')}
      </Link>
    </AuthCard>
  );
}

/** `/auth/redefinir-senha?token=…`: a new password (twice), then sign in with it. */
export function ResetPasswordForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const id = useId();
  const navigate = useNavigate();
  const token = useResetToken();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  if (!token || invalid) return <InvalidLink />;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || !token) return;
    setFormError(null);
    const next: typeof errors = {};
    // As at sign-up: the length, then not an easily guessed password (the server refuses it too).
    const passwordError = newPasswordError(values.password);
    if (passwordError) next.password = t(passwordError.key, passwordError.values ?? {});
    if (!next.password && values.confirm !== values.password) next.confirm = t('reset.mismatch');
    setErrors(next);
    if (next.password || next.confirm) {
      document.getElementById(`${id}-${next.password ? 'password' : 'confirm'}`)?.focus();
      return;
    }
    setPending(true);
    const result = await resetPassword(token, values.password);
    setPending(false);
    if (result.ok) {
      try {
        sessionStorage.removeItem(RESET_TOKEN_STORAGE_KEY);
      } catch {
        // nothing kept
      }
      toastSuccess(t('reset.done'));
      void navigate('/auth', { replace: true });
      return;
    }
    if (result.code === 'invalid_token') setInvalid(true);
    else setFormError(errorText(t, result.code));
  }

  const field = (name: 'password' | 'confirm', label: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input
        {...fieldAria(`${id}-${name}`, errors[name], hint)}
        type="password"
        name={name === 'password' ? 'new-password' : 'confirm-password'}
        autoComplete="new-password"
        value={values[name]}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
        }}
      />
    </Field>
  );

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {field(
          'password',
          t('reset.newPassword'),
          t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH }),
        )}
        {field('confirm', t('reset.confirm'))}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <Button type="submit" className="w-full" pending={pending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
