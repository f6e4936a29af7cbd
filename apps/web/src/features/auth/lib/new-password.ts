import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aprenda/shared/constants';
import { isGuessablePassword } from '@aprenda/shared/guessable-passwords';
import type { FieldErrors } from './validation';

/**
 * A new password in "Alterar senha" and "Redefinir senha": long enough, not too long, and not an
 * easily guessed one ("12345678", "aaaaaaaa", "senha123") — as the server refuses it. Its own
 * module, apart from auth-rules.ts: the sign-in page (a first load with a budget) must not share
 * a chunk with these screens, nor load the list of guessable passwords before a sign-up.
 */
export function newPasswordError(password: string): NonNullable<FieldErrors[string]> | undefined {
  if (password.trim() === '' && password.length < PASSWORD_MIN_LENGTH) {
    return { key: 'validation.required' };
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { key: 'validation.passwordMin', values: { min: PASSWORD_MIN_LENGTH } };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { key: 'validation.tooLong', values: { max: PASSWORD_MAX_LENGTH } };
  }
  return isGuessablePassword(password) ? { key: 'validation.passwordGuessable' } : undefined;
}
