import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ItemAnalysis } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { ItemAnalysisList } from './item-analysis';

const item = (id: string, answers: number, blank: number): ItemAnalysis => ({
  item_id: id,
  stem: `Questão ${id}`,
  kind: 'single',
  answers,
  blank,
  facility: answers > 0 ? 0 : null,
  discrimination: null,
  choices: [
    { id: 'a', text: 'Sim', correct: true, picked: answers - blank },
    { id: 'b', text: 'Não', correct: false, picked: 0 },
  ],
  flags: [],
});

describe('ItemAnalysisList', () => {
  it('counts the answers given apart from the blanks of handed-in attempts', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    render(
      <I18nextProvider i18n={createI18n()}>
        <ItemAnalysisList analysis={[item('q1', 1, 1), item('q2', 3, 1), item('q3', 2, 0)]} />
      </I18nextProvider>,
    );
    const [blankOnly, mixed, answered] = screen.getAllByRole('listitem', { name: /^Questão \d/ });
    expect(blankOnly).toHaveTextContent('Nenhuma resposta · 1 em branco (conta como errada)');
    expect(mixed).toHaveTextContent('2 respostas · 1 em branco (conta como errada)');
    expect(answered).toHaveTextContent('2 respostas');
    expect(answered).not.toHaveTextContent('em branco');
  });

  it('never contradicts the count of answers when too few for the analysis (blanks included)', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    render(
      <I18nextProvider i18n={createI18n()}>
        <ItemAnalysisList analysis={[item('q1', 2, 1)]} />
      </I18nextProvider>,
    );
    const card = screen.getByRole('listitem', { name: /^Questão 1/ });
    // A student answered, another handed in with it blank: "1 resposta", never "Só 2 respostas".
    expect(card).toHaveTextContent('1 resposta · 1 em branco (conta como errada)');
    expect(card).not.toHaveTextContent('2 respostas');
    expect(card).toHaveTextContent(
      'A análise aparece a partir de 5 respostas, contando as em branco.',
    );
  });
});
