import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SetCard } from './set-card';

const set: ExerciseSet = {
  id: 's1',
  title: 'Átomos',
  description: '',
  entries: [
    { item_id: 'i1', kind: 'numeric', stem: 'Quantos prótons tem o carbono?' },
    // Deleted from the collection after the list was made: no longer given to anyone.
    { item_id: 'i2', kind: 'numeric', stem: null },
  ],
  size: 1,
  created_at: '2026-11-29T12:00:00.000Z',
  updated_at: '2026-11-29T12:00:00.000Z',
};

describe('SetCard', () => {
  it('does not count a question deleted from the collection among the chosen ones, and says so', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <ul>
              <SetCard
                set={set}
                given={{ assignments: [], pending: false, error: false, refetch: vi.fn() }}
                onEdit={vi.fn()}
                onDelete={vi.fn()}
                onAssign={vi.fn()}
              />
            </ul>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const card = screen.getByRole('listitem', { name: 'Átomos' });
    expect(card).toHaveTextContent('1 questão por estudante');
    expect(card).toHaveTextContent('1 escolhida');
    expect(card).not.toHaveTextContent('2 escolhidas');
    expect(card).toHaveTextContent('1 excluída da coleção');
  });
});
