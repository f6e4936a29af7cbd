import { z } from 'zod';
import { deviceDrafts } from '@/lib/device-drafts';
import type { DiagramDraft } from './diagram-form';

/**
 * Unsaved work on this device (lib/device-drafts.ts): what the editor holds is kept per user and
 * diagram (or `new`) while it differs from the saved version, and removed once saved — a failed
 * save, a closed tab or a reload never loses what the user typed.
 */
const drafts = deviceDrafts({
  prefix: 'aprenda.diagrams.draft',
  schema: z.object({
    title: z.string(),
    description: z.string(),
    code: z.string(),
  }) satisfies z.ZodType<DiagramDraft>,
});

/** The slot of `userId`'s draft of diagram `diagramId` (or of a new one). */
export const diagramDraftKey = (userId: string, diagramId: string): string =>
  drafts.key(userId, diagramId);
export const loadDraft = (key: string): DiagramDraft | null => drafts.load(key);
export const storeDraft = (key: string, draft: DiagramDraft): void => drafts.store(key, draft);
export const clearDraft = (key: string): void => drafts.clear(key);

export function sameDraft(a: DiagramDraft, b: DiagramDraft): boolean {
  return a.title === b.title && a.description === b.description && a.code === b.code;
}
