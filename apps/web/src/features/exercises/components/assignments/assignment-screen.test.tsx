import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { problem, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AssignmentScreen } from './assignment-screen';

const fetchMock = stubFetch();

function renderScreen(entry: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <AssignmentScreen assignmentId="as1" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('AssignmentScreen', () => {
  it('an assignment the teacher removed says it is no longer available, with no "Tentar de novo"', async () => {
    serve(fetchMock, () => problem(404, 'not_found'));
    renderScreen('/dashboard/exercises/atividade/as1?tentativa=at1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta atividade não está mais disponível',
    );
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });

  it('a failure that may pass offers to try again', { timeout: 15_000 }, async () => {
    serve(fetchMock, () => problem(500, 'internal'));
    renderScreen('/dashboard/exercises/atividade/as1');
    // A 5xx is asked again twice (1 s, then 2 s) before the screen gives up.
    expect(await screen.findByRole('alert', undefined, { timeout: 8000 })).toHaveTextContent(
      'Não foi possível carregar esta atividade.',
    );
    expect(await screen.findByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  });
});
