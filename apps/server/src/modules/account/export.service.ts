import type { AppContext } from '../../context.ts';
import { selectBoardsForExport } from '../boards/public.ts';
import { selectMembershipsForExport } from '../classes/public.ts';
import { selectConversationsForExport } from '../conversations/public.ts';
import { selectDiagramsForExport } from '../diagrams/public.ts';
import { selectExercisesForExport, selectTaughtAssignmentsForExport } from '../exercises/public.ts';
import { selectFlashcardsForExport } from '../flashcards/public.ts';
import { selectAbilitiesForExport } from '../learner/public.ts';
import { selectMediaForExport } from '../media/public.ts';
import { recordsExport } from '../records/public.ts';

/**
 * The version of the export's shape (docs/api/account.md): bumped when a field changes meaning or
 * goes away, not when one is added (the classes' description, code, events… came in version 1).
 */
export const EXPORT_VERSION = 1;

/**
 * "Baixar meus dados" (LGPD art. 18: access and portability; decision 0051): everything the
 * account holds, as one JSON document, each part read by the module that owns it. Not in it: the
 * password and sessions, AI keys whole (masked only), images' bytes (listed), invites' tokens,
 * what other people wrote (a class's shared decks, other members) — but for a class the user
 * teaches, what they manage with its other teachers (code, events, open invites, assignments).
 */
export async function accountExport(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string) {
  const db = ctx.db.db;
  const records = await recordsExport(ctx, userId);
  const exportedAt = ctx.clock.now().toISOString();
  return {
    format: 'aprenda-export',
    version: EXPORT_VERSION,
    exported_at: exportedAt,
    account: records.account,
    classes: await classesExport(db, userId, exportedAt),
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

/** The user's classes (classes module) with, under each one they teach, its assignments (exercises). */
async function classesExport(db: AppContext['db']['db'], userId: string, nowIso: string) {
  const classes = await selectMembershipsForExport(db, userId, nowIso);
  const byClass = new Map<string, Array<Omit<TaughtAssignment, 'class_id'>>>();
  for (const { class_id: classId, ...assignment } of await selectTaughtAssignmentsForExport(
    db,
    userId,
  )) {
    const list = byClass.get(classId);
    if (list) list.push(assignment);
    else byClass.set(classId, [assignment]);
  }
  return classes.map((c) =>
    'code' in c ? { ...c, assignments: byClass.get(c.class_id) ?? [] } : c,
  );
}

type TaughtAssignment = Awaited<ReturnType<typeof selectTaughtAssignmentsForExport>>[number];
