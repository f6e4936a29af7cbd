import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';

/** Everything Aprenda keeps on a device starts with this (drafts, unsent answers, outboxes). */
const PREFIX = 'aprenda';

/**
 * After signing out, or once an account is deleted, nothing of it stays on this device (a shared
 * school computer: the next student must not find the last one's unsaved diagram or unsent
 * answers): drafts and unsent answers in localStorage and sessionStorage, and the whiteboard's
 * outbox in IndexedDB. The chosen language stays: it belongs to the device, not the account.
 * A session that merely expired keeps them (`forgetSession` alone): the same person signs in again
 * and finds their work.
 */
export async function forgetDeviceData(): Promise<void> {
  for (const storage of [safe(() => window.localStorage), safe(() => window.sessionStorage)]) {
    if (!storage) continue;
    try {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key?.startsWith(PREFIX) && key !== LANGUAGE_STORAGE_KEY) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
    } catch {
      // storage blocked: nothing was kept there either
    }
  }
  try {
    const databases = (await globalThis.indexedDB?.databases?.()) ?? [];
    for (const { name } of databases) {
      if (name?.startsWith(PREFIX)) globalThis.indexedDB.deleteDatabase(name);
    }
  } catch {
    // no IndexedDB (some private modes): the outbox lived in memory
  }
}

function safe<T>(get: () => T): T | null {
  try {
    return get();
  } catch {
    return null;
  }
}
