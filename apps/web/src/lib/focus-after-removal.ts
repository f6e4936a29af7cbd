import { useRef } from 'react';

/**
 * For a confirmation whose action takes its opener away (a deleted row and its button): on close
 * the dialog gives focus back to that button, which is gone, and focus falls to <body> (the next
 * Tab restarts at the top of the page, a screen reader says nothing). Call `markRemoved()` when
 * the action succeeds, before closing; the dialog's `onCloseAutoFocus` then sends focus to
 * `target()` instead (a heading needs `tabIndex={-1}`). A cancel or a failure keeps the default.
 */
export function useFocusAfterRemoval(target: () => HTMLElement | null | undefined) {
  const removed = useRef(false);
  return {
    markRemoved: () => {
      removed.current = true;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!removed.current) return;
      removed.current = false;
      event.preventDefault();
      target()?.focus();
    },
  };
}
