import type { MiddlewareHandler } from 'hono';
import { HEADER_REQUEST_ID } from '@aprenda/shared/constants';
import { uuidv7 } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { setHeaders, setOnNodeResponse } from './response-headers.ts';

/** An incoming X-Request-Id is kept only when it is short and plain (it goes into logs). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request id + one JSON log line per request: `{ msg: 'request', method, path, status, ms,
 * requestId }`. The id comes from `X-Request-Id` when it looks safe, else a fresh UUIDv7; it is
 * echoed on the response and set as `c.get('requestId')` (problems carry it too). Only the path is
 * logged — never the query string, headers or bodies, which may hold tokens or keys — and a path
 * that itself carries a token is written redacted (`redact`).
 */
export function requestLog(
  logger: Logger,
  /** Rewrites paths that carry a credential (lib/log-redaction.ts). */
  redact: (path: string) => string = (path) => path,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  // Read once: the level is fixed for the life of the process. When request lines are not
  // written, a request that ends well costs no path redaction or log entry.
  const logsRequests = logger.enabled?.('info') ?? true;
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(HEADER_REQUEST_ID);
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : uuidv7();
    c.set('requestId', requestId);
    const header: Array<[string, string]> = [[HEADER_REQUEST_ID, requestId]];
    const onNode = setOnNodeResponse(c, header);
    try {
      await next();
    } finally {
      if (!onNode) setHeaders(c, header);
      const status = c.res.status;
      if (logsRequests || status >= 500) {
        const path = redact(c.req.path);
        logger({
          level: status >= 500 ? 'error' : 'info',
          msg: 'request',
          method: c.req.method,
          path: path.length > 300 ? `${path.slice(0, 300)}…` : path,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          requestId,
        });
      }
    }
  };
}
