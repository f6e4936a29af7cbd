import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { Assignment } from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { localInputToIso } from '../../lib/sets-assign';
import { SetAssignments } from './set-assignments';

const fetchMock = stubFetch();

const given: Assignment = {
  id: 'a1',
  class_id: 'c1',
  class_title: '7º A',
  set_id: 's1',
  title: 'Frações',
  description: '',
  open_at: new Date(2099, 2, 1, 8, 0).toISOString(),
  due_at: new Date(2099, 2, 10, 23, 59).toISOString(),
  attempts_allowed: 1,
  shuffle: true,
  feedback: 'immediate',
  event_id: 'e1',
  size: 3,
  created_at: '2026-11-29T12:00:00.000Z',
};

function renderList() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SetAssignments
            setId="s1"
            setTitle="Frações"
            given={{ assignments: [given], pending: false, error: false, refetch: vi.fn() }}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('SetAssignments: changing what was given', () => {
  it('moves the due date: the form starts from what was given, keeps what was typed through errors and sends only the change', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    serve(fetchMock, async (url, init) => {
      if (url.pathname !== '/api/assignments/a1' || init?.method !== 'PATCH') {
        return problem(404, 'not_found');
      }
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      sent.push(body);
      if (refuse) {
        return reply(
          {
            status: 400,
            code: 'validation_failed',
            title: 'Bad',
            errors: [{ path: 'due_at', code: 'due_before_open', message: '' }],
          },
          400,
        );
      }
      return reply({ ...given, due_at: new Date(body.due_at!).toISOString() });
    });
    renderList();
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent('1 tentativa');
    await userEvent.click(
      within(row).getByRole('button', {
        name: 'Alterar datas e tentativas da atividade da turma 7º A',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Alterar a atividade da turma 7º A' });
    const due = within(dialog).getByLabelText('Prazo');
    expect(within(dialog).getByLabelText('Abre em')).toHaveValue('2099-03-01T08:00');
    expect(due).toHaveValue('2099-03-10T23:59');
    expect(within(dialog).getByLabelText('Tentativas')).toHaveValue(1);

    // Before the opening: said on the field, nothing sent.
    fireEvent.change(due, { target: { value: '2099-02-20T12:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(within(dialog).getByText('O prazo precisa ser depois da abertura.')).toBeVisible();
    expect(due).toHaveAccessibleDescription(/O prazo precisa ser depois da abertura\./);
    expect(sent).toEqual([]);

    // The server's refusal lands on the field too, and the typed date stays.
    fireEvent.change(due, { target: { value: '2099-03-17T12:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(within(dialog).getByText('O prazo precisa ser depois da abertura.')).toBeVisible(),
    );
    expect(sent).toEqual([{ due_at: localInputToIso('2099-03-17T12:00') }]);
    expect(due).toHaveValue('2099-03-17T12:00');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
  });

  it('closes without a request when nothing changed', async () => {
    serve(fetchMock, () => problem(404, 'not_found'));
    renderList();
    await userEvent.click(screen.getByRole('button', { name: /Alterar datas e tentativas/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
