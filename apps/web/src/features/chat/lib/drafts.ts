/** Unsent text is kept per conversation in localStorage, so nothing typed is lost. */
const DRAFT_PREFIX = 'aprenda.draft.';

export function draftKey(conversationId: string): string {
  return `${DRAFT_PREFIX}${conversationId}`;
}

export function loadDraft(conversationId: string, storage: Storage | null = safeStorage()): string {
  try {
    return storage?.getItem(draftKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

/** Save the draft; an empty (or blank) draft removes the entry. */
export function saveDraft(
  conversationId: string,
  text: string,
  storage: Storage | null = safeStorage(),
): void {
  try {
    if (text.trim() === '') storage?.removeItem(draftKey(conversationId));
    else storage?.setItem(draftKey(conversationId), text);
  } catch {
    // storage full or blocked: the text stays in the box
  }
}

export function clearDraft(conversationId: string, storage: Storage | null = safeStorage()): void {
  try {
    storage?.removeItem(draftKey(conversationId));
  } catch {
    // nothing to do
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
