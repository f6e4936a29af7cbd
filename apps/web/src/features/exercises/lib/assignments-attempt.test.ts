import { describe, expect, it } from 'vitest';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import {
  answerLang,
  deckTitle,
  durationSince,
  flashcardBack,
  responseText,
  sameResponse,
  scorePoints,
} from './assignments-attempt';

const single: PublicItem = {
  id: 'i1',
  kind: 'single',
  stem: 'Quanto é 2 + 2?',
  choices: [
    { id: 'a', text: '3' },
    { id: 'b', text: '4' },
  ],
  skill_id: null,
};
const numeric: PublicItem = {
  id: 'i2',
  kind: 'numeric',
  stem: 'Metade de 5?',
  choices: [],
  skill_id: 's',
};

describe('sameResponse', () => {
  it('compares by meaning', () => {
    expect(sameResponse({ choice: 'a' }, { choice: 'a' })).toBe(true);
    expect(sameResponse({ choices: ['a', 'b'] }, { choices: ['b', 'a'] })).toBe(true);
    expect(sameResponse({ value: '2,5' }, { value: '2.5' })).toBe(false);
    expect(sameResponse(null, null)).toBe(true);
    expect(sameResponse({ value: '1' }, null)).toBe(false);
  });
});

describe('scores and texts', () => {
  it('gives points out of the items', () => {
    expect(scorePoints(0.6, 5)).toBe(3);
    expect(scorePoints(0.7, 5)).toBe(3.5);
    expect(scorePoints(null, 5)).toBe(0);
  });

  it('writes the answer as text', () => {
    expect(responseText(single, { choice: 'b' })).toBe('4');
    expect(responseText(numeric, { value: '2,5' })).toBe('2,5');
    expect(responseText(single, null)).toBe('');
  });

  it('builds the flashcard back from the correct answer and the explanation', () => {
    const result: GradedResult = {
      correct: false,
      score: 0,
      feedback: [],
      explanation: 'Some 2 e 2.',
      correct_answer: { choices: ['b'] },
    };
    expect(
      flashcardBack(single, result, { answer: 'Resposta certa:', explanation: 'Explicação:' }),
    ).toBe('**Resposta certa:** 4\n\n**Explicação:** Some 2 e 2.');
    expect(
      flashcardBack(single, { ...result, explanation: ' ' }, { answer: 'A:', explanation: 'E:' }),
    ).toBe('**A:** 4');
  });

  it('cuts long deck titles and clamps durations', () => {
    expect(deckTitle('x'.repeat(200))).toHaveLength(120);
    expect(deckTitle(' Erros de Lista ')).toBe('Erros de Lista');
    expect(durationSince(1000, 500)).toBe(0);
    expect(durationSince(0, 10_000_000)).toBe(3_600_000);
    expect(answerLang('en')).toBe('en');
    expect(answerLang('pt-BR')).toBe('pt-BR');
  });
});
