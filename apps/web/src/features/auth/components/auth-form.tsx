import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loader2 } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, type UserRole } from '@aprenda/shared/constants';
import type { ErrorCode } from '@aprenda/shared/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TaggedText } from '@/components/ui/tagged-text';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toSessionUser } from '@/lib/auth-session';
import { errorCode, errorText } from '@/lib/errors';
import { setBearerToken } from '@/lib/identity';
import { completeSignIn, loadAuthClient } from '@/lib/session';
import { authFieldErrors, type GuessableCheck } from '../lib/auth-rules';
import type { FieldErrors } from '../lib/validation';

export type AuthMode = 'signIn' | 'signUp';

export interface AuthFormProps {
  /** Where to go after sign-in: a safe relative path. */
  next: string;
  github: boolean;
  onSignedIn: (next: string) => void;
  /** Told when the user switches between signing in and up (the page title follows it). */
  onModeChange?: (mode: AuthMode) => void;
  defaultMode?: AuthMode;
}

interface FormError {
  code: ErrorCode;
  text: string;
}

interface Values {
  name: string;
  email: string;
  password: string;
  role: UserRole | '';
}

/**
 * The check of easily guessed passwords (a list), fetched for a sign-up — when the tab opens and
 * at the latest when it is sent — never with the sign-in page's first load. The server refuses
 * such a password too: if the fetch fails, it says so instead.
 */
let guessableCheck: Promise<GuessableCheck | undefined> | undefined;
function loadGuessableCheck(): Promise<GuessableCheck | undefined> {
  guessableCheck ??= import('@aprenda/shared/guessable-passwords').then(
    (m) => m.isGuessablePassword,
    () => {
      guessableCheck = undefined;
      return undefined;
    },
  );
  return guessableCheck;
}

/**
 * What was typed into the form but the password, kept for this tab (sessionStorage) until the
 * sign-in or sign-up succeeds: a reload — or a phone that dropped the tab — loses nothing.
 */
const KEPT_FIELDS = 'aprenda:auth-form';
type KeptFields = Omit<Values, 'password'>;

function keptFields(): KeptFields {
  const empty: KeptFields = { name: '', email: '', role: '' };
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEPT_FIELDS) ?? 'null') as Partial<
      Record<keyof KeptFields, unknown>
    > | null;
    if (!raw || typeof raw !== 'object') return empty;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 320) : '');
    const role = raw.role === 'student' || raw.role === 'teacher' ? raw.role : '';
    return { name: text(raw.name), email: text(raw.email), role };
  } catch {
    return empty;
  }
}

function keepFields({ name, email, role }: Values) {
  try {
    sessionStorage.setItem(KEPT_FIELDS, JSON.stringify({ name, email, role }));
  } catch {
    // storage full or blocked: nothing kept, nothing lost now
  }
}

function forgetFields() {
  try {
    sessionStorage.removeItem(KEPT_FIELDS);
  } catch {
    // blocked storage: nothing was kept
  }
}

function GithubMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current">
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.87-1.37-3.87-1.37-.53-1.33-1.28-1.69-1.28-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.56-.29-5.25-1.28-5.25-5.69 0-1.26.45-2.28 1.18-3.09-.12-.29-.51-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.62 1.59.23 2.76.11 3.05.74.81 1.18 1.83 1.18 3.09 0 4.42-2.7 5.39-5.27 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
    </svg>
  );
}

