import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@aprenda/shared/schemas/conversations';
import type { Page } from '@aprenda/shared/schemas/common';
import { createApp } from '../src/app.ts';
import { memoryAnswerRelay, redisAnswerRelay, type AnswerRelay } from '../src/lib/answer-relay.ts';
import { settleBackgroundWork } from '../src/modules/conversations/answer-stream.service.ts';
import { failAbandonedAnswers } from '../src/modules/conversations/public.ts';
import {
  bearer,
  createTestApp,
  dialects,
  jsonRequest,
  ORIGIN,
  signUp,
  TEST_SECRET,
  type SignedUp,
  type TestApp,
} from './helpers.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.ts';

/**
 * Answers outlive the connection (decision 0024): the server goes on generating and saving when
 * the client goes away; a client that comes back (GET /conversations/{id}/stream) gets the text so
 * far and then the rest — from this process, from another instance through Redis, or by polling
 * the stored text when no relay knows it; only Stop stops it.
 */

type Chunk = { type: string; [key: string]: unknown };

function parseSse(text: string): Chunk[] {
  return text
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]')
    .map((e) => JSON.parse(e.slice(6)) as Chunk);
}

const textOf = (chunks: Chunk[]) =>
  chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REDIS_URL = 'redis://127.0.0.1:6379';

/** The app on a real HTTP server (so a client's socket really closes). */
async function listen(app: TestApp['app']): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    ) as Server;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A streaming HTTP response read chunk by chunk; `cut()` destroys the socket. */
function openStream(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{
  status: number;
  res: IncomingMessage;
  received: () => string;
  until: (pred: (text: string) => boolean, ms?: number) => Promise<string>;
  ended: Promise<string>;
  cut: () => void;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers }, (res) => {
      let text = '';
      const waiters: Array<() => void> = [];
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
        for (const w of waiters.splice(0)) w();
      });
      const ended = new Promise<string>((done) => {
        res.on('end', () => done(text));
        res.on('close', () => done(text));
      });
      resolve({
        status: res.statusCode ?? 0,
        res,
        received: () => text,
        ended,
        async until(pred, ms = 10_000) {
          const deadline = Date.now() + ms;
          while (!pred(text)) {
            if (Date.now() > deadline) throw new Error(`timed out; got: ${text.slice(0, 500)}`);
            await Promise.race([new Promise<void>((r) => waiters.push(r)), sleep(50)]);
          }
          return text;
        },
        cut: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
    if (init.body) req.write(init.body);
    req.end();
  });
}

