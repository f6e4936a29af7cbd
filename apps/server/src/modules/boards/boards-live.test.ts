import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardSaved } from '@aprenda/shared/schemas/boards';
import { createApp } from '../../app.ts';
import { api } from '../../../test/flashcards-helpers.ts';
import {
  bearer,
  createTestApp,
  dialects,
  signUp,
  TEST_SECRET,
  type SignedUp,
  type TestApp,
} from '../../../test/helpers.ts';
import { closeBoards, configureBoards } from './public.ts';
import { boardsRuntime } from './runtime.ts';

/**
 * Issue 15: a presented board's readers follow its saves live over `GET /boards/{id}/events`
 * (docs/api/boards.md, "Live updates") — across two server instances that share Redis, over real
 * HTTP, within 2 s.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** An event stream read over real HTTP; `events` fills as they come. */
async function follow(base: string, boardId: string, u: SignedUp) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/boards/${boardId}/events`, {
    headers: bearer(u),
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    get ended() {
      return ended;
    },
    async until(pred: (e: SseEvent) => boolean, ms = 2000): Promise<SseEvent> {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const hit = events.find(pred);
        if (hit) return hit;
        await sleep(20);
      }
      throw new Error(`no such event within ${ms} ms: ${JSON.stringify(events)}`);
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

describe.each(dialects)('boards: live updates (%s)', (dialect) => {
  let t: TestApp;
  const { call, newClass } = api(() => t);
  let ana: SignedUp;
  let bia: SignedUp;
  let caio: SignedUp;
  let classId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { REDIS_URL });
    ana = await signUp(t, { role: 'teacher', name: 'Ana' });
    bia = await signUp(t, { role: 'student', name: 'Bia' });
    caio = await signUp(t, { role: 'student', name: 'Caio' });
    classId = (await newClass(ana, { students: [bia, caio] })).id;
  });
  afterAll(async () => {
    if (t) await closeBoards(t.ctx);
    await t?.close();
  });

  async function presented(title: string) {
    const res = await call<Board>(ana, 'POST', '/boards', { title });
    expect(res.status).toBe(201);
    const p = await call(ana, 'PUT', `/boards/${res.body.id}/presentation`, { classId });
    expect(p.status).toBe(200);
    return res.body;
  }
  const save = (id: string, version: number, ids: string[]) =>
    call<BoardSaved>(ana, 'PUT', `/boards/${id}/scene`, {
      version,
      scene: { type: 'excalidraw', elements: ids.map((id) => ({ id, type: 'rectangle' })) },
    });

  it('two instances sharing Redis: a save on one reaches a reader of the other within 2 s', async () => {
    const other = createApp({ env: t.env, db: t.db, secret: TEST_SECRET });
    const here = await listen(t.app);
    const there = await listen(other.app);
    try {
      const board = await presented('Ao vivo');
      const reader = await follow(there.url, board.id, bia);
      expect(reader.status).toBe(200);
      expect(reader.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // The first event is the current scene.
      expect((await reader.until((e) => e.event === 'scene')).data.version).toBe(0);

      const started = Date.now();
      const saved = await fetch(`${here.url}/api/boards/${board.id}/scene`, {
        method: 'PUT',
        headers: {
          ...bearer(ana),
          origin: 'http://localhost:3000',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          version: 0,
          scene: {
            type: 'excalidraw',
            elements: [{ id: 'r1', type: 'rectangle', link: 'javascript:alert(1)' }],
          },
        }),
      });
      expect(saved.status).toBe(200);
      const live = await reader.until((e) => e.event === 'scene' && e.data.version === 1, 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(live.data).toMatchObject({
        version: 1,
        scene: { elements: [{ id: 'r1', type: 'rectangle', link: null }] },
        fileIds: [],
      });

      // Stop presenting on the first instance: the reader on the second hears it.
      await call(ana, 'PUT', `/boards/${board.id}/presentation`, { classId: null });
      const stop = await reader.until((e) => e.event === 'presentation');
      expect(stop.data).toEqual({ presentingTo: null });

      // Deleted: the reader is told and the stream ends; its subscription is released.
      expect((await call(ana, 'DELETE', `/boards/${board.id}`)).status).toBe(204);
      await reader.until((e) => e.event === 'deleted');
      for (let i = 0; i < 50 && !reader.ended; i++) await sleep(20);
      expect(reader.ended).toBe(true);
      expect(boardsRuntime(other.ctx).streams.get(bia.id)).toBeUndefined();
      await reader.close();
    } finally {
      await here.close();
      await there.close();
      await closeBoards(other.ctx);
    }
  });

  it('a reader who loses access is cut off; strangers get 404; streams per user are bounded', async () => {
    const here = await listen(t.app);
    try {
      const board = await presented('Turma');
      const stranger = await signUp(t, { role: 'student', name: 'Duda' });
      const refused = await fetch(`${here.url}/api/boards/${board.id}/events`, {
        headers: bearer(stranger),
      });
      expect(refused.status).toBe(404);

      const reader = await follow(here.url, board.id, caio);
      await reader.until((e) => e.event === 'scene');
      expect(boardsRuntime(t.ctx).streams.get(caio.id)).toBe(1);
      expect((await call(ana, 'DELETE', `/classes/${classId}/members/${caio.id}`)).status).toBe(
        204,
      );
      await save(board.id, 0, ['depois']);
      await reader.until((e) => e.event === 'deleted');
      expect(reader.events.some((e) => e.event === 'scene' && e.data.version === 1)).toBe(false);
      await reader.close();

      // A client that goes away frees its slot; a user may hold only a few streams.
      configureBoards(t.ctx, { streamsPerUser: 1 });
      try {
        const first = await follow(here.url, board.id, bia);
        await first.until((e) => e.event === 'scene');
        const second = await fetch(`${here.url}/api/boards/${board.id}/events`, {
          headers: bearer(bia),
        });
        expect(second.status).toBe(429);
        await first.close();
        for (let i = 0; i < 50 && boardsRuntime(t.ctx).streams.has(bia.id); i++) await sleep(20);
        expect(boardsRuntime(t.ctx).streams.has(bia.id)).toBe(false);
        const third = await follow(here.url, board.id, bia);
        expect(third.status).toBe(200);
        await third.close();
      } finally {
        configureBoards(t.ctx, { streamsPerUser: 8 });
      }
    } finally {
      await here.close();
    }
  });
});
