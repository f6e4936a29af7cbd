import { openDB, type IDBPDatabase } from 'idb';
import type { BoardScene } from '@aprenda/shared/schemas/boards';

/**
 * Scenes that could not reach the server (no connection), kept in this device's IndexedDB until
 * they are sent: one entry per board (the newest scene replaces the older one). A reload or a
 * closed tab keeps them; without IndexedDB (some private modes) they live in memory.
 */
export interface PendingScene {
  boardId: string;
  /** Whose board session saved it: only that user's session sends it. */
  userId: string;
  /** The version the scene was based on. */
  version: number;
  scene: BoardScene;
  signature: string;
  savedAt: number;
}

export interface SceneOutbox {
  get(boardId: string): Promise<PendingScene | undefined>;
  put(entry: PendingScene): Promise<void>;
  delete(boardId: string): Promise<void>;
  /** How many boards of `userId` wait here (signing out asks before they are lost). */
  count(userId: string): Promise<number>;
}

export class MemoryOutbox implements SceneOutbox {
  private readonly entries = new Map<string, PendingScene>();
  get(boardId: string) {
    return Promise.resolve(this.entries.get(boardId));
  }
  put(entry: PendingScene) {
    this.entries.set(entry.boardId, structuredClone(entry));
    return Promise.resolve();
  }
  delete(boardId: string) {
    this.entries.delete(boardId);
    return Promise.resolve();
  }
  count(userId: string) {
    return Promise.resolve([...this.entries.values()].filter((e) => e.userId === userId).length);
  }
}

const DB_NAME = 'aprenda-whiteboard';
const STORE = 'pending-scenes';

class IdbOutbox implements SceneOutbox {
  private db: Promise<IDBPDatabase> | null = null;
  private open() {
    this.db ??= openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore(STORE, { keyPath: 'boardId' });
      },
    });
    return this.db;
  }
  async get(boardId: string) {
    return (await (await this.open()).get(STORE, boardId)) as PendingScene | undefined;
  }
  async put(entry: PendingScene) {
    await (await this.open()).put(STORE, entry);
  }
  async delete(boardId: string) {
    await (await this.open()).delete(STORE, boardId);
  }
  async count(userId: string) {
    const all = (await (await this.open()).getAll(STORE)) as PendingScene[];
    return all.filter((e) => e.userId === userId).length;
  }
}

let shared: SceneOutbox | null = null;

/** The device's outbox: IndexedDB when there is one, else memory. */
export function sceneOutbox(): SceneOutbox {
  shared ??= typeof indexedDB === 'undefined' ? new MemoryOutbox() : new IdbOutbox();
  return shared;
}
