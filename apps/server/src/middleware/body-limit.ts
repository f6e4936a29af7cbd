import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorCode } from '@aprenda/shared/errors';
import { nulFieldError, nulPaths } from '../lib/nul.ts';
import { problemResponse } from './errors.ts';

/**
 * A route whose body the guard treats differently, declared by its module (exact method and full
 * path pattern, prefix included):
 * - `accepts: 'json'` — still JSON only, with the route's own size limit (a large import);
 * - `accepts: [types]` — these content types pass through raw (image bytes, an `.apkg`), with the
 *   route's own size limit; a JSON body is checked as JSON with the default limit (the route then
 *   refuses it), and any other type is 415 as everywhere.
 */
export interface BodyRoute {
  method: 'POST' | 'PUT';
  path: RegExp;
  maxBytes: number;
  accepts: 'json' | readonly string[];
  /** The code of a body over `maxBytes` (default `payload_too_large`). */
  tooLarge?: ErrorCode;
}

export interface BodyGuardOptions {
  /** Largest accepted request body in bytes (MAX_JSON_BODY_BYTES). */
  maxBytes: number;
  /** The few routes with a limit or content type of their own (see BodyRoute). */
  routes?: readonly BodyRoute[];
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Every request body under the API prefixes, before any route sees it:
 * - size, by Hono's body-limit middleware: a `Content-Length` above `maxBytes` → 413 at once; a
 *   body without one (chunked) is counted while read and cut off at the limit → 413
 *   `payload_too_large` (with `Connection: close`);
 * - a non-empty body that is not JSON (`text/plain`, a form, no content type) → 415
 *   `unsupported_media_type`: every route under these prefixes takes JSON, and a validator would
 *   otherwise read such a body as `{}` and let the request through;
 * - a JSON body that does not parse → 400 `invalid_json`; one that is not an object → 400;
 * - a JSON body with U+0000 in any string or key → 400 `validation_failed` with the fields.
 * Routes (Hono validators, Better Auth) then get a fully buffered, well-formed body, so malformed
 * or oversized input can never reach a parser that would answer 500.
 * The declared `routes` (BodyRoute) are the only exceptions: a larger JSON limit, or raw bytes of
 * the content types they name, each within the route's own limit.
 */
export function bodyGuard(options: BodyGuardOptions): MiddlewareHandler {
  const { maxBytes } = options;
  const tooLarge = (c: Parameters<MiddlewareHandler>[0], max: number, code: ErrorCode) =>
    problemResponse(c, 413, code, `Request body larger than ${max} bytes`, {
      headers: { connection: 'close' },
    });
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => tooLarge(c, maxBytes, 'payload_too_large'),
  });
  const routes = (options.routes ?? []).map((route) => {
    const code = route.tooLarge ?? 'payload_too_large';
    const accepts = route.accepts === 'json' ? 'json' : route.accepts.map((t) => t.toLowerCase());
    return {
      ...route,
      accepts,
      code,
      limit: bodyLimit({
        maxSize: route.maxBytes,
        onError: (c) => tooLarge(c, route.maxBytes, code),
      }),
    };
  });
  // Not `async`: for a request without a body it hands on next()'s promise as it is (decision
  // 0046).
  return (c, next) => {
    // A GET or HEAD without Content-Length or Transfer-Encoding has no body (HTTP/1.1), and a
    // `Request` cannot carry one: skip without touching `raw.body`, which would make the Node
    // adapter build a full WHATWG Request for nothing (measured: ~13 % of a GET's CPU time).
    const method = c.req.method;
    if (
      (method === 'GET' || method === 'HEAD') &&
      c.req.header('content-length') === undefined &&
      c.req.header('transfer-encoding') === undefined
    ) {
      return next();
    }
    return guard(c, next, method);
  };

  async function guard(
    c: Parameters<MiddlewareHandler>[0],
    next: () => Promise<void>,
    method: string,
  ): Promise<Response | void> {
    const route = routes.length > 0 ? routeOf(method, c.req.path) : undefined;
    if (route) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (route.accepts === 'json') {
        return route.limit(c, () => checkJson(c, next, route.maxBytes, route.code));
      }
      if (route.accepts.includes(type)) {
        return route.limit(c, () => passRaw(c, next, route.maxBytes, route.code));
      }
    }
    return limit(c, () => checkJson(c, next, maxBytes, 'payload_too_large'));
  }

  function routeOf(method: string, path: string) {
    return routes.find((r) => r.method === method && r.path.test(path));
  }

  /** Read the whole body (bounded by the body-limit middleware in front); undefined: answered. */
  async function readBody(
    c: Parameters<MiddlewareHandler>[0],
    max: number,
    code: ErrorCode,
  ): Promise<Uint8Array | undefined> {
    let body: Uint8Array;
    try {
      body = new Uint8Array(await c.req.raw.arrayBuffer());
    } catch {
      // The client went away or sent a broken stream.
      c.res = problemResponse(c, 400, 'bad_request', 'The request body could not be read');
      return undefined;
    }
    if (body.byteLength > max) {
      c.res = tooLarge(c, max, code);
      return undefined;
    }
    return body;
  }

  /** A declared raw route: the bytes, fully buffered, go on to the route as they came. */
  async function passRaw(
    c: Parameters<MiddlewareHandler>[0],
    next: () => Promise<void>,
    max: number,
    code: ErrorCode,
  ): Promise<void> {
    if (!c.req.raw.body) return next();
    const body = await readBody(c, max, code);
    if (!body) return;
    rebuild(c, body);
    return next();
  }

  function rebuild(c: Parameters<MiddlewareHandler>[0], body: Uint8Array): void {
    const raw = c.req.raw;
    const headers = new Headers(raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(body.byteLength));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
  }

  async function checkJson(
    c: Parameters<MiddlewareHandler>[0],
    next: () => Promise<void>,
    max: number,
    code: ErrorCode,
  ): Promise<void> {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const body = await readBody(c, max, code);
    if (!body) return;
    const contentType = raw.headers.get('content-type') ?? '';
    if (body.byteLength > 0) {
      if (!JSON_TYPE.test(contentType)) {
        c.res = problemResponse(
          c,
          415,
          'unsupported_media_type',
          'Request bodies must be JSON (Content-Type: application/json)',
        );
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch {
        c.res = problemResponse(c, 400, 'invalid_json', 'Malformed JSON in request body');
        return;
      }
      // Every route takes an object; Better Auth fails with 500 on anything else.
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        c.res = problemResponse(c, 400, 'validation_failed', 'Invalid input', {
          errors: [{ path: 'body', code: 'invalid_type', message: 'must be a JSON object' }],
        });
        return;
      }
      const nul = nulPaths(parsed);
      if (nul.length > 0) {
        c.res = problemResponse(c, 400, 'validation_failed', 'Invalid input', {
          errors: nul.map((path) => nulFieldError(path || 'body')),
        });
        return;
      }
    }
    rebuild(c, body);
    return next();
  }
}
