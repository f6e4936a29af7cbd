import type { PracticeSkill } from '@aprenda/shared/schemas/exercises';
import type { AppContext } from '../../context.ts';
import { teachersOfUserClasses } from '../classes/public.ts';
import { masteries, predictCorrect } from '../learner/public.ts';
import { findSkills } from '../skills/public.ts';
import { selectPoolSkillCounts } from './items.queries.ts';

/**
 * The practice pool's skills and "o que eu mais preciso" (docs/api/exercises.md "Practice"), apart
 * from the answers so that other modules (the "Hoje" screen) can ask without an import cycle.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'secret'>;

export async function poolAuthors(ctx: Ctx, userId: string): Promise<string[]> {
  const teachers = await teachersOfUserClasses(ctx, userId);
  return [...new Set([...teachers, userId])];
}

/** GET /practice/skills: the skills that have items in the caller's pool, with their standing. */
export async function practiceSkills(
  ctx: Ctx,
  userId: string,
  authors?: readonly string[],
): Promise<PracticeSkill[]> {
  authors ??= await poolAuthors(ctx, userId);
  const counts = await selectPoolSkillCounts(ctx.db.db, authors);
  if (counts.length === 0) return [];
  const [skills, standings] = await Promise.all([
    findSkills(
      ctx,
      counts.map((c) => c.skill_id),
    ),
    masteries(ctx.db.db, userId),
  ]);
  const itemsOf = new Map(counts.map((c) => [c.skill_id, c.items]));
  const standingOf = new Map(standings.map((s) => [s.skill_id, s]));
  return skills.map((s) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    items: itemsOf.get(s.id) ?? 0,
    mastery: standingOf.get(s.id) ?? null,
  }));
}

/**
 * "O que eu mais preciso": among the skills with items, the one with the lowest predicted success
 * on an average item (a skill never practised counts as 0.5); on a tie, the one with fewer answers.
 */
export function neediestSkill(skills: PracticeSkill[]): string | null {
  let best: { id: string; success: number; answers: number } | null = null;
  for (const s of skills) {
    const success = s.mastery?.success ?? predictCorrect(0, 0);
    const answers = s.mastery?.answers ?? 0;
    if (
      !best ||
      success < best.success - 1e-9 ||
      (Math.abs(success - best.success) <= 1e-9 && answers < best.answers)
    ) {
      best = { id: s.id, success, answers };
    }
  }
  return best?.id ?? null;
}

/** The skill adaptive practice would pick as "o que eu mais preciso" for the user, or null. */
export async function neededSkill(ctx: Ctx, userId: string): Promise<PracticeSkill | null> {
  const skills = await practiceSkills(ctx, userId);
  const id = neediestSkill(skills);
  return skills.find((s) => s.id === id) ?? null;
}
