import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
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
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The standard reason phrase of a status, for problem titles. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** Throw from routes and services: becomes an RFC 9457 problem with a stable code. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    detail?: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? TITLES[status] ?? 'Error');
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (detail?: string, errors?: FieldError[]) =>
  new HttpError(400, errors ? 'validation_failed' : 'bad_request', detail, errors ? { errors } : {});
export const unauthorized = (detail = 'Sign-in required') =>
  new HttpError(401, 'unauthorized', detail);
export const forbidden = (detail = 'Forbidden', code: ErrorCode = 'forbidden') =>
  new HttpError(403, code, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, 'not_found', detail);
export const conflict = (detail = 'Conflict', code: ErrorCode = 'conflict') =>
  new HttpError(409, code, detail);

/** zod issues → field errors (path, code, bounds). */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const fe: FieldError = {
      path: issue.path.map(String).join('.'),
      code: issue.code,
      message: issue.message,
    };
    if (issue.code === 'too_small' && typeof issue.minimum === 'number') fe.minimum = issue.minimum;
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') fe.maximum = issue.maximum;
    if (issue.code === 'custom' && typeof issue.params?.maximum === 'number') {
      fe.maximum = issue.params.maximum;
    }
    return fe;
  });
}

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
    if (err instanceof HttpError) {
      return problemResponse(c, err.status, err.code, err.message, {
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.headers ? { headers: err.headers } : {}),
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
    log({
      level: 'error',
      msg: 'unhandled error',
      err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : err,
    });
    return problemResponse(c, 500, 'internal');
  };
}

export const notFoundHandler: NotFoundHandler = (c) =>
  problemResponse(c, 404, 'not_found', 'No such route');
