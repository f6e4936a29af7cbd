import type { ItemResponse } from '@aprenda/shared/schemas/exercises';
import { isResponse } from './assignments-pending';

/**
 * The practice answer typed or picked and not sent yet, kept for the tab (sessionStorage) so that
 * a reload does not lose it: the same question comes back (the pick is the same while it is
 * unanswered) and gets its answer again. One draft at a time; another question drops it.
 */

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const PRACTICE_DRAFT_KEY = 'aprenda:practice-draft';

export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The draft of `itemId`, or null (none, another question's, or unreadable). */
export function readPracticeDraft(storage: Storage | null, itemId: string): ItemResponse | null {
  try {
    const raw = storage?.getItem(PRACTICE_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { itemId?: unknown; response?: unknown } | null;
    return parsed?.itemId === itemId && isResponse(parsed.response) ? parsed.response : null;
  } catch {
    return null;
  }
}

/** Keep `response` as the draft of `itemId` (no response: the draft goes). */
export function writePracticeDraft(
  storage: Storage | null,
  itemId: string,
  response: ItemResponse | null,
): void {
  try {
    if (response) storage?.setItem(PRACTICE_DRAFT_KEY, JSON.stringify({ itemId, response }));
    else storage?.removeItem(PRACTICE_DRAFT_KEY);
  } catch {
    // storage full or refused: the answer stays on the screen all the same
  }
}
