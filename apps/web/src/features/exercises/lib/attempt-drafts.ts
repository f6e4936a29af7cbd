import type { ItemResponse } from '@aprenda/shared/schemas/exercises';
import { isAnswerComplete } from './answer';
import { sameResponse, type AttemptItem } from './assignments-attempt';
import { isResponse, type PendingMap } from './assignments-pending';

/**
 * What a student typed or picked and has not sent with "Responder" yet (a draft), kept on the
 * device per attempt so that a reload, a closed tab or a flat battery loses nothing — and sent with
 * the hand-in, so that an answer on the screen is never graded as blank.
 */

export interface AttemptDraft {
  response: ItemResponse;
  /** Time on the question until the last change (sent as the answer's duration). */
  duration_ms: number;
}

/** Drafts by item id. */
export type DraftMap = Record<string, AttemptDraft>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const DRAFTS_PREFIX = 'aprenda:attempt-drafts:';

export function draftsKey(attemptId: string): string {
  return `${DRAFTS_PREFIX}${attemptId}`;
}

/** The drafts kept for an attempt (anything unreadable is left out). */
export function readDrafts(storage: Storage | null, attemptId: string): DraftMap {
  try {
    const raw = storage?.getItem(draftsKey(attemptId));
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: DraftMap = {};
    for (const [itemId, value] of Object.entries(parsed as Record<string, unknown>)) {
      const v = value as Partial<AttemptDraft> | null;
      if (v && isResponse(v.response) && typeof v.duration_ms === 'number') {
        out[itemId] = { response: v.response, duration_ms: v.duration_ms };
      }
    }
    return out;
  } catch {
    return {};
  }
}

/** Keep the drafts (the key goes when none is left). */
export function writeDrafts(storage: Storage | null, attemptId: string, drafts: DraftMap): void {
  try {
    if (Object.keys(drafts).length === 0) storage?.removeItem(draftsKey(attemptId));
    else storage?.setItem(draftsKey(attemptId), JSON.stringify(drafts));
  } catch {
    // A full or blocked storage: the draft stays on the screen only.
  }
}

/**
 * The drafts a hand-in sends, in the attempt's order: complete answers that differ from the one
 * already given, on questions still open (with feedback at once, an answered question is final).
 */
export function draftsToSend(
  items: readonly AttemptItem[],
  drafts: Record<string, ItemResponse | null>,
  responses: Record<string, ItemResponse | null>,
  immediate: boolean,
): AttemptItem[] {
  return items.filter((entry) => {
    const id = entry.item.id;
    if (!(id in drafts)) return false;
    const draft = drafts[id] ?? null;
    const saved = responses[id] ?? null;
    if (immediate && saved !== null) return false;
    return isAnswerComplete(entry.item, draft) && !sameResponse(draft, saved);
  });
}

/** The 1-based numbers of the questions with no answer, given or about to be sent. */
export function unansweredNumbers(
  items: readonly AttemptItem[],
  pending: PendingMap,
  confirmed: Record<string, ItemResponse | null>,
  sending: readonly AttemptItem[],
): number[] {
  const sent = new Set(sending.map((entry) => entry.item.id));
  const numbers: number[] = [];
  items.forEach((entry, i) => {
    const id = entry.item.id;
    const given = pending[id]?.response ?? confirmed[id] ?? null;
    if (given === null && !sent.has(id)) numbers.push(i + 1);
  });
  return numbers;
}
