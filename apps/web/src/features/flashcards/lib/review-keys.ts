/**
 * The review screen's keys, as Anki users expect them: Space (or Enter) shows the answer; once it
 * shows, 1–4 rate (De novo, Difícil, Bom, Fácil) and Space or Enter rate "Bom"; Z undoes the last
 * rating. Keys typed into a field, held down (auto-repeat) or pressed with Ctrl, Alt or ⌘ are left
 * alone, and so are Space and Enter on a focused button or link (the browser presses that button;
 * acting here too would do it twice).
 */

export type Rating = 1 | 2 | 3 | 4;

export type ReviewAction = { type: 'flip' } | { type: 'rate'; rating: Rating } | { type: 'undo' };

/** What the handler needs of a KeyboardEvent. */
export interface KeyLike {
  key: string;
  code?: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}

const RATING_KEYS: Record<string, Rating> = { '1': 1, '2': 2, '3': 3, '4': 4 };

function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return (
    el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null
  );
}

function isPressable(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], [role="button"], summary') !== null;
}

/** The action a key press asks for on the review screen, or null to let it through. */
export function reviewKeyAction(event: KeyLike, answerShown: boolean): ReviewAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.repeat) return null;
  if (isTypingTarget(event.target)) return null;
  const key = event.key;
  if (key === ' ' || key === 'Spacebar' || key === 'Enter') {
    if (isPressable(event.target)) return null;
    return answerShown ? { type: 'rate', rating: 3 } : { type: 'flip' };
  }
  // Digits from the main row or the numeric keypad.
  const digit = /^Numpad([1-4])$/.exec(event.code ?? '')?.[1] ?? key;
  const rating = RATING_KEYS[digit];
  if (rating) return answerShown ? { type: 'rate', rating } : null;
  if (key === 'z' || key === 'Z') return { type: 'undo' };
  return null;
}