describe.each(dialects)('Answers outlive the connection (%s)', (dialect) => {
  let t: TestApp;
  let llm: FakeLlm;
  let u: SignedUp;
  let http: { url: string; close(): Promise<void> };
  const relays: AnswerRelay[] = [];

  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp(dialect, {
      OPENAI_API_KEY: 'sk-school-key-0000',
      OPENAI_BASE_URL: llm.url,
      OPENAI_MODELS: 'fake-model',
      CHAT_RATE_LIMIT_MAX: '1000',
    });
    u = await signUp(t);
    http = await listen(t.app);
  });
  afterAll(async () => {
    await settleBackgroundWork(t.ctx);
    await http.close();
    await Promise.all(relays.map((r) => r.close()));
    await t.close();
    await llm.close();
  });

  const headers = (who: SignedUp) => ({
    origin: ORIGIN,
    'content-type': 'application/json',
    ...bearer(who),
  });
  const create = async (title: string) => {
    const res = await jsonRequest(t, 'POST', '/api/conversations', { title }, bearer(u));
    expect(res.status).toBe(201);
    return (await res.json()) as Conversation;
  };
  const messages = async (id: string, app: TestApp['app'] = t.app) => {
    const res = await app.request(`/api/conversations/${id}/messages`, { headers: headers(u) });
    expect(res.status).toBe(200);
    return ((await res.json()) as Page<Message>).items;
  };
  const settled = async (id: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const items = await messages(id);
      if (items.at(-1)?.status !== 'streaming' || Date.now() > deadline) return items;
      await sleep(50);
    }
  };
  const send = (url: string, id: string, text: string) =>
    openStream(`${url}/api/conversations/${id}/chat`, {
      method: 'POST',
      headers: headers(u),
      body: JSON.stringify({ action: 'send', text }),
    });
  const follow = (url: string, id: string) =>
    openStream(`${url}/api/conversations/${id}/stream`, { method: 'GET', headers: headers(u) });

  const CHUNKS = Array.from({ length: 12 }, (_, i) => `parte${i} `);
  const WHOLE = CHUNKS.join('');

  it('the client leaves mid-stream (socket closed): the answer completes and is stored whole', async () => {
    const c = await create('Saiu no meio');
    llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 80 });
    const first = await send(http.url, c.id, 'Conta até doze');
    expect(first.status).toBe(200);
    await first.until((text) => text.includes('"text-delta"'));
    first.cut();
    await first.ended;
    // Still being written after the client left…
    const during = await messages(c.id);
    expect(during.at(-1)).toMatchObject({ role: 'assistant', status: 'streaming' });
    expect(WHOLE.startsWith(during.at(-1)!.text)).toBe(true);
    // …and stored whole at the end, complete.
    const after = await settled(c.id);
    expect(after.at(-1)).toMatchObject({ status: 'complete', text: WHOLE, error_code: null });
    expect(llm.openStreams()).toBe(0);
  });

  it('a second client attaches mid-stream: the text so far at once, then the rest live', async () => {
    const c = await create('Segundo leitor');
    llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 80 });
    const first = await send(http.url, c.id, 'Conta até doze');
    const partial = await first.until((text) => (text.match(/"text-delta"/g) ?? []).length >= 3);
    const second = await follow(http.url, c.id);
    expect(second.status).toBe(200);
    expect(second.res.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    const [a, b] = await Promise.all([first.ended, second.ended]);
    const chunksA = parseSse(a);
    const chunksB = parseSse(b);
    expect(textOf(chunksA)).toBe(WHOLE);
    expect(textOf(chunksB)).toBe(WHOLE);
    // The late reader starts like the first: the same message id, the text so far in one delta.
    const started = chunksA[0]!;
    expect(chunksB[0]).toEqual(started);
    const firstDelta = chunksB.find((x) => x.type === 'text-delta')!;
    expect((firstDelta.delta as string).length).toBeGreaterThanOrEqual(
      textOf(parseSse(partial)).length,
    );
    expect(chunksB.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect((await messages(c.id)).at(-1)).toMatchObject({ status: 'complete', text: WHOLE });
  });

  it('nothing in progress → 204; someone else → 404; a reader leaving stops nothing', async () => {
    const c = await create('Nada');
    const none = await t.app.request(`/api/conversations/${c.id}/stream`, { headers: headers(u) });
    expect(none.status).toBe(204);
    const other = await signUp(t);
    llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 60 });
    const first = await send(http.url, c.id, 'Oi');
    await first.until((text) => text.includes('"text-delta"'));
    for (const path of ['stream', 'stop']) {
      const res = await t.app.request(`/api/conversations/${c.id}/${path}`, {
        method: path === 'stop' ? 'POST' : 'GET',
        headers: headers(other),
      });
      expect(res.status).toBe(404);
    }
    // Two readers come and go.
    const reader = await follow(http.url, c.id);
    await reader.until((text) => text.includes('"text-delta"'));
    reader.cut();
    first.cut();
    expect((await settled(c.id)).at(-1)).toMatchObject({ status: 'complete', text: WHOLE });
  });

  describe('another instance generates it', () => {
    const second = (relay: AnswerRelay) => {
      relays.push(relay);
      return createApp({ env: t.env, db: t.db, secret: TEST_SECRET, answerRelay: relay }).app;
    };

    it('without Redis: the reader polls the stored text to the end', async () => {
      const other = second(memoryAnswerRelay());
      const otherHttp = await listen(other);
      try {
        const c = await create('Polling');
        llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 150 });
        const first = await send(http.url, c.id, 'Conta');
        await first.until((text) => text.includes('"text-delta"'));
        first.cut();
        await sleep(1100); // the first words are saved
        const reader = await follow(otherHttp.url, c.id);
        expect(reader.status).toBe(200);
        const chunks = parseSse(await reader.ended);
        expect(chunks[0]).toMatchObject({ type: 'start', messageId: expect.any(String) });
        expect(textOf(chunks)).toBe(WHOLE);
        expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
      } finally {
        await otherHttp.close();
      }
    });

    it('without Redis: Stop on the other instance stops it within a second, text kept', async () => {
      const other = second(memoryAnswerRelay());
      const c = await create('Parar longe');
      llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 150 });
      const first = await send(http.url, c.id, 'Conta');
      await first.until((text) => (text.match(/"text-delta"/g) ?? []).length >= 2);
      const stop = await other.request(`/api/conversations/${c.id}/stop`, {
        method: 'POST',
        headers: headers(u),
      });
      expect(stop.status).toBe(204);
      const chunks = parseSse(await first.ended);
      expect(chunks.at(-1)).toEqual({ type: 'abort', reason: 'stopped' });
      const stored = (await settled(c.id)).at(-1)!;
      expect(stored.status).toBe('stopped');
      expect(stored.text).toBe(textOf(chunks));
      expect(stored.text).not.toBe(WHOLE);
    });

    it('a dead generator: the reader ends when the sweep fails the answer', async () => {
      const other = second(memoryAnswerRelay());
      const otherHttp = await listen(other);
      try {
        const c = await create('Morto');
        llm.script({ kind: 'answer', chunks: ['só ', 'isso'], firstTokenDelayMs: 4000 });
        const first = await send(http.url, c.id, 'Oi');
        await sleep(200);
        const reader = await follow(otherHttp.url, c.id);
        await sleep(300);
        // As if the generating process had died long ago.
        expect(await failAbandonedAnswers(t.ctx, -60_000)).toBe(1);
        const chunks = parseSse(await reader.ended);
        expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'provider_stream_dropped' });
        first.cut();
        await jsonRequest(t, 'POST', `/api/conversations/${c.id}/stop`, undefined, bearer(u));
      } finally {
        await otherHttp.close();
      }
    });

    describe('with Redis (real server at 127.0.0.1:6379)', () => {
      const prefix = `aprenda-test:${randomUUID()}:`;
      let here: AnswerRelay;
      let app: TestApp['app'];
      let hereHttp: { url: string; close(): Promise<void> };
      beforeAll(async () => {
        here = redisAnswerRelay(REDIS_URL, { keyPrefix: prefix });
        relays.push(here);
        app = createApp({ env: t.env, db: t.db, secret: TEST_SECRET, answerRelay: here }).app;
        hereHttp = await listen(app);
      });
      afterAll(async () => {
        await hereHttp.close();
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      });

      it('a reader on another instance gets the text so far and the rest live', async () => {
        const other = second(redisAnswerRelay(REDIS_URL, { keyPrefix: prefix }));
        const otherHttp = await listen(other);
        try {
          const c = await create('Redis');
          llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 80 });
          const first = await send(hereHttp.url, c.id, 'Conta');
          await first.until((text) => (text.match(/"text-delta"/g) ?? []).length >= 3);
          const started = Date.now();
          const reader = await follow(otherHttp.url, c.id);
          // The text so far arrives at once (not after a poll).
          await reader.until((text) => text.includes('"text-delta"'), 500);
          expect(Date.now() - started).toBeLessThan(500);
          const [a, b] = await Promise.all([first.ended, reader.ended]);
          expect(textOf(parseSse(b))).toBe(WHOLE);
          expect(parseSse(b)).toEqual(expect.arrayContaining([parseSse(a)[0], parseSse(a).at(-1)]));
        } finally {
          await otherHttp.close();
        }
      });

      it('Stop on another instance reaches the generating one at once', async () => {
        const other = second(redisAnswerRelay(REDIS_URL, { keyPrefix: prefix }));
        const c = await create('Redis stop');
        llm.script({ kind: 'answer', chunks: CHUNKS, delayMs: 200 });
        const first = await send(hereHttp.url, c.id, 'Conta');
        await first.until((text) => text.includes('"text-delta"'));
        const started = Date.now();
        const stop = await other.request(`/api/conversations/${c.id}/stop`, {
          method: 'POST',
          headers: headers(u),
        });
        expect(stop.status).toBe(204);
        const chunks = parseSse(await first.ended);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(chunks.at(-1)).toEqual({ type: 'abort', reason: 'stopped' });
        const stored = (await messages(c.id)).at(-1)!;
        expect(stored).toMatchObject({ status: 'stopped', text: textOf(chunks) });
      });
    });
  });
});
