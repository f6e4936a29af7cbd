import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { StudentExercises } from './student-exercises';

const fetchMock = stubFetch();

const ASSIGNMENT: StudentAssignment = {
  id: 'as1',
  class_id: 'c1',
  class_title: 'Matemática — 9º ano',
  set_id: 's1',
  title: 'Lista 1 — Equações',
  description: '',
  open_at: '2026-11-20T12:00:00.000Z',
  due_at: '2099-12-01T12:00:00.000Z',
  attempts_allowed: 1,
  shuffle: true,
  feedback: 'immediate',
  event_id: null,
  size: 5,
  created_at: '2026-11-20T12:00:00.000Z',
  status: 'todo',
  attempts_used: 0,
  best_score: null,
  late: false,
  last_attempt_id: null,
};

describe('StudentExercises', () => {
  it('each assignment is a level-2 heading under the page h1 (no level skipped for a screen reader)', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    serve(fetchMock, (url) =>
      url.pathname === '/api/assignments' ? reply([ASSIGNMENT]) : problem(404, 'not_found'),
    );
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/dashboard/exercises']}>
            <StudentExercises />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Lista 1 — Equações', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Exercícios');
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });
});
