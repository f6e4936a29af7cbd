import type { ItemResponse } from '@aprenda/shared/schemas/exercises';

/**
 * No answer lost (issue 13): an answer goes into localStorage (one key per attempt) before it is
 * sent, and leaves only when the server confirmed it; what waits is sent again with the same
 * client id (the server counts it once). One answer waits per item: a newer answer to the same
 * item (feedback after the due date) replaces it.
 */

export interface PendingAnswer {
  /** The client's id, made once per answer. */
  id: string;
  item_id: string;
  response: ItemResponse;
  duration_ms: number;
}

/** Waiting answers by item id. */
export type PendingMap = Record<string, PendingAnswer>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PENDING_PREFIX = 'aprenda:attempt-answers:';
const LAST_ATTEMPT_PREFIX = 'aprenda:assignment-last-attempt:';

export function pendingKey(attemptId: string): string {
  return `${PENDING_PREFIX}${attemptId}`;
}

/** The browser's localStorage, or null where it cannot be used (private modes, tests). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Whether a stored value is an answer of one of the shapes the server takes. */
export function isResponse(value: unknown): value is ItemResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.choice === 'string') return true;
  if (Array.isArray(v.choices)) return v.choices.every((c) => typeof c === 'string');
  return typeof v.value === 'string';
}

function isPending(value: unknown): value is PendingAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.item_id === 'string' &&
    typeof v.duration_ms === 'number' &&
    isResponse(v.response)
  );
}

/** The answers waiting for an attempt (anything unreadable is left out). */
export function readPending(storage: Storage | null, attemptId: string): PendingMap {
  try {
    const raw = storage?.getItem(pendingKey(attemptId));
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: PendingMap = {};
    for (const value of Object.values(parsed as Record<string, unknown>)) {
      if (isPending(value)) out[value.item_id] = value;
    }
    return out;
  } catch {
    return {};
  }
}

/** Store the waiting answers (the key goes when none is left). */
export function writePending(storage: Storage | null, attemptId: string, map: PendingMap): void {
  try {
    if (Object.keys(map).length === 0) storage?.removeItem(pendingKey(attemptId));
    else storage?.setItem(pendingKey(attemptId), JSON.stringify(map));
  } catch {
    // A full or blocked storage: the answer still waits in memory.
  }
}

/** The map with `answer` waiting (replacing an older answer to the same item). */
export function withPending(map: PendingMap, answer: PendingAnswer): PendingMap {
  return { ...map, [answer.item_id]: answer };
}

/** The map without the answer `answerId` (a newer answer to the item stays). */
export function withoutPending(map: PendingMap, answerId: string): PendingMap {
  const out: PendingMap = {};
  for (const [itemId, answer] of Object.entries(map)) {
    if (answer.id !== answerId) out[itemId] = answer;
  }
  return out;
}

/** The oldest waiting answer, or null. */
export function nextPending(map: PendingMap): PendingAnswer | null {
  return Object.values(map)[0] ?? null;
}

/**
 * Whether a failed send may succeed later: no answer (offline), a timeout, a rate limit, a lapsed
 * session or the server in trouble. Any other answer will not change: the answer is dropped.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const s = typeof status === 'number' ? status : 0;
  return s === 0 || s === 401 || s === 408 || s === 429 || s >= 500;
}

/** The last attempt the student handed in for an assignment (to show its result again). */
export function rememberLastAttempt(
  storage: Storage | null,
  assignmentId: string,
  attemptId: string,
): void {
  try {
    storage?.setItem(`${LAST_ATTEMPT_PREFIX}${assignmentId}`, attemptId);
  } catch {
    // not remembered: the screen shows the best score only
  }
}

export function lastAttempt(storage: Storage | null, assignmentId: string): string | null {
  try {
    return storage?.getItem(`${LAST_ATTEMPT_PREFIX}${assignmentId}`) ?? null;
  } catch {
    return null;
  }
}
