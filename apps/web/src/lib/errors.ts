import type { TFunction } from 'i18next';
import { HEADER_REQUEST_ID } from '@aprenda/shared/constants';
import { ERROR_CODES, isProblem, type ErrorCode, type FieldError } from '@aprenda/shared/errors';

/**
 * Failures, one way for the whole web app. Every failed call becomes a stable `ErrorCode`
 * (packages/shared/src/errors.ts) here — from an RFC 9457 problem's `code`, a Better Auth error,
 * a network failure (status 0) or, for answers without a problem, from the status — and every
 * code becomes translated text here (locales: `errors:<code>`). Features call `errorCode`,
 * `errorText` and `errorMessage`; no other file maps a status to a code or a code to a key.
 */

/** A failed API call, parsed from an RFC 9457 problem (or from the status when there was none). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly requestId: string | null;
  readonly detail: string | undefined;
  /** Seconds from the answer's `Retry-After` header (rate limits); null when absent. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    errors?: FieldError[];
    requestId?: string | null;
    detail?: string;
    retryAfter?: number | null;
  }) {
    super(init.detail ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId ?? null;
    this.detail = init.detail;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * Who answered: the meaning of a bare status (no problem body) depends on the endpoint — a 413
 * from the chat is a question too long, a 401 from Better Auth a wrong e-mail or password.
 */
export type FailureSource = 'api' | 'chat' | 'auth';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** Whether a string is one of our stable error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

interface StatusFallback {
  byStatus: Readonly<Partial<Record<number, ErrorCode>>>;
  otherwise: (status: number) => ErrorCode;
}

/** The status → code fallbacks, for answers that carry no code of ours. Status 0: no answer. */
const STATUS_FALLBACKS: Record<FailureSource, StatusFallback> = {
  api: {
    byStatus: {
      0: 'unavailable',
      400: 'bad_request',
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      409: 'conflict',
      410: 'gone',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
      503: 'unavailable',
    },
    otherwise: () => 'internal',
  },
  chat: {
    byStatus: {
      0: 'unavailable',
      401: 'unauthorized',
      404: 'not_found',
      413: 'message_too_long',
      429: 'rate_limited',
    },
    otherwise: (status) => (status >= 500 ? 'internal' : 'bad_request'),
  },
  auth: {
    byStatus: {
      0: 'unavailable',
      400: 'validation_failed',
      401: 'invalid_credentials',
      403: 'forbidden',
      409: 'email_taken',
      422: 'email_taken',
      429: 'rate_limited',
    },
    otherwise: () => 'internal',
  },
};

/** Better Auth's own error codes, for when the server did not map them to ours. */
const BETTER_AUTH_CODES: Readonly<Partial<Record<string, ErrorCode>>> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  INVALID_EMAIL: 'validation_failed',
  USER_NOT_FOUND: 'invalid_credentials',
  USER_ALREADY_EXISTS: 'email_taken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email_taken',
  PASSWORD_TOO_SHORT: 'validation_failed',
  PASSWORD_TOO_LONG: 'validation_failed',
  // Better Auth's origin check: the page's address is not trusted (not a missing permission).
  INVALID_ORIGIN: 'forbidden_origin',
  MISSING_OR_NULL_ORIGIN: 'forbidden_origin',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'forbidden_origin',
};

/**
 * The stable code of any failure: an `ApiError`; anything with a `status` and/or a `code` (a
 * problem body, a Better Auth error, a `Response`) — its code when it is ours, else (Better Auth
 * codes aside) the status fallback of `source`; anything else thrown (a network failure) is
 * `unavailable`.
 */
export function errorCode(failure: unknown, source: FailureSource = 'api'): ErrorCode {
  if (failure instanceof ApiError) return failure.code;
  if (typeof failure !== 'object' || failure === null) return 'unavailable';
  const { status, code } = failure as { status?: unknown; code?: unknown };
  if (isErrorCode(code)) return code;
  if (source === 'auth' && typeof code === 'string') {
    const mapped = BETTER_AUTH_CODES[code];
    if (mapped) return mapped;
  }
  const known = typeof status === 'number' ? status : 0;
  const fallback = STATUS_FALLBACKS[source];
  return fallback.byStatus[known] ?? fallback.otherwise(known);
}

/** The failure of a call that got no answer (offline, DNS, refused): status 0. */
export function networkError(): ApiError {
  return new ApiError({ status: 0, code: errorCode(null) });
}

/**
 * Seconds to wait from a `Retry-After` header (delay-seconds or an HTTP date), rounded up;
 * null when absent, unreadable or already past.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return seconds > 0 ? seconds : null;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? seconds : null;
}

/** A failed answer (not ok) as an ApiError: its problem body when it is ours, else its status. */
export async function responseError(
  res: Response,
  source: FailureSource = 'api',
): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  const problem = isProblem(body) && isErrorCode(body.code) ? body : null;
  return new ApiError({
    status: res.status,
    code: errorCode({ status: res.status, code: problem?.code }, source),
    errors: Array.isArray(problem?.errors) ? problem.errors : [],
    requestId: problem?.requestId ?? res.headers.get(HEADER_REQUEST_ID),
    detail: problem?.detail,
    retryAfter: retryAfterSeconds(res.headers.get('retry-after')),
  });
}

/** Field errors of a failed write (a 400 with `errors`), or null when it failed otherwise. */
export function fieldErrorsOf(failure: unknown): FieldError[] | null {
  if (failure instanceof ApiError && failure.errors.length > 0) return failure.errors;
  return null;
}

export interface ErrorTextOptions {
  /**
   * A namespace that rewords codes for its screen with its own `errors.<code>` keys (the chat's
   * rate limit); an unknown code then reads its `errors.unknown`.
   */
  scope?: 'chat';
  /** Seconds from `Retry-After`: a scoped `errors.<code>_wait` wording names them. */
  retryAfter?: number | null;
}

/**
 * The translated sentence for an error code (or a code-like text from the chat's stream): the
 * scope's wording first (its `_wait` variant when there are seconds to wait), then `errors:<code>`.
 */
export function errorText(
  t: TFunction,
  code: string | null | undefined,
  { scope, retryAfter }: ErrorTextOptions = {},
): string {
  const key = (code ?? '').trim();
  if (/^\w+$/.test(key)) {
    const candidates: [string, Record<string, unknown>][] = [];
    if (scope && retryAfter !== undefined && retryAfter !== null && retryAfter > 0) {
      candidates.push([`${scope}:errors.${key}_wait`, { seconds: retryAfter }]);
    }
    if (scope) candidates.push([`${scope}:errors.${key}`, {}]);
    candidates.push([`errors:${key}`, {}]);
    for (const [candidate, values] of candidates) {
      if (t(candidate, { ...values, defaultValue: '' })) return t(candidate, values);
    }
  }
  return scope ? t(`${scope}:errors.unknown`) : t('errors:internal');
}

/** A failure as one translated sentence: `errorText` of its `errorCode`. */
export function errorMessage(
  t: TFunction,
  failure: unknown,
  { source, ...options }: ErrorTextOptions & { source?: FailureSource } = {},
): string {
  return errorText(t, errorCode(failure, source), options);
}
