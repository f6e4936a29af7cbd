import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './errors.ts';
import { zv } from './validate.ts';

const page = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
});
const required = z.object({ q: z.string().min(1) });

function app() {
  const a = new Hono();
  a.onError(errorHandler(() => {}));
  a.get('/page', zv('query', page), (c) => c.json(c.req.valid('query')));
  a.get('/search', zv('query', required), (c) => c.json(c.req.valid('query')));
  return a;
}

describe('zv on the query', () => {
  it('a URL without a query string gets the schema’s defaults, the same on every request', async () => {
    const a = app();
    for (let i = 0; i < 3; i++) {
      const res = await a.request('/page');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ limit: 20 });
    }
  });

  it('a query string is validated as before', async () => {
    const a = app();
    expect(await (await a.request('/page?limit=5&cursor=abc')).json()).toEqual({
      limit: 5,
      cursor: 'abc',
    });
    const bad = await a.request('/page?limit=500');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
    // An empty query string is no query string.
    expect(await (await a.request('/page?')).json()).toEqual({ limit: 20 });
    // The defaults handed out before are untouched by a request that had a query.
    expect(await (await a.request('/page')).json()).toEqual({ limit: 20 });
  });

  it('a schema that refuses no query still answers 400, every time', async () => {
    const a = app();
    for (let i = 0; i < 2; i++) {
      const res = await a.request('/search');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await (await a.request('/search?q=fotoss%C3%ADntese')).json()).toEqual({
      q: 'fotossíntese',
    });
  });
});
