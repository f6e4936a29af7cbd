import type { DiagramDraft } from './diagram-form';

/**
 * Unsaved work on this device: what the editor holds is written to localStorage (per diagram, or
 * `new`) while it differs from the saved version, and removed once saved — a failed save, a
 * closed tab or a reload never loses what the user typed.
 */
const PREFIX = 'aprenda.diagrams.draft.';

export function loadDraft(key: string): DiagramDraft | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DiagramDraft>;
    if (
      typeof value.title === 'string' &&
      typeof value.description === 'string' &&
      typeof value.code === 'string'
    ) {
      return { title: value.title, description: value.description, code: value.code };
    }
  } catch {
    // storage blocked or unreadable: no draft
  }
  return null;
}

export function storeDraft(key: string, draft: DiagramDraft): void {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the editor still holds the text
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to clear
  }
}

export function sameDraft(a: DiagramDraft, b: DiagramDraft): boolean {
  return a.title === b.title && a.description === b.description && a.code === b.code;
}
