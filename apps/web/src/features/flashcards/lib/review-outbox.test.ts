import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { createOutboxStore, type ReviewBody } from './outbox-store';
import { ReviewOutbox, type OutboxEvent, type OutboxTransport } from './review-outbox';

function body(n: number): ReviewBody {
  return {
    id: crypto.randomUUID(),
    item_id: `item-${n}`,
    rating: 3,
    duration_ms: 1000 + n,
    client_time: new Date().toISOString(),
    tz: 'America/Sao_Paulo',
  };
}

const offline = () => new ApiError({ status: 0, code: 'unavailable' });

/** A server stand-in: records what reached it; `down` makes every call fail like a lost network. */
class FakeServer implements OutboxTransport {
  down = false;
  failNext: unknown[] = [];
  received: string[] = [];
  reviews = new Map<string, ReviewBody>();
  undone: string[] = [];

  /** Ratings the server keeps but whose answer the network loses on the way back. */
  loseAnswers = 0;

  sendReview(b: ReviewBody): Promise<unknown> {
    if (this.down) return Promise.reject(offline());
    const failure = this.failNext.shift();
    if (failure) return Promise.reject(failure);
    this.received.push(`review:${b.item_id}`);
    this.reviews.set(b.id, b);
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      return Promise.reject(offline());
    }
    return Promise.resolve({ review_id: b.id, item_id: b.item_id });
  }

  sendUndo(reviewId: string): Promise<unknown> {
    if (this.down) return Promise.reject(offline());
    const review = this.reviews.get(reviewId);
    if (!review) {
      this.received.push(`undo of unknown`);
      return Promise.reject(new ApiError({ status: 404, code: 'not_found' }));
    }
    this.received.push(`undo:${review.item_id}`);
    this.undone.push(reviewId);
    this.reviews.delete(reviewId);
    return Promise.resolve({ review_id: reviewId });
  }
}

const noLock = (fn: () => Promise<void>) => fn();

function outbox(server: OutboxTransport, online?: { fire?: () => void }) {
  return new ReviewOutbox(createOutboxStore(), server, {
    baseDelayMs: 5,
    maxDelayMs: 20,
    random: () => 0.5,
    withLock: noLock,
    onOnline: (listener) => {
      if (online) online.fire = listener;
      return () => undefined;
    },
  });
}

async function until(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const opened: ReviewOutbox[] = [];
function track(o: ReviewOutbox) {
  opened.push(o);
  return o;
}

/**
 * An outbox that waits a minute before sending again, holding one rating whose first send
 * failed (whatever the server did with it), with the events it tells.
 */
async function ratedOnce(server: OutboxTransport) {
  const o = track(
    new ReviewOutbox(createOutboxStore(), server, {
      baseDelayMs: 60_000,
      maxDelayMs: 60_000,
      withLock: noLock,
      onOnline: () => () => undefined,
    }),
  );
  const events: OutboxEvent[] = [];
  o.onEvent((e) => events.push(e));
  await o.setUser('ana');
  const a = body(1);
  await o.enqueueReview('deck-1', a);
  await until(() => o.getSnapshot().retryAt !== null);
  return { o, events, a };
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test (what a new browser profile would have).
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  for (const o of opened.splice(0)) o.dispose();
});

