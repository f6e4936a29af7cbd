import type { z } from 'zod';

/**
 * Unsaved work kept on this device (localStorage) so that a reload, the browser's Back, a closed
 * tab or a failed save never loses what the user typed: a card, a question, a diagram being
 * written. One store per kind of draft, each slot named by the user and the record (or `new`).
 *
 * - A slot holds `{ at, value }`; what it reads back is checked against the kind's schema (a slot
 *   written by another version of the app, or by hand, is no draft and is emptied).
 * - Drafts do not pile up on a shared school computer: per user, only the newest `max` slots of a
 *   kind are kept and none older than `maxAgeMs`; signing out removes them all (lib/device-data.ts
 *   clears every key that starts with `aprenda`).
 * - Storage that is full, blocked or missing is no error: the form still holds the text.
 */
export interface DeviceDrafts<T> {
  /** The slot of `userId`'s draft of one record: `parts` name it (a deck and a card, say). */
  key(userId: string, ...parts: string[]): string;
  /** The draft in `key`, or null (none, too old or unreadable: such a slot is emptied). */
  load(key: string, now?: number): T | null;
  /** Keep `value` in `key`; the user's oldest slots of this kind beyond `max` go. */
  store(key: string, value: T, now?: number): void;
  clear(key: string): void;
}

export interface DeviceDraftsOptions<S extends z.ZodType> {
  /** The kind's key prefix, e.g. `aprenda.flashcards.draft` (always starting with `aprenda`). */
  prefix: string;
  /** What a draft must look like to be offered back. */
  schema: S;
  /** Newest slots kept per user (default 20). */
  max?: number;
  /** Oldest draft kept, in ms (default 30 days). */
  maxAgeMs?: number;
}

export const DEVICE_DRAFTS_MAX = 20;
export const DEVICE_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function deviceDrafts<S extends z.ZodType>(
  options: DeviceDraftsOptions<S>,
): DeviceDrafts<z.output<S>> {
  type T = z.output<S>;
  const { prefix, schema } = options;
  if (!prefix.startsWith('aprenda')) throw new Error(`draft prefix outside aprenda.*: ${prefix}`);
  const max = options.max ?? DEVICE_DRAFTS_MAX;
  const maxAgeMs = options.maxAgeMs ?? DEVICE_DRAFT_MAX_AGE_MS;

  /** The slot's time and value, or null when it holds no valid draft. */
  const read = (store: Storage, key: string): { at: number; value: T } | null => {
    try {
      const raw = store.getItem(key);
      if (!raw) return null;
      const entry = JSON.parse(raw) as { at?: unknown; value?: unknown; values?: unknown };
      if (typeof entry.at !== 'number') {
        // Written before drafts were dated (cards): the value itself, taken as fresh.
        const bare = schema.safeParse(entry);
        return bare.success ? { at: Date.now(), value: bare.data } : null;
      }
      // `values`: questions' drafts before this store.
      const parsed = schema.safeParse(entry.value ?? entry.values);
      return parsed.success ? { at: entry.at, value: parsed.data } : null;
    } catch {
      return null;
    }
  };

  /** The user's part of a key: the prefix and the user id (ids hold no dot). */
  const userScope = (key: string) => {
    const end = key.indexOf('.', prefix.length + 1);
    return end === -1 ? key : key.slice(0, end + 1);
  };

  const prune = (store: Storage, scope: string, now: number) => {
    try {
      const slots: { key: string; at: number }[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key?.startsWith(scope)) slots.push({ key, at: read(store, key)?.at ?? 0 });
      }
      slots.sort((a, b) => b.at - a.at);
      for (const [i, slot] of slots.entries()) {
        if (i >= max || now - slot.at > maxAgeMs) store.removeItem(slot.key);
      }
    } catch {
      // storage blocked: nothing to prune
    }
  };

  const clear = (key: string) => {
    try {
      localStore()?.removeItem(key);
    } catch {
      // nothing to clear
    }
  };

  return {
    key: (userId, ...parts) => [prefix, userId, ...parts].join('.'),
    load(key, now = Date.now()) {
      const store = localStore();
      if (!store) return null;
      const entry = read(store, key);
      if (!entry || now - entry.at > maxAgeMs) {
        clear(key);
        return null;
      }
      return entry.value;
    },
    store(key, value, now = Date.now()) {
      const store = localStore();
      if (!store) return;
      try {
        store.setItem(key, JSON.stringify({ at: now, value }));
      } catch {
        // storage full or blocked: the form still holds what was typed
      }
      prune(store, userScope(key), now);
    },
    clear,
  };
}
