import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type {
  Attempt,
  GradedResult,
  PublicItem,
  StudentAssignment,
} from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AttemptResult } from './attempt-result';

const item = (id: string, stem: string): PublicItem => ({
  id,
  kind: 'single',
  stem,
  choices: [
    { id: 'a', text: '10' },
    { id: 'b', text: '12' },
  ],
  skill_id: null,
});

const wrong: GradedResult = {
  correct: false,
  score: 0,
  feedback: [],
  explanation: '',
  correct_answer: { choices: ['a'] },
};

const assignment: StudentAssignment = {
  id: 'as1',
  class_id: 'c1',
  class_title: 'Turma A',
  set_id: 's1',
  title: 'Lista de somas',
  description: '',
  open_at: '2030-03-02T11:00:00.000Z',
  due_at: '2030-03-09T23:59:00.000Z',
  attempts_allowed: 1,
  shuffle: false,
  feedback: 'immediate',
  event_id: null,
  size: 2,
  created_at: '2030-03-01T11:00:00.000Z',
  status: 'done',
  attempts_used: 1,
  best_score: 0,
  late: false,
  last_attempt_id: 'at1',
};

describe('AttemptResult', () => {
  it('says where a wrong answer’s automatic flashcard went (read back after a reload) and offers "Criar flashcard" only where none was made', () => {
    const attempt: Attempt = {
      id: 'at1',
      assignment_id: 'as1',
      number: 1,
      started_at: '2030-03-03T10:00:00.000Z',
      submitted_at: '2030-03-03T10:10:00.000Z',
      late: false,
      score: 0,
      feedback_visible: true,
      items: [
        {
          item: item('i1', 'Quanto é 5 + 5?'),
          response: { choice: 'b' },
          result: wrong,
          flashcard: { deck_id: 'd1', deck_title: 'Erros de Lista de somas', deck_full: false },
        },
        {
          item: item('i2', 'Quanto é 6 + 4?'),
          response: { choice: 'b' },
          result: wrong,
          flashcard: null,
        },
      ],
    };
    // Typed in another tab that handed the attempt in: the drafts go when the result shows.
    localStorage.setItem('aprenda:attempt-drafts:at1', JSON.stringify({ i2: { text: '14' } }));
    localStorage.setItem('aprenda:attempt-drafts:other', JSON.stringify({ i9: { text: '3' } }));
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <AttemptResult assignment={assignment} attempt={attempt} onOpenAttempt={() => {}} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const [first, second] = screen.getAllByTestId('result-item');
    expect(within(first!).getByTestId('auto-flashcard')).toHaveTextContent(
      'Flashcard criado em Erros de Lista de somas',
    );
    expect(within(first!).queryByRole('button', { name: 'Criar flashcard' })).toBeNull();
    expect(within(second!).queryByTestId('auto-flashcard')).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Criar flashcard' })).toBeVisible();
    expect(localStorage.getItem('aprenda:attempt-drafts:at1')).toBeNull();
    expect(localStorage.getItem('aprenda:attempt-drafts:other')).not.toBeNull();
  });
});
