import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Logger, LogLevel } from '../lib/logger.ts';
import { requestLog } from './request-log.ts';

/** An app with the request log and three routes: fine, failing, and a path carrying a token. */
function appWith(logger: Logger) {
  const app = new Hono();
  app.use(
    '*',
    requestLog(logger, (path) => path.replace(/\/secret\/.*/, '/secret/…')),
  );
  app.get('/ok', (c) => c.json({ ok: true }));
  app.get('/secret/:token', (c) => c.json({ ok: true }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_err, c) => c.json({ error: 'internal' }, 500));
  return app;
}

function capture(level: LogLevel | 'all') {
  const entries: Array<Record<string, unknown>> = [];
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const logger: Logger = (entry) => void entries.push(entry);
  if (level !== 'all') logger.enabled = (l) => order.indexOf(l) >= order.indexOf(level);
  return { logger, entries };
}

describe('request log', () => {
  it('writes one line per request with the id it echoes, the redacted path and the status', async () => {
    for (const level of ['all', 'info'] as const) {
      const { logger, entries } = capture(level);
      const app = appWith(logger);
      const res = await app.request('/secret/abc123?x=1');
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(entries).toEqual([
        expect.objectContaining({
          level: 'info',
          msg: 'request',
          method: 'GET',
          path: '/secret/…',
          status: 200,
          requestId: id,
        }),
      ]);
    }
  });

  it('when info lines are off, answers that went well are not logged but a 500 still is', async () => {
    const { logger, entries } = capture('warn');
    const app = appWith(logger);
    const ok = await app.request('/ok');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries).toEqual([]);
    const boom = await app.request('/boom');
    expect(boom.status).toBe(500);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'request',
        path: '/boom',
        status: 500,
        requestId: boom.headers.get('x-request-id'),
      }),
    ]);
    expect(typeof entries[0]!.ms).toBe('number');
  });
});
