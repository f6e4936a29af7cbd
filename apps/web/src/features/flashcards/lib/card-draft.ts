import type { CardFormValues } from './card-form';

/**
 * A card being written or edited and not yet saved, kept on this device (localStorage, per user,
 * deck and card or `new`) while it differs from the saved card: a reload or a closed tab never
 * loses it, and "Novo cartão" (or "Editar") opens with it again. Saving or discarding removes it.
 */
const PREFIX = 'aprenda.flashcards.draft.';

export function cardDraftKey(userId: string, deckId: string, cardId?: string): string {
  return `${PREFIX}${userId}.${deckId}.${cardId ?? 'new'}`;
}

export function loadCardDraft(key: string): CardFormValues | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CardFormValues>;
    if (
      (v.kind === 'basic' || v.kind === 'cloze') &&
      typeof v.front === 'string' &&
      typeof v.back === 'string' &&
      typeof v.tags === 'string' &&
      (v.skill_id === null || typeof v.skill_id === 'string')
    ) {
      return { kind: v.kind, front: v.front, back: v.back, tags: v.tags, skill_id: v.skill_id };
    }
  } catch {
    // storage blocked or unreadable: no draft
  }
  return null;
}

export function storeCardDraft(key: string, values: CardFormValues): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // storage full or blocked: the form still holds the text
  }
}

export function clearCardDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/** Whether two forms hold the same card (a draft equal to the saved card is no draft). */
export function sameCard(a: CardFormValues, b: CardFormValues): boolean {
  return (
    a.kind === b.kind &&
    a.front === b.front &&
    a.back === b.back &&
    a.tags === b.tags &&
    a.skill_id === b.skill_id
  );
}
