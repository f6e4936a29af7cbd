import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { GradedResultDetails, type GradedResultLabels } from './graded-result-details';

const ITEM: PublicItem = {
  id: 'i1',
  kind: 'multiple',
  stem: 'Quais são pares?',
  choices: [
    { id: 'a', text: 'Dois' },
    { id: 'b', text: 'Três' },
    { id: 'c', text: 'Quatro' },
  ],
  skill_id: null,
};

const RESULT: GradedResult = {
  correct: false,
  score: 0.5,
  feedback: [
    { choice_id: 'b', text: 'Três é ímpar.', misconception: 'paridade' },
    // Nothing to say about this one: left out.
    { choice_id: 'a', text: ' ', misconception: '' },
  ],
  explanation: 'Pares são divisíveis por 2.',
  correct_answer: { choices: ['a', 'c'] },
};

const LABELS: GradedResultLabels = {
  misconception: (tag) => `Equívoco comum: ${tag}`,
  correctAnswer: 'Respostas certas',
  explanation: 'Explicação',
};

describe('GradedResultDetails', () => {
  it('as the practice panel: h3 labels, the picked feedback as a list, the choices answer', () => {
    render(
      <GradedResultDetails
        item={ITEM}
        result={RESULT}
        answer={{ kind: 'choices', texts: ['Dois', 'Quatro'] }}
        labels={{ ...LABELS, picked: 'Sobre o que você marcou' }}
        labelAs="h3"
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Sobre o que você marcou',
      'Respostas certas',
      'Explicação',
    ]);
    const cards = screen.getAllByTestId('choice-feedback');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.tagName).toBe('LI');
    expect(within(cards[0]!).getByText('Três')).toBeTruthy();
    expect(within(cards[0]!).getByText('Três é ímpar.')).toBeTruthy();
    expect(within(cards[0]!).getByText('Equívoco comum: paridade')).toBeTruthy();
    const answer = screen.getByTestId('correct-answer');
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dois', 'Quatro']);
    expect(
      within(screen.getByTestId('explanation')).getByText('Pares são divisíveis por 2.'),
    ).toBeTruthy();
  });

  it('as an assignment result: paragraph labels, feedback cards on their own, a text answer', () => {
    render(
      <GradedResultDetails
        item={ITEM}
        result={RESULT}
        answer={{ kind: 'value', text: 'Dois; Quatro' }}
        labels={LABELS}
        labelAs="p"
      />,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByTestId('choice-feedback').tagName).toBe('DIV');
    const answer = screen.getByTestId('correct-answer');
    expect(within(answer).getByText('Respostas certas').tagName).toBe('P');
    expect(within(answer).getByText('Dois; Quatro')).toBeTruthy();
    expect(within(screen.getByTestId('explanation')).getByText('Explicação').tagName).toBe('P');
  });

  it('shows no answer when given none, and no explanation when it is blank', () => {
    render(
      <GradedResultDetails
        item={ITEM}
        result={{ ...RESULT, correct: true, score: 1, feedback: [], explanation: '  ' }}
        answer={null}
        labels={{ ...LABELS, picked: 'Sobre o que você marcou' }}
        labelAs="h3"
      />,
    );
    expect(screen.queryByTestId('correct-answer')).toBeNull();
    expect(screen.queryByTestId('explanation')).toBeNull();
    expect(screen.queryByTestId('choice-feedback')).toBeNull();
    expect(screen.queryByText('Sobre o que você marcou')).toBeNull();
  });
});
