import {
  MASTERY_LEVELS,
  type GradedResult,
  type MasteryLevel,
  type PracticeSkill,
  type PublicItem,
  type SkillHistoryEntry,
  type SkillMastery,
} from '@aprenda/shared/schemas/exercises';

/** How a skill's level moved with one answer. */
export type LevelChange = 'up' | 'down' | 'same';

function rank(level: MasteryLevel | null): number {
  return level === null ? -1 : MASTERY_LEVELS.indexOf(level);
}

export function levelChange(before: MasteryLevel | null, after: MasteryLevel | null): LevelChange {
  const diff = rank(after) - rank(before);
  return diff > 0 ? 'up' : diff < 0 ? 'down' : 'same';
}

/** A 0–1 share as a whole percentage, clamped (for the bars and their text). */
export function percent(share: number): number {
  if (!Number.isFinite(share)) return 0;
  return Math.round(Math.min(1, Math.max(0, share)) * 100);
}

/** Which way an answer moved the ability ("por que mudou?"). */
export function abilityDirection(entry: SkillHistoryEntry): LevelChange {
  const diff = entry.ability_after - entry.ability_before;
  return Math.abs(diff) < 1e-9 ? 'same' : diff > 0 ? 'up' : 'down';
}

/** The skills list with one skill's standing replaced (after an answer). */
export function withMastery(
  skills: PracticeSkill[] | undefined,
  mastery: SkillMastery,
): PracticeSkill[] | undefined {
  return skills?.map((skill) => (skill.id === mastery.skill_id ? { ...skill, mastery } : skill));
}

/** The correct answer to show: the texts of the right choices, or the value (maths in $…$). */
export type CorrectAnswer = { kind: 'choices'; texts: string[] } | { kind: 'value'; text: string };

export function correctAnswer(item: PublicItem, result: GradedResult): CorrectAnswer {
  const answer = result.correct_answer;
  if ('choices' in answer) {
    const texts = answer.choices.map((id) => item.choices.find((c) => c.id === id)?.text ?? id);
    return { kind: 'choices', texts };
  }
  if (item.kind === 'expression') return { kind: 'value', text: `$${answer.value}$` };
  return { kind: 'value', text: answer.value };
}

/** The picked choices' feedback with each choice's text (choice items; empty feedback left out). */
export function choiceFeedback(
  item: PublicItem,
  result: GradedResult,
): { choiceId: string; choice: string; text: string; misconception: string }[] {
  return result.feedback
    .filter((f) => f.text.trim() !== '' || f.misconception.trim() !== '')
    .map((f) => ({
      choiceId: f.choice_id,
      choice: item.choices.find((c) => c.id === f.choice_id)?.text ?? '',
      text: f.text,
      misconception: f.misconception,
    }));
}

/** Partial credit worth saying: a score strictly between nothing and everything. */
export function partialScore(result: GradedResult): number | null {
  return !result.correct && result.score > 0 && result.score < 1 ? percent(result.score) : null;
}
