import type { StudentToday } from '@aprenda/shared/schemas/metrics';
import type { AppContext } from '../../context.ts';
import { lastConversation } from '../conversations/public.ts';
import { myAssignments, neededSkill } from '../exercises/public.ts';
import { cardsToday } from '../flashcards/public.ts';
import { studyDayKey } from './days.ts';
import { selectDays } from './metrics.queries.ts';
import { streakOf } from './streak.ts';

/** Assignments due within this many days show on "Hoje". */
export const ASSIGNMENTS_SOON_DAYS = 7;

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

/**
 * The student's part of "Hoje" (docs/api/metrics.md): the streak, today's cards over every deck
 * they can study, assignments to hand in soon (open, not submitted, due within 7 days or overdue
 * and still accepted), the skill adaptive practice would pick, the last conversation.
 */
export async function studentToday(
  ctx: Ctx,
  userId: string,
  tz: string | undefined,
): Promise<StudentToday> {
  const now = ctx.clock.now();
  const today = studyDayKey(now, tz ?? 'UTC');
  const [rows, cards, assignments, skill, conversation] = await Promise.all([
    selectDays(ctx.db.db, userId, ''),
    cardsToday(ctx, userId, tz),
    myAssignments(ctx, userId),
    neededSkill(ctx, userId),
    lastConversation(ctx, userId),
  ]);
  const soon = now.getTime() + ASSIGNMENTS_SOON_DAYS * 86_400_000;
  return {
    streak: streakOf(rows, today),
    cards,
    assignments: assignments
      .filter(
        (a) =>
          (a.status === 'todo' || a.status === 'in_progress' || a.status === 'missed') &&
          Date.parse(a.open_at) <= now.getTime() &&
          Date.parse(a.due_at) <= soon,
      )
      .sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at))
      .map((a) => ({
        id: a.id,
        title: a.title,
        class_id: a.class_id,
        class_name: a.class_title,
        due_at: a.due_at,
        overdue: Date.parse(a.due_at) < now.getTime(),
      })),
    practice: skill
      ? { skill_id: skill.id, name: skill.name, level: skill.mastery?.level ?? null }
      : null,
    last_conversation: conversation,
  };
}
