import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SubmitReviewInput } from '@aprenda/shared/schemas/flashcards';

/**
 * Where ratings wait for the network: one IndexedDB store, in the order they were given (an
 * auto-increment key, so two tabs adding at once still keep one order). A reload, a closed tab or
 * a crash keeps them. Without IndexedDB (some private modes) the queue lives in memory.
 */

/** A rating to send: the body of `POST /reviews` (`id` is the client's UUID). */
export type ReviewBody = SubmitReviewInput;

interface OpBase {
  /** Order of arrival (set by the store). */
  seq?: number;
  /** Whose rating it is: only that user's session sends it. */
  userId: string;
  deckId: string;
  /** Failed sends so far (network or server trouble). */
  attempts: number;
}

export type OutboxOp =
  | (OpBase & { kind: 'review'; key: string; body: ReviewBody })
  | (OpBase & {
      kind: 'undo';
      key: string;
      reviewId: string;
      /**
       * The rating was sent but never answered (taken out locally): the server may not have it,
       * and then has nothing to undo — that answer is not a failure.
       */
      unsure?: boolean;
    });

export interface OutboxStore {
  add(op: OutboxOp): Promise<OutboxOp>;
  /** A user's operations, oldest first. */
  list(userId: string): Promise<OutboxOp[]>;
  remove(key: string): Promise<void>;
  update(op: OutboxOp): Promise<void>;
}

/** The same store in memory (no IndexedDB here). */
export class MemoryStore implements OutboxStore {
  private ops: OutboxOp[] = [];
  private next = 1;

  add(op: OutboxOp): Promise<OutboxOp> {
    if (this.ops.some((o) => o.key === op.key)) {
      return Promise.reject(new Error(`duplicate outbox key ${op.key}`));
    }
    const stored = { ...op, seq: this.next++ };
    this.ops.push(stored);
    return Promise.resolve({ ...stored });
  }

  list(userId: string): Promise<OutboxOp[]> {
    return Promise.resolve(this.ops.filter((o) => o.userId === userId).map((o) => ({ ...o })));
  }

  remove(key: string): Promise<void> {
    this.ops = this.ops.filter((o) => o.key !== key);
    return Promise.resolve();
  }

  update(op: OutboxOp): Promise<void> {
    this.ops = this.ops.map((o) => (o.seq === op.seq ? { ...op } : o));
    return Promise.resolve();
  }
}

interface OutboxDB extends DBSchema {
  ops: {
    key: number;
    value: OutboxOp;
    indexes: { 'by-key': string; 'by-user': string };
  };
}

export const OUTBOX_DB_NAME = 'aprenda-flashcards';
const OUTBOX_DB_VERSION = 1;

class IndexedDbStore implements OutboxStore {
  private db: Promise<IDBPDatabase<OutboxDB>> | null = null;
  /** Used when the browser refuses to open the database. */
  private fallback: MemoryStore | null = null;

  private open(): Promise<IDBPDatabase<OutboxDB>> {
    this.db ??= openDB<OutboxDB>(OUTBOX_DB_NAME, OUTBOX_DB_VERSION, {
      upgrade(db) {
        const store = db.createObjectStore('ops', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('by-key', 'key', { unique: true });
        store.createIndex('by-user', 'userId');
      },
    });
    return this.db;
  }

  private async usable(): Promise<IDBPDatabase<OutboxDB> | MemoryStore> {
    if (this.fallback) return this.fallback;
    try {
      return await this.open();
    } catch {
      this.fallback = new MemoryStore();
      return this.fallback;
    }
  }

  async add(op: OutboxOp): Promise<OutboxOp> {
    const db = await this.usable();
    if (db instanceof MemoryStore) return db.add(op);
    const { seq: _seq, ...value } = op;
    const seq = await db.add('ops', value as OutboxOp);
    return { ...op, seq };
  }

  async list(userId: string): Promise<OutboxOp[]> {
    const db = await this.usable();
    if (db instanceof MemoryStore) return db.list(userId);
    // Index order is (userId, primary key): oldest first.
    return db.getAllFromIndex('ops', 'by-user', userId);
  }

  async remove(key: string): Promise<void> {
    const db = await this.usable();
    if (db instanceof MemoryStore) return db.remove(key);
    const tx = db.transaction('ops', 'readwrite');
    const seq = await tx.store.index('by-key').getKey(key);
    if (seq !== undefined) await tx.store.delete(seq);
    await tx.done;
  }

  async update(op: OutboxOp): Promise<void> {
    if (op.seq === undefined) return;
    const db = await this.usable();
    if (db instanceof MemoryStore) return db.update(op);
    const tx = db.transaction('ops', 'readwrite');
    // Only if it is still there (another tab may have sent it meanwhile).
    if (await tx.store.get(op.seq)) await tx.store.put(op);
    await tx.done;
  }
}

/** IndexedDB when the browser has it, else memory. */
export function createOutboxStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? new MemoryStore() : new IndexedDbStore();
}
