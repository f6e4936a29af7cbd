import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AssignmentResults } from '@aprenda/shared/schemas/exercises';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ResultsScreen } from './results-screen';

const fetchMock = stubFetch();

function renderResults() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ResultsScreen assignmentId="as1" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('ResultsScreen', () => {
  it.each([403, 404])(
    'answered %i (a student who followed a link, or a removed assignment): says so, no "Tentar de novo"',
    async (status) => {
      serve(fetchMock, () => problem(status, status === 403 ? 'forbidden' : 'not_found'));
      renderResults();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Só os professores da turma veem estes resultados, ou esta atividade não existe mais.',
      );
      expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Voltar aos exercícios' })).toHaveAttribute(
        'href',
        '/dashboard/exercises?tab=sets',
      );
    },
  );

  it('a failure that may pass offers to try again', { timeout: 15_000 }, async () => {
    serve(fetchMock, () => problem(500, 'internal'));
    renderResults();
    // (After the query's own two retries.)
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('before anyone hands in: every question of the list, each with no answers yet, and the grid’s columns', async () => {
    const ids = ['i1', 'i2', 'i3', 'i4', 'i5'];
    const results: AssignmentResults = {
      assignment: {
        id: 'as1',
        class_id: 'c1',
        class_title: '7º A',
        set_id: 's1',
        title: 'Lista de frações',
        description: '',
        open_at: '2030-03-02T11:00:00.000Z',
        due_at: '2030-03-09T23:59:00.000Z',
        attempts_allowed: 1,
        shuffle: true,
        feedback: 'immediate',
        event_id: null,
        size: 5,
        created_at: '2030-03-02T10:00:00.000Z',
      },
      items: ids.map((id, i) => ({ id, stem: `Quanto é ${i} + 1?`, kind: 'single' as const })),
      students: [
        {
          user_id: 'u1',
          name: 'Ana',
          submitted_at: null,
          late: false,
          score: null,
          cells: ids.map(() => 'missing' as const),
          answers: ids.map(() => null),
        },
      ],
      distribution: Array.from({ length: 10 }, () => 0),
      analysis: ids.map((id, i) => ({
        item_id: id,
        stem: `Quanto é ${i} + 1?`,
        kind: 'single' as const,
        answers: 0,
        blank: 0,
        facility: null,
        discrimination: null,
        choices: [
          { id: 'a', text: String(i + 1), correct: true, picked: 0 },
          { id: 'b', text: String(i + 2), correct: false, picked: 0 },
        ],
        flags: [],
      })),
    };
    serve(fetchMock, () => reply(results));
    renderResults();
    const cards = await screen.findAllByRole('listitem', { name: /^Questão \d/ });
    expect(cards).toHaveLength(5);
    for (const card of cards) {
      expect(card).toHaveTextContent('Ainda sem respostas');
      expect(within(card).getAllByText('ninguém marcou')).toHaveLength(2);
    }
    expect(screen.queryByText('Esta atividade não tem questões.')).toBeNull();
    const grid = screen.getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Estudante',
      ...ids.map((_, i) => expect.stringContaining(`Questão ${i + 1}`)),
      'Nota',
    ]);
  });
});
