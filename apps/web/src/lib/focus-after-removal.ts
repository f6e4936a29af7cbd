import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { focusIsLost } from './focus-lost';

/**
 * For a confirmation whose action takes its opener away (a deleted row and its button): on close
 * the dialog gives focus back to that button, which is gone, and focus falls to <body> (the next
 * Tab restarts at the top of the page, a screen reader says nothing). Call `markRemoved()` when
 * the action succeeds, before closing; the dialog's `onCloseAutoFocus` then sends focus to
 * `target()` instead (a heading needs `tabIndex={-1}`). Without a target (the whole page goes
 * and the next one takes focus, see `FOCUS_HEADING`) it only keeps the dialog from moving focus.
 * A cancel or a failure keeps the default.
 */
export function useFocusAfterRemoval(target?: () => HTMLElement | null | undefined) {
  const removed = useRef(false);
  return {
    markRemoved: () => {
      removed.current = true;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!removed.current) return;
      removed.current = false;
      event.preventDefault();
      // Only focus that was lost is given a place: if the user has already moved on (a menu
      // opened, a field clicked) while the dialog was closing, it stays where they put it.
      if (focusIsLost()) target?.()?.focus();
    },
  };
}

/**
 * Navigation state for leaving a page whose item was just deleted from inside it:
 * `navigate(listPath, { state: FOCUS_HEADING })`. The list page calls `useFocusHeadingOnArrival`.
 */
export const FOCUS_HEADING = { focusHeading: true } as const;

/** Focuses `ref` (the page's h1, `tabIndex={-1}`) when arriving with `FOCUS_HEADING`. */
export function useFocusHeadingOnArrival(ref: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const arrived = (location.state as { focusHeading?: unknown } | null)?.focusHeading === true;
  useEffect(() => {
    if (arrived) ref.current?.focus();
  }, [arrived, location.key, ref]);
}
