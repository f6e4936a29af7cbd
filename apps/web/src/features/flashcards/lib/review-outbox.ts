import type { OutboxOp, OutboxStore, ReviewBody } from './outbox-store';

/**
 * No tap lost (issue 12, point 4). Every rating goes into the outbox first (IndexedDB, see
 * outbox-store.ts) and is sent from there, oldest first, one at a time: a rating the network
 * loses waits and is sent again (with growing pauses, and at once when the browser is back
 * online); the server counts a rating once per client id, so sending one twice is harmless. An
 * undo of a rating not sent yet just takes it out; an undo of a sent one is queued behind it; one
 * sent without an answer (the server may have it) is taken out and followed by an undo.
 * Only the signed-in user's operations are sent. One tab at a time sends (Web Locks, when the
 * browser has them).
 */

export interface OutboxTransport {
  sendReview(body: ReviewBody): Promise<unknown>;
  sendUndo(reviewId: string): Promise<unknown>;
}

export interface OutboxSnapshot {
  /** Operations waiting to be sent (ratings and undos). */
  pending: number;
  /** Sending right now. */
  sending: boolean;
  /** When the next attempt is planned after a failure (epoch ms), or null. */
  retryAt: number | null;
  /** The last send failed for a reason that passes (offline): waiting for the network. */
  stalled: boolean;
  /** The signed-in user's waiting operations have been read from the store (after a reload). */
  ready: boolean;
}

export interface OutboxOptions {
  /** First pause after a failure; doubles each time up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Runs `fn` while holding the cross-tab lock (defaults to Web Locks when present). */
  withLock?: (fn: () => Promise<void>) => Promise<void>;
  /** Listen for the browser coming back online (defaults to window's `online` event). */
  onOnline?: (listener: () => void) => () => void;
}

export type OutboxEvent =
  | { type: 'sent'; op: OutboxOp; result: unknown }
  | { type: 'dropped'; op: OutboxOp; error: unknown };

const LOCK_NAME = 'aprenda-review-outbox';

function defaultLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request(LOCK_NAME, fn);
}

function defaultOnOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

/** The HTTP status of a failure (0: no answer at all). */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * Whether a failed send may succeed later: no answer, a timeout, a rate limit, the server or the
 * database in trouble, or a lapsed session (sent once the user signs in again). Any other answer
 * (the card was deleted, the payload is refused) will never change: the operation is dropped.
 */
export function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

export class ReviewOutbox {
  private readonly store: OutboxStore;
  private readonly transport: OutboxTransport;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;
  private readonly withLock: (fn: () => Promise<void>) => Promise<void>;
  private readonly onOnline: (listener: () => void) => () => void;

  private userId: string | null = null;
  private ops: OutboxOp[] = [];
  /** Keys taken out by an undo while a send loop may still hold them in its list. */
  private readonly cancelled = new Set<string>();
  private inFlight: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryAt: number | null = null;
  private failures = 0;
  private stalled = false;
  private ready = false;
  private snapshot: OutboxSnapshot = {
    pending: 0,
    sending: false,
    retryAt: null,
    stalled: false,
    ready: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: OutboxEvent) => void>();
  private stopOnline: (() => void) | null = null;
  private disposed = false;

  constructor(store: OutboxStore, transport: OutboxTransport, options: OutboxOptions = {}) {
    this.store = store;
    this.transport = transport;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.random = options.random ?? Math.random;
    this.withLock = options.withLock ?? defaultLock;
    this.onOnline = options.onOnline ?? defaultOnOnline;
  }

  /** The signed-in user (null when signed out): loads their waiting operations and sends them. */
  async setUser(userId: string | null): Promise<void> {
    if (this.userId === userId) return;
    this.userId = userId;
    this.ops = [];
    this.ready = false;
    this.failures = 0;
    this.stalled = false;
    this.clearTimer();
    this.stopOnline?.();
    this.stopOnline = userId ? this.onOnline(() => this.retryNow()) : null;
    this.publish();
    if (!userId) return;
    // What waits from before (a reload): known at once, before the send loop takes the lock.
    try {
      const listed = await this.store.list(userId);
      if (this.userId !== userId) return;
      const known = new Set(this.ops.map((o) => o.key));
      this.ops = [...listed.filter((o) => !known.has(o.key)), ...this.ops];
    } finally {
      if (this.userId === userId) {
        this.ready = true;
        this.publish();
      }
    }
    await this.flush();
  }

  /** Queue a rating and start sending. Resolves once it is stored (safe from a reload). */
  async enqueueReview(deckId: string, body: ReviewBody): Promise<void> {
    const userId = this.requireUser();
    const stored = await this.store.add({
      kind: 'review',
      key: body.id,
      userId,
      deckId,
      body,
      attempts: 0,
    });
    if (this.userId === userId) {
      this.ops = [...this.ops, stored];
      this.publish();
    }
    void this.flush();
  }

