import type { MasteryLevel, SkillMastery } from '@aprenda/shared/schemas/exercises';
import type { Executor } from '../../db/types.ts';
import { masteryLevel, predictCorrect, updateElo } from './elo.ts';
import {
  selectAbilities,
  selectAbility,
  upsertAbility,
  type AbilityRow,
} from './abilities.queries.ts';

/**
 * The learner model's storage: one ability per student per skill (`'*'`, the overall ability, for
 * items without a skill), moved by every graded answer through the formulas of `elo.ts`
 * (docs/learner-model.md). The item's side (its difficulty) is stored by the module that owns the
 * item; this one returns the difficulty's change for it to apply in the same transaction.
 */

/** How many of the last results a skill keeps (mastery looks at them). */
export const RECENT_RESULTS = 5;

export interface Standing {
  ability: number;
  answers: number;
  /** The last results (1 right, 0 wrong; partial credit rounds), newest last. */
  recent: number[];
  level: MasteryLevel | null;
}

const START: Standing = { ability: 0, answers: 0, recent: [], level: null };

function parseRecent(json: string): number[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function standingOf(row: AbilityRow | undefined): Standing {
  if (!row) return START;
  return {
    ability: Number(row.ability),
    answers: Number(row.answer_count),
    recent: parseRecent(row.recent),
    level: (row.level as MasteryLevel | null) ?? null,
  };
}

/** Predicted success on an item of average difficulty (0): what the mastery panel shows. */
function masteryOf(skillId: string, s: Standing): SkillMastery {
  return {
    skill_id: skillId,
    level: s.level,
    ability: s.ability,
    answers: s.answers,
    success: predictCorrect(s.ability, 0),
  };
}

export async function standingIn(
  db: Executor,
  userId: string,
  skillKey: string,
): Promise<Standing> {
  return standingOf(await selectAbility(db, userId, skillKey));
}

/** The student's standing in every skill they answered. */
export async function masteries(db: Executor, userId: string): Promise<SkillMastery[]> {
  const rows = await selectAbilities(db, userId);
  return rows.map((row) => masteryOf(row.skill_id, standingOf(row)));
}

export interface AppliedAnswer {
  abilityBefore: number;
  abilityAfter: number;
  /** What the item's difficulty moves by (the caller stores it). */
  difficultyDelta: number;
  mastery: SkillMastery;
  previousLevel: MasteryLevel | null;
}

/**
 * One graded answer (`score` 0–1) of `userId` to an item of `skillKey`: the ability and the
 * item's difficulty move by the Elo update, the recent results and the mastery level follow.
 * Run inside the answer's transaction (`db` is it).
 */
export async function applyAnswer(
  db: Executor,
  userId: string,
  skillKey: string,
  item: { difficulty: number; answers: number; guess: number },
  score: number,
  now: string,
): Promise<AppliedAnswer> {
  const before = await standingIn(db, userId, skillKey);
  const update = updateElo({
    ability: before.ability,
    abilityAnswers: before.answers,
    difficulty: item.difficulty,
    itemAnswers: item.answers,
    correct: score,
    guess: item.guess,
  });
  const recent = [...before.recent, score >= 0.999 ? 1 : 0].slice(-RECENT_RESULTS);
  const answers = before.answers + 1;
  const level = masteryLevel({
    ability: update.ability,
    answers,
    recentCorrect: recent.reduce((a, b) => a + b, 0),
    recentCount: recent.length,
  });
  await upsertAbility(db, {
    user_id: userId,
    skill_id: skillKey,
    ability: update.ability,
    answer_count: answers,
    recent: JSON.stringify(recent),
    level,
    updated_at: now,
  });
  return {
    abilityBefore: before.ability,
    abilityAfter: update.ability,
    difficultyDelta: update.difficulty - item.difficulty,
    mastery: masteryOf(skillKey, { ability: update.ability, answers, recent, level }),
    previousLevel: before.level,
  };
}
