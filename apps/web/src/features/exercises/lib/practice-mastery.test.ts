import { describe, expect, it } from 'vitest';
import type { GradedResult, PracticeSkill, PublicItem } from '@aprenda/shared/schemas/exercises';
import {
  abilityDirection,
  choiceFeedback,
  correctAnswer,
  levelChange,
  partialScore,
  percent,
  withMastery,
} from './practice-mastery';
import { needPath, practiceTarget, skillPath } from './practice-paths';

const choiceItem: PublicItem = {
  id: 'i1',
  kind: 'single',
  stem: 'Qual?',
  choices: [
    { id: 'a', text: 'Um' },
    { id: 'b', text: 'Dois' },
  ],
  skill_id: 's1',
};
const result = (over: Partial<GradedResult>): GradedResult => ({
  correct: false,
  score: 0,
  feedback: [],
  explanation: '',
  correct_answer: { choices: ['b'] },
  ...over,
});

describe('levels', () => {
  it('orders the levels, null below all', () => {
    expect(levelChange(null, 'attempted')).toBe('up');
    expect(levelChange('familiar', 'proficient')).toBe('up');
    expect(levelChange('proficient', 'familiar')).toBe('down');
    expect(levelChange('mastered', 'mastered')).toBe('same');
  });

  it('turns shares into whole, clamped percentages', () => {
    expect(percent(0.644)).toBe(64);
    expect(percent(1.2)).toBe(100);
    expect(percent(-1)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });

  it('tells which way an answer moved the ability', () => {
    const entry = { answer_id: 'x', item_id: 'i', stem: '', correct: true, created_at: '' };
    expect(abilityDirection({ ...entry, ability_before: 0, ability_after: 0.3 })).toBe('up');
    expect(abilityDirection({ ...entry, ability_before: 0.3, ability_after: 0 })).toBe('down');
    expect(abilityDirection({ ...entry, ability_before: 0.3, ability_after: 0.3 })).toBe('same');
  });

  it('replaces one skill standing in the list', () => {
    const skills: PracticeSkill[] = [
      { id: 's1', code: 'EF07MA18', name: 'A', items: 3, mastery: null },
      { id: 's2', code: null, name: 'B', items: 1, mastery: null },
    ];
    const mastery = {
      skill_id: 's1',
      level: 'familiar' as const,
      ability: 1,
      answers: 4,
      success: 0.7,
    };
    const next = withMastery(skills, mastery)!;
    expect(next[0]!.mastery).toEqual(mastery);
    expect(next[1]!.mastery).toBeNull();
    expect(withMastery(undefined, mastery)).toBeUndefined();
  });
});

describe('feedback', () => {
  it('shows the texts of the right choices', () => {
    expect(correctAnswer(choiceItem, result({}))).toEqual({ kind: 'choices', texts: ['Dois'] });
  });

  it('shows a value, with maths for expressions', () => {
    const numeric = { ...choiceItem, kind: 'numeric' as const, choices: [] };
    const expression = { ...numeric, kind: 'expression' as const };
    const r = result({ correct_answer: { value: '2x+2' } });
    expect(correctAnswer(numeric, r)).toEqual({ kind: 'value', text: '2x+2' });
    expect(correctAnswer(expression, r)).toEqual({ kind: 'value', text: '$2x+2$' });
  });

  it('pairs picked feedback with its choice and drops empty ones', () => {
    const r = result({
      feedback: [
        { choice_id: 'a', text: 'Conte de novo.', misconception: 'soma-errada' },
        { choice_id: 'b', text: '', misconception: '' },
      ],
    });
    expect(choiceFeedback(choiceItem, r)).toEqual([
      { choiceId: 'a', choice: 'Um', text: 'Conte de novo.', misconception: 'soma-errada' },
    ]);
  });

  it('says partial credit only strictly between 0 and 1', () => {
    expect(partialScore(result({ score: 0.5 }))).toBe(50);
    expect(partialScore(result({ score: 0 }))).toBeNull();
    expect(partialScore(result({ correct: true, score: 1 }))).toBeNull();
  });
});

describe('paths', () => {
  it('round-trips the practice targets', () => {
    const target = (path: string) => practiceTarget(new URL(path, 'http://x').searchParams);
    expect(target(skillPath('bncc-ef07ma18'))).toEqual({ kind: 'skill', skillId: 'bncc-ef07ma18' });
    expect(target(needPath())).toEqual({ kind: 'need' });
    expect(target('/dashboard/adaptive')).toEqual({ kind: 'list' });
  });
});
