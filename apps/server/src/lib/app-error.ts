import type { ErrorCode, FieldError } from '@aprenda/shared/errors';

/**
 * What services, queries and libraries throw: a stable code from packages/shared/src/errors.ts,
 * an English detail for developers and, for bad input, the fields at fault. Which HTTP status a
 * code answers is decided once, by the error middleware (middleware/errors.ts) — nothing below
 * the routes knows a status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  constructor(code: ErrorCode, detail?: string, errors?: FieldError[]) {
    super(detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
  }
}

/** Bad input: `validation_failed` with the fields at fault, else `bad_request`. */
export const badRequest = (detail?: string, errors?: FieldError[]) =>
  new AppError(errors ? 'validation_failed' : 'bad_request', detail, errors);
export const unauthorized = (detail = 'Sign-in required') => new AppError('unauthorized', detail);
export const forbidden = (detail = 'Forbidden', code: ErrorCode = 'forbidden') =>
  new AppError(code, detail);
export const notFound = (detail = 'Not found') => new AppError('not_found', detail);
export const conflict = (detail = 'Conflict', code: ErrorCode = 'conflict') =>
  new AppError(code, detail);
