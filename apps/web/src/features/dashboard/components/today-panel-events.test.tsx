import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Today } from '@aprenda/shared/schemas/metrics';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { TodayPanel } from './today-panel';

// A teacher in São Paulo (UTC−3), whatever the zone of the machine running the test.
vi.mock('@/lib/time-zone', () => ({ timeZone: () => 'America/Sao_Paulo' }));

const fetchMock = stubFetch();

const TEACHER: Today = {
  role: 'teacher',
  student: null,
  teacher: {
    classes: [{ id: 'c1', name: '7º B', students: 1, new_submissions: 0, attention: 0 }],
    attention: [],
    events: [
      // An all-day event on 2 Dec is stored at the UTC midnight of its day.
      {
        id: 'e1',
        class_id: 'c1',
        class_name: '7º B',
        title: 'Feira de ciências',
        starts_at: '2026-12-02T00:00:00.000Z',
        all_day: true,
      },
      {
        id: 'e2',
        class_id: 'c1',
        class_name: '7º B',
        title: 'Prova',
        starts_at: '2026-12-03T13:00:00.000Z',
        all_day: false,
      },
    ],
  },
};

describe('Hoje: next events', () => {
  it('an all-day event shows its own day and no time; a timed one its local time', async () => {
    serve(fetchMock, () => reply(TEACHER));
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <TodayPanel />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const events = await screen.findByTestId('today-events');
    // Not "1 de dez., 21:00" (the UTC midnight seen from São Paulo).
    expect(within(events).getByText('7º B · 2 de dez.')).toBeInTheDocument();
    expect(within(events).getByText('7º B · 3 de dez., 10:00')).toBeInTheDocument();
  });
});
