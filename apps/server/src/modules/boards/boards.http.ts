import type { Context } from 'hono';
import { problemResponse } from '../../middleware/errors.ts';
import type { BoardEvent, BoardFeed } from './events.service.ts';
import { BoardVersionConflict } from './scene.service.ts';

/**
 * Run a save and answer its 409 `board_version_conflict` with `currentVersion` in the problem
 * (the error middleware's problems carry no extra members); any other error goes on.
 */
export async function answerConflicts(
  c: Context,
  work: () => Promise<Response>,
): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof BoardVersionConflict)) throw err;
    const base = problemResponse(c, 409, 'board_version_conflict', err.message);
    const body = { ...((await base.json()) as object), currentVersion: err.currentVersion };
    return new Response(JSON.stringify(body), { status: 409, headers: base.headers });
  }
}

/** Headers of an image a board serves: its sniffed type, never sniffed again, never a page. */
export function imageHeaders(mime: string, etag: string, cache: string): Record<string, string> {
  return {
    'content-type': mime,
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
    'content-security-policy': "default-src 'none'; sandbox",
    etag,
  };
}

/** Keep-alive comment interval of an event stream (proxies close idle connections). */
export const PING_MS = 25_000;

/**
 * A `text/event-stream` answer for a board feed: the first `scene` event, then every event of
 * the feed; `: ping` every PING_MS (which also re-checks access). When the client goes away
 * (request aborted or stream cancelled) the feed is closed: its subscription and its slot of the
 * user's streams are released.
 */
export function boardEventStream(c: Context, feed: BoardFeed): Response {
  const encoder = new TextEncoder();
  let finished = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  let finish = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (finished) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const send = (e: BoardEvent) =>
        write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      finish = () => {
        if (finished) return;
        finished = true;
        clearInterval(ping);
        feed.close();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      write('retry: 3000\n\n');
      send({ event: 'scene', data: feed.first });
      feed.attach(send, finish);
      ping = setInterval(() => {
        write(': ping\n\n');
        void feed.heartbeat().then((ok) => {
          if (!ok && !finished) {
            send({ event: 'deleted', data: {} });
            finish();
          }
        });
      }, PING_MS);
      c.req.raw.signal.addEventListener('abort', () => finish(), { once: true });
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The JSON body (the body guard checked it), or null when there is none. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return null;
  }
}
