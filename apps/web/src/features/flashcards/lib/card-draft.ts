import { z } from 'zod';
import { CARD_KINDS } from '@aprenda/shared/schemas/flashcards';
import { deviceDrafts } from '@/lib/device-drafts';
import type { CardFormValues } from './card-form';

/**
 * A card being written or edited and not yet saved, kept on this device (lib/device-drafts.ts:
 * per user, deck and card or `new`) while it differs from the saved card: a reload or a closed
 * tab never loses it, and "Novo cartão" (or "Editar") opens with it again. Saving or discarding
 * removes it.
 */
const drafts = deviceDrafts({
  prefix: 'aprenda.flashcards.draft',
  schema: z.object({
    kind: z.enum(CARD_KINDS),
    front: z.string(),
    back: z.string(),
    tags: z.string(),
    skill_id: z.string().nullable(),
  }) satisfies z.ZodType<CardFormValues>,
});

export function cardDraftKey(userId: string, deckId: string, cardId?: string): string {
  return drafts.key(userId, deckId, cardId ?? 'new');
}

export const loadCardDraft = (key: string): CardFormValues | null => drafts.load(key);
export const storeCardDraft = (key: string, values: CardFormValues): void =>
  drafts.store(key, values);
export const clearCardDraft = (key: string): void => drafts.clear(key);

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
