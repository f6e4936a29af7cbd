import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { databaseFault, type DatabaseFault } from '../db/faults.ts';
import { AppError } from '../lib/app-error.ts';
import { fieldErrors } from './validate.ts';
import {
  type ErrorCode,
  type FieldError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
} from '@aprenda/shared/errors';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** The standard reason phrase of a status, for problem titles. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/**
 * The HTTP status of every error code — decided here, once. Services throw `AppError(code)`
 * (lib/app-error.ts) and never know a status. `satisfies Record<ErrorCode, …>` makes a new code
 * without a status a type error.
 */
export const STATUS_OF = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  session_invalid: 401,
  forbidden: 403,
  identity_mismatch: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  email_taken: 409,
  invalid_credentials: 401,
  provider_not_supported: 400,
  class_code_taken: 409,
  class_code_not_found: 404,
  invite_used_up: 409,
  invite_email_mismatch: 403,
  last_teacher: 409,
  user_not_found: 404,
  message_too_long: 413,
  no_api_key: 400,
  model_not_available: 400,
  provider_auth_failed: 502,
  provider_rate_limited: 502,
  provider_timeout: 504,
  provider_stream_dropped: 502,
  provider_unreachable: 502,
  provider_error: 502,
  nothing_to_regenerate: 400,
  forbidden_origin: 403,
  unsupported_media_type: 415,
  owner_protected: 403,
  owner_only: 403,
  owner_target_not_teacher: 409,
  class_archived: 409,
  sign_in_locked: 429,
  database_unavailable: 503,
  storage_full: 507,
  database_read_only: 503,
  email_not_verified: 403,
  invalid_token: 400,
  email_already_verified: 409,
  wrong_password: 400,
  teacher_account_required: 403,
  socratic_required: 409,
  import_invalid: 400,
  import_too_large: 413,
  media_too_large: 413,
  media_type_unsupported: 415,
  skill_code_taken: 409,
  conversation_empty: 400,
  generated_cards_invalid: 502,
  card_side_too_long: 413,
  deck_full: 409,
  cloze_without_deletion: 400,
  review_conflict: 409,
  answer_conflict: 409,
  assignment_not_open: 409,
  no_attempts_left: 409,
  attempt_submitted: 409,
  already_answered: 409,
  nothing_to_undo: 409,
  board_version_conflict: 409,
  board_scene_too_large: 413,
  board_scene_invalid: 400,
  board_quota_exceeded: 413,
  board_not_presenting: 409,
  diagram_too_long: 413,
  generated_diagram_invalid: 502,
  owns_classes: 409,
  recent_sign_in_required: 403,
  event_of_assignment: 409,
  already_member: 409,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

export function problemResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  detail?: string,
  extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): Response {
  const body: Problem = {
    type: `about:blank`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    instance: new URL(c.req.url).pathname,
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
  const requestId = c.get('requestId' as never) as string | undefined;
  if (requestId) body.requestId = requestId;
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...extra.headers },
  });
}

/** Central error handler: known errors → their problem; anything else → 500 without internals. */
export function errorHandler(log: (entry: Record<string, unknown>) => void): ErrorHandler {
  return (err, c) => {
    if (err instanceof AppError) {
      return problemResponse(c, STATUS_OF[err.code], err.code, err.message, {
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (err instanceof z.ZodError) {
      return problemResponse(c, 400, 'validation_failed', 'Invalid input', {
        errors: fieldErrors(err),
      });
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code: ErrorCode = /malformed json/i.test(err.message)
        ? 'invalid_json'
        : status === 413
          ? 'payload_too_large'
          : status === 401
            ? 'unauthorized'
            : status === 404
              ? 'not_found'
              : status === 429
                ? 'rate_limited'
                : status < 500
                  ? 'bad_request'
                  : 'internal';
      return problemResponse(c, status, code, status < 500 ? err.message : undefined);
    }
    const fault = databaseFault(err);
    if (fault) {
      // The database's own error (SQLITE_FULL, 57P01…) goes to the log; the client gets a
      // retryable status with a stable code.
      log({ level: 'error', msg: 'database fault', fault, err: describeError(err) });
      return databaseFaultResponse(c, fault);
    }
    log({
      level: 'error',
      msg: 'unhandled error',
      err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : err,
    });
    return problemResponse(c, 500, 'internal');
  };
}

/** name, message and driver code of an error, for the log (never SQL parameters). */
export function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return {
    name: err.name,
    message: err.message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: err.stack,
  };
}

const FAULTS: Record<DatabaseFault, { status: 503 | 507; code: ErrorCode; retryAfter: string }> = {
  unavailable: { status: 503, code: 'database_unavailable', retryAfter: '2' },
  full: { status: 507, code: 'storage_full', retryAfter: '60' },
  read_only: { status: 503, code: 'database_read_only', retryAfter: '60' },
};

/** 503 `database_unavailable` / 507 `storage_full` / 503 `database_read_only`, with Retry-After. */
export function databaseFaultResponse(c: Context, fault: DatabaseFault): Response {
  const { status, code, retryAfter } = FAULTS[fault];
  return problemResponse(c, status, code, 'The database cannot serve this request right now', {
    headers: { 'retry-after': retryAfter },
  });
}

export const notFoundHandler: NotFoundHandler = (c) =>
  problemResponse(c, 404, 'not_found', 'No such route');