/** Sign-in and sign-up tabs. What the user typed is kept on any error and across tabs. */
export function AuthForm({
  next,
  github,
  onSignedIn,
  onModeChange,
  defaultMode = 'signIn',
}: AuthFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const queryClient = useQueryClient();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>(() => {
    if (defaultMode === 'signUp') void loadGuessableCheck();
    return defaultMode;
  });
  const [values, setValues] = useState<Values>(() => ({ ...keptFields(), password: '' }));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  /** After "entrar?" on an e-mail that has an account: the sign-in password gets the focus. */
  const focusPassword = useRef(false);
  const focusIfAsked = (input: HTMLInputElement | null) => {
    if (!input || !focusPassword.current) return;
    focusPassword.current = false;
    // Once the tab's content has settled (Radix may mount it twice), by id.
    const inputId = input.id;
    setTimeout(() => document.getElementById(inputId)?.focus(), 0);
  };

  const fail = (failure: unknown) => {
    const code = errorCode(failure, 'auth');
    setFormError({ code, text: errorText(t, code) });
  };

  function switchMode(next: AuthMode) {
    if (next === 'signUp') void loadGuessableCheck();
    setMode(next);
    onModeChange?.(next);
    setFieldErrors({});
    setFormError(null);
  }

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field !== 'password') keepFields(next);
      return next;
    });
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setFormError(null);
    const raw = { ...values };
    let guessable: GuessableCheck | undefined;
    if (mode === 'signUp') {
      setPending(true);
      guessable = await loadGuessableCheck();
      setPending(false);
    }
    // The shared schemas' rules without zod (first-load budget): ../lib/auth-rules.ts.
    const errs = authFieldErrors(mode, raw, guessable);
    if (Object.keys(errs).length > 0) {
      setFieldErrors(errs);
      const first = Object.keys(errs)[0];
      if (first) document.getElementById(`${id}-${mode}-${first}`)?.focus();
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      // Better Auth's client loads with the first submit, not with the page.
      const client = await loadAuthClient();
      const result =
        mode === 'signUp'
          ? await client.signUp.email({
              name: values.name.trim(),
              email: values.email.trim(),
              password: values.password,
              role: values.role as UserRole,
            })
          : await client.signIn.email({ email: values.email.trim(), password: values.password });
      if (result.error) {
        fail(result.error);
        return;
      }
      const data = result.data as { token?: string | null; user?: Record<string, unknown> } | null;
      if (data?.token) setBearerToken(data.token);
      const user = toSessionUser(data?.user);
      if (!user) {
        fail({ code: 'internal' });
        return;
      }
      forgetFields();
      completeSignIn(queryClient, user);
      onSignedIn(next);
    } catch (err) {
      fail(err);
    } finally {
      setPending(false);
    }
  }

  function fieldError(field: keyof Values) {
    const err = fieldErrors[field];
    if (!err) return null;
    return (
      <p id={`${id}-${mode}-${field}-error`} className="text-sm text-destructive">
        {t(err.key, err.values ?? {})}
      </p>
    );
  }

  function field(field: 'name' | 'email' | 'password', type: string, autoComplete: string) {
    const inputId = `${id}-${mode}-${field}`;
    const invalid = Boolean(fieldErrors[field]);
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{t(`fields.${field}`)}</Label>
        <Input
          id={inputId}
          ref={field === 'password' && mode === 'signIn' ? focusIfAsked : undefined}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(e) => set(field)(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={
            invalid
              ? `${inputId}-error`
              : field === 'password' && mode === 'signUp'
                ? `${inputId}-hint`
                : undefined
          }
        />
        {field === 'password' && mode === 'signUp' && !invalid ? (
          <p id={`${inputId}-hint`} className="text-xs text-zinc-400">
            {t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          </p>
        ) : null}
        {fieldError(field)}
      </div>
    );
  }

  const githubButton = github ? (
    <>
      <div className="flex items-center gap-3 text-xs text-zinc-400 uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={pending}
        onClick={() => {
          setFormError(null);
          void loadAuthClient()
            .then((client) => client.signIn.social({ provider: 'github', callbackURL: next }))
            .then((r) => {
              if (r?.error) fail(r.error);
            })
            .catch(fail);
        }}
      >
        <GithubMark />
        {t('github')}
      </Button>
    </>
  ) : null;

  const errorBox = formError ? (
    <p
      role="alert"
      className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
    >
      {formError.code === 'email_taken' && mode === 'signUp' ? (
        // The account exists: one click to the sign-in tab, with the e-mail still typed.
        <TaggedText
          text={t('auth:emailTaken')}
          tags={{
            signIn: (children) => (
              <button
                type="button"
                className="font-semibold text-red-100 underline underline-offset-4 hover:text-white"
                onClick={() => {
                  focusPassword.current = true;
                  switchMode('signIn');
                }}
              >
                {children}
              </button>
            ),
          }}
        />
      ) : (
        formError.text
      )}
    </p>
  ) : null;

  const submitButton = (label: string) => (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : null}
      {label}
    </Button>
  );

  return (
    <Tabs value={mode} onValueChange={(v) => switchMode(v as AuthMode)}>
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="signIn">{t('tabs.signIn')}</TabsTrigger>
        <TabsTrigger value="signUp">{t('tabs.signUp')}</TabsTrigger>
      </TabsList>
      <TabsContent value="signIn">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {field('email', 'email', 'email')}
          {field('password', 'password', 'current-password')}
          <Link
            to="/auth/esqueci-senha"
            state={{ email: values.email.trim() }}
            className="-mt-2 self-end text-sm text-zinc-300 underline underline-offset-4 hover:text-zinc-100"
          >
            {t('forgotLink')}
          </Link>
          {errorBox}
          {submitButton(t('submit.signIn'))}
          {githubButton}
        </form>
      </TabsContent>
      <TabsContent value="signUp">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {field('name', 'text', 'name')}
          {field('email', 'email', 'email')}
          {field('password', 'password', 'new-password')}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('fields.role')}</legend>
            {/* Native radios, not Radix's group: the sign-in page is a first load with a budget. */}
            <div className="grid grid-cols-2 gap-2">
              {(['student', 'teacher'] as const).map((role) => (
                <label
                  key={role}
                  htmlFor={role === 'student' ? `${id}-${mode}-role` : `${id}-role-${role}`}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-violet-400/10"
                >
                  <input
                    type="radio"
                    id={role === 'student' ? `${id}-${mode}-role` : `${id}-role-${role}`}
                    name={`${id}-role`}
                    value={role}
                    checked={values.role === role}
                    onChange={() => set('role')(role)}
                    aria-invalid={fieldErrors.role ? true : undefined}
                    aria-describedby={fieldErrors.role ? `${id}-${mode}-role-error` : undefined}
                    className="size-5 shrink-0 accent-violet-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  />
                  {t(`roles.${role}`)}
                </label>
              ))}
            </div>
            {fieldError('role')}
          </fieldset>
          {errorBox}
          {submitButton(t('submit.signUp'))}
          {githubButton}
        </form>
      </TabsContent>
    </Tabs>
  );
}
