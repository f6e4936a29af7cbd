import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@aprenda/shared/errors';

export type FieldErrors = Partial<
  Record<string, { key: string; values?: Record<string, unknown> }>
>;

/** Turn zod issues into translation keys (namespace auth) per field; the first issue per field wins. */
export function issuesToFieldErrors(
  issues: z.core.$ZodIssue[],
  values: Record<string, string>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || out[field]) continue;
    const empty = (values[field] ?? '').trim() === '';
    if (field === 'role') {
      out[field] = { key: 'validation.role' };
    } else if (empty && issue.code !== 'too_big') {
      out[field] = { key: 'validation.required' };
    } else if (field === 'email' && issue.code !== 'too_big') {
      out[field] = { key: 'validation.email' };
    } else if (issue.code === 'too_small') {
      out[field] = { key: 'validation.passwordMin', values: { min: Number(issue.minimum) } };
    } else if (issue.code === 'too_big') {
      out[field] = { key: 'validation.tooLong', values: { max: Number(issue.maximum) } };
    } else {
      out[field] = { key: 'validation.required' };
    }
  }
  return out;
}

const KNOWN = new Set<string>(ERROR_CODES);

/** Better Auth's own error codes, for when the server did not map them to ours. */
const BETTER_AUTH_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  INVALID_EMAIL: 'validation_failed',
  USER_NOT_FOUND: 'invalid_credentials',
  USER_ALREADY_EXISTS: 'email_taken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_taken',
  PASSWORD_TOO_SHORT: 'validation_failed',
  PASSWORD_TOO_LONG: 'validation_failed',
};

/** The stable error code of a failed auth call (problem `code`, Better Auth code, or status). */
export function authErrorCode(error: { status?: number; code?: string | undefined }): ErrorCode {
  const code = error.code ?? '';
  if (KNOWN.has(code)) return code as ErrorCode;
  if (BETTER_AUTH_CODES[code]) return BETTER_AUTH_CODES[code];
  const status = error.status ?? 0;
  if (status === 0) return 'unavailable';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'invalid_credentials';
  if (status === 409 || status === 422) return 'email_taken';
  if (status === 400) return 'validation_failed';
  if (status === 403) return 'forbidden';
  return 'internal';
}
