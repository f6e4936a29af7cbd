/**
 * Navigation state of a conversation just created ("Criar" in "Nova conversa"): its message box
 * takes focus once it shows (conversation-view.tsx), since the dialog and the button that opened
 * it are gone.
 */
export const FOCUS_COMPOSER_STATE = { focusComposer: true } as const;

export function wantsComposerFocus(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { focusComposer?: unknown }).focusComposer === true
  );
}
