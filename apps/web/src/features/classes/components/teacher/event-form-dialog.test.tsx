import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { EventFormDialog } from './event-form-dialog';

stubFetch();

describe('the event form', () => {
  it('moving the start moves the end with it (the event keeps its length)', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <EventFormDialog
            classId="c1"
            open
            onOpenChange={() => {}}
            day={new Date(2030, 2, 4, 12)}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const start = screen.getByLabelText('Início');
    const end = screen.getByLabelText('Fim');
    expect(start).toHaveValue('2030-03-04T09:00');
    expect(end).toHaveValue('2030-03-04T10:00');
    fireEvent.change(start, { target: { value: '2030-03-06T14:30' } });
    expect(end).toHaveValue('2030-03-06T15:30');
    // The end itself still moves alone.
    fireEvent.change(end, { target: { value: '2030-03-06T17:00' } });
    expect(start).toHaveValue('2030-03-06T14:30');
    expect(end).toHaveValue('2030-03-06T17:00');
  });

  it('a refused submit puts focus on the first field to fix, whose error is read out', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <EventFormDialog
            classId="c1"
            open
            onOpenChange={() => {}}
            day={new Date(2030, 2, 4, 12)}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const create = screen.getByRole('button', { name: 'Criar evento' });
    create.focus();
    await user.keyboard('{Enter}');
    const title = screen.getByLabelText('Título');
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Preencha este campo.');
  });
});
