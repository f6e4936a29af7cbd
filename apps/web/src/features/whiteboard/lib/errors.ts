import type { TFunction } from 'i18next';
import { ApiError, errorCode, errorMessage } from '@/lib/errors';

/**
 * A failure of the whiteboard as one translated sentence: the app's `errors:<code>` (the board
 * limits, conflicts and invalid scenes are worded there, packages/shared/src/errors.ts).
 */
export function boardErrorText(t: TFunction, failure: unknown): string {
  return errorMessage(t, failure);
}

/** No answer at all (status 0): the network is down, so the scene waits in this device. */
export function isOffline(failure: unknown): boolean {
  if (failure instanceof ApiError) return failure.status === 0;
  return failure instanceof TypeError;
}

/** A save based on a version that is no longer the stored one (409). */
export function isConflict(failure: unknown): boolean {
  return errorCode(failure) === 'board_version_conflict';
}

/** The board is no longer there (404 `not_found`): deleted in another tab, or by its owner. */
export function isGone(failure: unknown): boolean {
  return errorCode(failure) === 'not_found';
}
