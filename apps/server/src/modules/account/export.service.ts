import type { AppContext } from '../../context.ts';
import { selectBoardsForExport } from '../boards/public.ts';
import { selectMembershipsForExport } from '../classes/public.ts';
import { selectConversationsForExport } from '../conversations/public.ts';
import { selectDiagramsForExport } from '../diagrams/public.ts';
import { selectExercisesForExport } from '../exercises/public.ts';
import { selectFlashcardsForExport } from '../flashcards/public.ts';
import { selectAbilitiesForExport } from '../learner/public.ts';
import { selectMediaForExport } from '../media/public.ts';
import { recordsExport } from '../records/public.ts';

/** The version of the export's shape (docs/api/account.md); bumped when a field changes meaning. */
export const EXPORT_VERSION = 1;

/**
 * "Baixar meus dados" (LGPD art. 18: access and portability; decision 0051): everything the
 * account holds, as one JSON document, each part read by the module that owns it. Not in it: the
 * password and sessions, AI keys whole (masked only), images' bytes (listed), what other people
 * wrote (a class's shared decks, other members).
 */
export async function accountExport(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string) {
  const db = ctx.db.db;
  const records = await recordsExport(ctx, userId);
  return {
    format: 'aprenda-export',
    version: EXPORT_VERSION,
    exported_at: ctx.clock.now().toISOString(),
    account: records.account,
    classes: await selectMembershipsForExport(db, userId),
    conversations: await selectConversationsForExport(db, userId),
    flashcards: await selectFlashcardsForExport(db, userId),
    exercises: await selectExercisesForExport(db, userId),
    skills: await selectAbilitiesForExport(db, userId),
    boards: await selectBoardsForExport(db, userId),
    diagrams: await selectDiagramsForExport(db, userId),
    media: await selectMediaForExport(db, userId),
    actions: records.actions,
    api_keys: records.api_keys,
  };
}
