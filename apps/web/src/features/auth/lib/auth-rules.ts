import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_ROLES,
} from '@aprenda/shared/constants';
import type { FieldErrors } from './validation';

/**
 * The sign-in and sign-up forms' checks, without zod: the sign-in page is a first screen, and zod
 * (27 KB gzipped) would be a sixth of its JavaScript. They give exactly what
 * `issuesToFieldErrors(signUpSchema / signInSchema …)` gives — the same rules as the server's
 * schemas in packages/shared (auth-rules.test.ts holds them side by side) — and, for a new
 * password, the server's refusal of easily guessed ones, given as `guessable`
 * (packages/shared/src/guessable-passwords.ts): the sign-in page fetches that list when the
 * sign-up is sent, never with its first load (its budget, scripts/first-load.ts).
 */

/** `isGuessablePassword` of packages/shared/src/guessable-passwords.ts, passed in. */
export type GuessableCheck = (password: string) => boolean;

/** zod's `z.email()` pattern (zod/v4/core/regexes.ts, `email`): what the server accepts. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** `z.email().max(254)` in the shared schemas. */
const EMAIL_MAX_LENGTH = 254;

export interface AuthValues {
  name: string;
  email: string;
  password: string;
  role: string;
}

type FieldError = NonNullable<FieldErrors[string]>;

function nameError(name: string): FieldError | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return { key: 'validation.required' };
  if (trimmed.length > NAME_MAX_LENGTH) {
    return { key: 'validation.tooLong', values: { max: NAME_MAX_LENGTH } };
  }
  return undefined;
}

function emailError(email: string): FieldError | undefined {
  if (!EMAIL.test(email)) {
    return { key: email.trim() === '' ? 'validation.required' : 'validation.email' };
  }
  if (email.length > EMAIL_MAX_LENGTH) {
    return { key: 'validation.tooLong', values: { max: EMAIL_MAX_LENGTH } };
  }
  return undefined;
}

function passwordError(password: string, min: number): FieldError | undefined {
  if (password.length < min) {
    return password.trim() === ''
      ? { key: 'validation.required' }
      : { key: 'validation.passwordMin', values: { min } };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { key: 'validation.tooLong', values: { max: PASSWORD_MAX_LENGTH } };
  }
  return undefined;
}

/**
 * A new password (sign-up, "Alterar senha", "Redefinir senha"): the length rules, then not an
 * easily guessed one ("12345678", "aaaaaaaa", "senha123") — as the server refuses it.
 */
export function newPasswordError(
  password: string,
  guessable: GuessableCheck | undefined,
): FieldError | undefined {
  return (
    passwordError(password, PASSWORD_MIN_LENGTH) ??
    (guessable?.(password) ? { key: 'validation.passwordGuessable' } : undefined)
  );
}

/** Field errors (translation keys of the auth namespace) in the form's order; empty when valid. */
export function authFieldErrors(
  mode: 'signIn' | 'signUp',
  values: AuthValues,
  guessable?: GuessableCheck,
): FieldErrors {
  const checks: [string, FieldError | undefined][] =
    mode === 'signUp'
      ? [
          ['name', nameError(values.name)],
          ['email', emailError(values.email)],
          ['password', newPasswordError(values.password, guessable)],
          [
            'role',
            (USER_ROLES as readonly string[]).includes(values.role)
              ? undefined
              : { key: 'validation.role' },
          ],
        ]
      : [
          ['email', emailError(values.email)],
          ['password', passwordError(values.password, 1)],
        ];
  const out: FieldErrors = {};
  for (const [field, error] of checks) if (error) out[field] = error;
  return out;
}