  /**
   * Undo a rating: still waiting → taken out of the queue (never sent again, `removed`); already
   * sent or being sent → an undo is queued behind it (`queued`). A waiting rating that was sent
   * before without an answer may have reached the server all the same (only its answer was lost):
   * it is taken out and an undo follows too, which the server may answer with "nothing to undo".
   */
  async undo(deckId: string, reviewId: string): Promise<'removed' | 'queued'> {
    const userId = this.requireUser();
    const waiting = this.ops.find((o) => o.kind === 'review' && o.key === reviewId);
    if (waiting && this.inFlight !== reviewId) {
      this.cancelled.add(reviewId);
      this.ops = this.ops.filter((o) => o.key !== reviewId);
      this.publish();
      await this.store.remove(reviewId);
      if (waiting.attempts > 0) await this.queueUndo(userId, deckId, reviewId, true);
      return 'removed';
    }
    await this.queueUndo(userId, deckId, reviewId, false);
    return 'queued';
  }

  private async queueUndo(userId: string, deckId: string, reviewId: string, unsure: boolean) {
    const stored = await this.store.add({
      kind: 'undo',
      key: `undo:${reviewId}:${Date.now().toString(36)}`,
      userId,
      deckId,
      reviewId,
      attempts: 0,
      ...(unsure ? { unsure } : {}),
    });
    if (this.userId === userId) {
      this.ops = [...this.ops, stored];
      this.publish();
    }
    void this.flush();
  }

  /** Whether a rating is still waiting in this user's queue (not confirmed by the server). */
  isPending(reviewId: string): boolean {
    return this.ops.some((o) => o.kind === 'review' && o.key === reviewId);
  }

  /** Try again now (the browser is back online, or the user asked). */
  retryNow(): void {
    this.clearTimer();
    this.failures = 0;
    void this.flush();
  }

  /** Send everything waiting, oldest first; resolves when the queue is empty or a send failed. */
  flush(): Promise<void> {
    if (!this.userId || this.disposed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.drain());
        } while (this.again && this.timer === null && this.userId);
      } finally {
        this.running = null;
        this.publish();
      }
    })();
    this.publish();
    return this.running;
  }

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Be told of each operation sent (with the server's answer) or dropped. */
  onEvent(listener: (event: OutboxEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  /** Stop timers and listeners (tests, sign-out). */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.stopOnline?.();
    this.stopOnline = null;
  }

  private requireUser(): string {
    if (!this.userId) throw new Error('review outbox: no signed-in user');
    return this.userId;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const userId = this.userId;
      if (!userId || this.disposed) return;
      // Read again each time: another tab may have sent or added operations.
      const listed = await this.store.list(userId);
      if (this.userId !== userId) return;
      this.ops = listed.filter((o) => !this.cancelled.has(o.key));
      this.publish();
      const op = this.ops[0];
      if (!op) {
        this.failures = 0;
        this.stalled = false;
        this.cancelled.clear();
        return;
      }
      // Checked and claimed in one step: an undo from now on queues behind it.
      this.inFlight = op.key;
      this.publish();
      let result: unknown;
      try {
        result =
          op.kind === 'review'
            ? await this.transport.sendReview(op.body)
            : await this.transport.sendUndo(op.reviewId);
      } catch (error) {
        this.inFlight = null;
        if (isRetryable(error)) {
          this.failures += 1;
          this.stalled = true;
          // Known at once (an undo pressed now must know it was tried), then stored.
          const tried = { ...op, attempts: op.attempts + 1 };
          this.ops = this.ops.map((o) => (o.key === op.key ? tried : o));
          await this.store.update(tried);
          this.scheduleRetry();
          return;
        }
        await this.store.remove(op.key);
        this.ops = this.ops.filter((o) => o.key !== op.key);
        // The server never had the rating this undo was unsure of: nothing was left to undo.
        const nothingToUndo =
          op.kind === 'undo' && op.unsure && [404, 409].includes(statusOf(error));
        this.emit(
          nothingToUndo ? { type: 'sent', op, result: null } : { type: 'dropped', op, error },
        );
        continue;
      }
      // The server has it: out of the waiting list before anything else is awaited, so that an
      // undo from now on is sent behind it rather than taking it out here (it would stay counted
      // on the server — a CI run on PostgreSQL caught that window, while IndexedDB removed it).
      this.ops = this.ops.filter((o) => o.key !== op.key);
      this.inFlight = null;
      this.failures = 0;
      this.stalled = false;
      this.publish();
      await this.store.remove(op.key);
      this.emit({ type: 'sent', op, result });
    }
  }

  private scheduleRetry(): void {
    this.clearTimer();
    if (this.disposed) return;
    const exp = this.baseDelayMs * 2 ** Math.min(this.failures - 1, 16);
    const delay = Math.min(this.maxDelayMs, exp) * (0.75 + this.random() * 0.5);
    this.retryAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.retryAt = null;
      void this.flush();
    }, delay);
    this.publish();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = null;
  }

  private emit(event: OutboxEvent): void {
    for (const listener of [...this.eventListeners]) {
      try {
        listener(event);
      } catch {
        // a screen's listener must not stop the queue
      }
    }
  }

  private publish(): void {
    const next: OutboxSnapshot = {
      pending: this.ops.length,
      sending: this.inFlight !== null,
      retryAt: this.retryAt,
      stalled: this.stalled && this.ops.length > 0,
      ready: this.ready,
    };
    const prev = this.snapshot;
    if (
      prev.pending === next.pending &&
      prev.sending === next.sending &&
      prev.retryAt === next.retryAt &&
      prev.stalled === next.stalled &&
      prev.ready === next.ready
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
