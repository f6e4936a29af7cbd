import type { ErrorCode, FieldError, Problem } from '@aprenda/shared/errors';
import { PROBLEM_CONTENT_TYPE } from '@aprenda/shared/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@aprenda/shared/constants';
import { statusTitle } from '../../middleware/errors.ts';

/**
 * Better Auth answers its errors as `{ code, message }` with its own UPPER_CASE codes. Our contract
 * is RFC 9457 problems with stable codes from packages/shared, so every Better Auth error passes
 * through here: `code` becomes ours, `authCode` keeps Better Auth's, `message` stays (its client
 * reads it), and field problems get `errors` like our own validators. Successful answers and
 * redirects are untouched.
 */
const BY_AUTH_CODE: Record<string, { status?: number; code: ErrorCode; field?: FieldError }> = {
  USER_ALREADY_EXISTS: { status: 409, code: 'email_taken' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 409, code: 'email_taken' },
  INVALID_EMAIL_OR_PASSWORD: { code: 'invalid_credentials' },
  // Better Auth's own origin check (same trusted origins as ours, lib/origins.ts): the page's
  // address is not trusted — never "no permission", which reads like a wrong role.
  INVALID_ORIGIN: { status: 403, code: 'forbidden_origin' },
  MISSING_OR_NULL_ORIGIN: { status: 403, code: 'forbidden_origin' },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: { status: 403, code: 'forbidden_origin' },
  // The current password given to change-password (or another check of a signed-in user's).
  INVALID_PASSWORD: { status: 400, code: 'wrong_password' },
  // A reset or verification link that is unknown, used or expired.
  INVALID_TOKEN: { status: 400, code: 'invalid_token' },
  TOKEN_EXPIRED: { status: 400, code: 'invalid_token' },
  EMAIL_ALREADY_VERIFIED: { status: 409, code: 'email_already_verified' },
  // delete-user (auth.ts): the owner of a class hands it over or deletes it first; an account
  // without a password deletes itself only from a session opened in the last day.
  OWNS_CLASSES: { status: 409, code: 'owns_classes' },
  SESSION_EXPIRED: { status: 403, code: 'recent_sign_in_required' },
  PASSWORD_TOO_SHORT: {
    code: 'validation_failed',
    field: {
      path: 'password',
      code: 'too_small',
      message: 'Password too short',
      minimum: PASSWORD_MIN_LENGTH,
    },
  },
  PASSWORD_TOO_LONG: {
    code: 'validation_failed',
    field: {
      path: 'password',
      code: 'too_big',
      message: 'Password too long',
      maximum: PASSWORD_MAX_LENGTH,
    },
  },
  INVALID_EMAIL: {
    code: 'validation_failed',
    field: { path: 'email', code: 'invalid_format', message: 'Invalid e-mail' },
  },
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 422) return 'validation_failed';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'bad_request';
}

/**
 * Better Auth's VALIDATION_ERROR message is `field: text` (several joined by `; `), e.g.
 * `role: Invalid option: expected one of "student"|"teacher"` → field errors like ours.
 */
function validationFields(message: string): FieldError[] | undefined {
  const fields: FieldError[] = [];
  for (const part of message.split('; ')) {
    const m = /^\[?(?:body\.)?([\w.]+)\]?:?\s+(.*)$/s.exec(part.trim());
    if (!m) continue;
    const text = m[2]!.trim();
    const code = /too small/i.test(text)
      ? 'too_small'
      : /too big/i.test(text)
        ? 'too_big'
        : /invalid option/i.test(text)
          ? 'invalid_value'
          : 'invalid';
    fields.push({ path: m[1]!, code, message: text });
  }
  return fields.length ? fields : undefined;
}

export async function toProblemResponse(res: Response, instance: string): Promise<Response> {
  if (res.status < 400) return res;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json') || type.includes(PROBLEM_CONTENT_TYPE)) return res;
  let body: { code?: unknown; message?: unknown };
  try {
    body = (await res.clone().json()) as typeof body;
  } catch {
    return res;
  }
  const authCode = typeof body.code === 'string' ? body.code : undefined;
  const message = typeof body.message === 'string' ? body.message : undefined;
  const mapped = authCode ? BY_AUTH_CODE[authCode] : undefined;
  const status = res.status >= 500 ? res.status : (mapped?.status ?? res.status);
  const code = mapped?.code ?? codeForStatus(status);
  const errors = mapped?.field
    ? [mapped.field]
    : authCode === 'VALIDATION_ERROR' && message
      ? validationFields(message)
      : undefined;
  const problem: Problem & { authCode?: string; message?: string } = {
    type: 'about:blank',
    title: statusTitle(status),
    status,
    code:
      authCode === 'VALIDATION_ERROR' || (errors && code === 'bad_request')
        ? 'validation_failed'
        : code,
    ...(status < 500 && message ? { detail: message, message } : {}),
    instance,
    ...(errors ? { errors } : {}),
    ...(authCode ? { authCode } : {}),
  };
  const headers = new Headers(res.headers);
  headers.set('content-type', PROBLEM_CONTENT_TYPE);
  headers.delete('content-length');
  return new Response(JSON.stringify(problem), { status, headers });
}
