import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { problem, serve, stubFetch } from '@/test/fetch-stub';
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
});