describe('review outbox (IndexedDB)', () => {
  it('is ready once it has read what waits from before a reload, before sending it', async () => {
    const server = new FakeServer();
    server.down = true;
    const first = track(outbox(server));
    expect(first.getSnapshot().ready).toBe(false);
    await first.setUser('ana');
    expect(first.getSnapshot().ready).toBe(true);
    for (const b of [1, 2, 3].map(body)) await first.enqueueReview('deck-1', b);
    first.dispose();

    const second = track(outbox(server));
    const seen: Array<{ ready: boolean; pending: number }> = [];
    second.subscribe(() => {
      const { ready, pending } = second.getSnapshot();
      seen.push({ ready, pending });
    });
    const bound = second.setUser('ana');
    expect(second.getSnapshot()).toMatchObject({ ready: false, pending: 0 });
    await until(() => second.getSnapshot().ready);
    // Ready comes with the three waiting ratings already counted.
    expect(seen.find((s) => s.ready)).toEqual({ ready: true, pending: 3 });
    await bound;
  });

  it('keeps ratings given offline through a reload and sends each once, in order', async () => {
    const server = new FakeServer();
    server.down = true;
    const first = track(outbox(server));
    await first.setUser('ana');
    const given = [1, 2, 3, 4, 5].map(body);
    for (const b of given) await first.enqueueReview('deck-1', b);
    await until(() => first.getSnapshot().retryAt !== null);
    expect(first.getSnapshot().stalled).toBe(true);
    expect(first.getSnapshot().pending).toBe(5);
    expect(server.received).toEqual([]);
    first.dispose();

    // "Reload": a new outbox over the same database finds the five ratings waiting.
    server.down = false;
    const second = track(outbox(server));
    await second.setUser('ana');
    await until(() => second.getSnapshot().pending === 0);
    expect(server.received).toEqual([1, 2, 3, 4, 5].map((n) => `review:item-${n}`));
    expect([...server.reviews.keys()]).toEqual(given.map((b) => b.id));

    // Nothing is left to send again.
    const third = track(outbox(server));
    await third.setUser('ana');
    await third.flush();
    expect(server.received).toHaveLength(5);
  });

  it('retries with growing pauses while the network fails, then sends', async () => {
    const server = new FakeServer();
    server.failNext = [offline(), offline(), new ApiError({ status: 503, code: 'unavailable' })];
    const o = track(outbox(server));
    await o.setUser('ana');
    const started = Date.now();
    await o.enqueueReview('deck-1', body(1));
    await until(() => o.getSnapshot().pending === 0);
    expect(server.received).toEqual(['review:item-1']);
    // Pauses of 5, 10 and 20 ms (× 0.75–1.25): at least ~26 ms in all.
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('sends at once when the browser comes back online', async () => {
    const server = new FakeServer();
    server.down = true;
    const online: { fire?: () => void } = {};
    const o = track(
      new ReviewOutbox(createOutboxStore(), server, {
        baseDelayMs: 60_000,
        maxDelayMs: 60_000,
        withLock: noLock,
        onOnline: (listener) => {
          online.fire = listener;
          return () => undefined;
        },
      }),
    );
    await o.setUser('ana');
    await o.enqueueReview('deck-1', body(1));
    await until(() => o.getSnapshot().retryAt !== null);
    server.down = false;
    online.fire?.();
    await until(() => o.getSnapshot().pending === 0, 500);
    expect(server.received).toEqual(['review:item-1']);
  });

  it('drops a rating the server refuses for good and goes on with the next', async () => {
    const server = new FakeServer();
    server.failNext = [new ApiError({ status: 404, code: 'not_found' })];
    const o = track(outbox(server));
    const events: OutboxEvent[] = [];
    o.onEvent((e) => events.push(e));
    await o.setUser('ana');
    await o.enqueueReview('deck-1', body(1));
    await o.enqueueReview('deck-1', body(2));
    await until(() => o.getSnapshot().pending === 0);
    expect(server.received).toEqual(['review:item-2']);
    expect(events.map((e) => e.type)).toEqual(['dropped', 'sent']);
  });

  it('an undo takes a waiting rating out; an undo of a sent one follows it to the server', async () => {
    const server = new FakeServer();
    server.down = true;
    const o = track(outbox(server));
    await o.setUser('ana');
    const a = body(1);
    const b = body(2);
    await o.enqueueReview('deck-1', a);
    await o.enqueueReview('deck-1', b);
    expect(await o.undo('deck-1', b.id)).toBe('removed');
    expect(o.getSnapshot().pending).toBe(1);
    server.down = false;
    o.retryNow();
    await until(() => o.getSnapshot().pending === 0);
    expect(server.received).toEqual(['review:item-1']);

    expect(await o.undo('deck-1', a.id)).toBe('queued');
    await until(() => o.getSnapshot().pending === 0);
    expect(server.received).toEqual(['review:item-1', 'undo:item-1']);
  });

  it('an undo pressed once the server has the rating, while it is still being stored, is sent', async () => {
    // The server answered; the outbox is still taking the rating out of IndexedDB. An undo then
    // must follow the rating to the server: taking it out locally would leave it counted there.
    const server = new FakeServer();
    const store = createOutboxStore();
    let release: () => void = () => undefined;
    const held = new Set<string>();
    const slowStore = Object.assign(Object.create(store) as typeof store, {
      remove: async (key: string) => {
        // Only the first removal of a held key waits (the one after the server's answer).
        if (held.delete(key)) await new Promise<void>((r) => (release = r));
        return store.remove(key);
      },
    });
    const o = track(
      new ReviewOutbox(slowStore, server, {
        withLock: noLock,
        onOnline: () => () => undefined,
      }),
    );
    await o.setUser('ana');
    const a = body(1);
    held.add(a.id);
    await o.enqueueReview('deck-1', a);
    await until(() => server.received.length === 1);
    expect(await o.undo('deck-1', a.id)).toBe('queued');
    release();
    await until(() => o.getSnapshot().pending === 0 && server.undone.length === 1);
    expect(server.received).toEqual(['review:item-1', 'undo:item-1']);
  });

  it('an undo of a rating sent without an answer also reaches the server, which may have it', async () => {
    // The server kept the rating but its answer was lost: the outbox waits to send it again. An
    // undo then must not only take it out here — the server would go on counting it.
    const server = new FakeServer();
    server.loseAnswers = 1;
    const { o, events, a } = await ratedOnce(server);
    expect(o.isPending(a.id)).toBe(true);
    expect(await o.undo('deck-1', a.id)).toBe('removed');
    expect(o.isPending(a.id)).toBe(false);
    o.retryNow();
    await until(() => o.getSnapshot().pending === 0);
    // Sent once (never again), then undone there.
    expect(server.received).toEqual(['review:item-1', 'undo:item-1']);
    expect(server.reviews.size).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['sent']);
  });

  it('when the server never had that rating, its "nothing to undo" is no failure', async () => {
    const server = new FakeServer();
    server.down = true;
    const { o, events, a } = await ratedOnce(server);
    expect(await o.undo('deck-1', a.id)).toBe('removed');
    server.down = false;
    o.retryNow();
    await until(() => o.getSnapshot().pending === 0);
    expect(server.received).toEqual(['undo of unknown']);
    // No "dropped" (the screen would say the undo failed): it is done.
    expect(events.map((e) => e.type)).toEqual(['sent']);
  });

  it('sends only the signed-in user’s ratings', async () => {
    const server = new FakeServer();
    server.down = true;
    const o = track(outbox(server));
    await o.setUser('ana');
    await o.enqueueReview('deck-1', body(1));
    await o.setUser('bruno');
    expect(o.getSnapshot().pending).toBe(0);
    server.down = false;
    await o.enqueueReview('deck-2', body(2));
    await until(() => server.received.length === 1);
    await o.flush();
    expect(server.received).toEqual(['review:item-2']);
    await o.setUser('ana');
    await until(() => server.received.length === 2);
    expect(server.received).toEqual(['review:item-2', 'review:item-1']);
  });
});
