import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Assignment, ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { localInputToIso } from '../../lib/sets-assign';
import { AssignDialog } from './assign-dialog';

const fetchMock = stubFetch();

const set: ExerciseSet = {
  id: 's2',
  title: 'Lista 2',
  description: '',
  entries: [{ item_id: 'i1', kind: 'numeric', stem: 'Quanto é 2 + 2?' }],
  size: 1,
  created_at: '2026-11-29T12:00:00.000Z',
  updated_at: '2026-11-29T12:00:00.000Z',
};

function klass(id: string, title: string): ClassSummary {
  return {
    id,
    title,
    description: null,
    code: null,
    owner_id: 'u1',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    role: 'teacher',
    teachers: ['Ana'],
    require_socratic: false,
    next_event: null,
  };
}

function assignment(over: Partial<Assignment>): Assignment {
  return {
    id: 'a1',
    class_id: 'c9',
    class_title: 'Matemática — 9º ano',
    set_id: 's2',
    title: 'Lista 2',
    description: '',
    open_at: new Date(2099, 10, 20, 8, 0).toISOString(),
    due_at: new Date(2099, 11, 5, 23, 59).toISOString(),
    attempts_allowed: 1,
    shuffle: true,
    feedback: 'immediate',
    event_id: 'e1',
    size: 1,
    created_at: '2026-11-29T12:00:00.000Z',
    ...over,
  };
}

/**
 * c9 and c7 already have "Lista 2" open; c8 had it last term (past due) and has another list open.
 */
const byClass: Record<string, Assignment[]> = {
  c9: [assignment({})],
  c7: [assignment({ id: 'a7', class_id: 'c7', class_title: 'Matemática — 7º ano' })],
  c8: [
    assignment({
      id: 'a2',
      class_id: 'c8',
      class_title: 'Matemática — 8º ano',
      open_at: '2020-02-01T11:00:00.000Z',
      due_at: '2020-03-01T02:59:00.000Z',
    }),
    assignment({ id: 'a3', class_id: 'c8', class_title: 'Matemática — 8º ano', set_id: 's1' }),
  ],
};

function serveClasses(posted: unknown[]) {
  serve(fetchMock, async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/classes/teaching') {
      return reply({
        items: [
          klass('c7', 'Matemática — 7º ano'),
          klass('c8', 'Matemática — 8º ano'),
          klass('c9', 'Matemática — 9º ano'),
        ],
        nextCursor: null,
      });
    }
    const m = /^\/api\/classes\/(c\d)\/assignments$/.exec(url.pathname);
    if (m && method === 'GET') return reply(byClass[m[1]!] ?? []);
    if (m && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as Assignment;
      posted.push({ classId: m[1], ...body });
      return reply(assignment({ ...body, id: 'new', class_id: m[1]! }), 201);
    }
    return problem(404, 'not_found');
  });
}

function renderDialog() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const onOpenChange = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <AssignDialog set={set} onOpenChange={onOpenChange} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onOpenChange;
}

async function fill(dialog: HTMLElement, classTitle: string) {
  await userEvent.selectOptions(await within(dialog).findByLabelText('Turma'), classTitle);
  fireEvent.change(within(dialog).getByLabelText('Prazo'), {
    target: { value: '2099-12-12T23:59' },
  });
  fireEvent.change(within(dialog).getByLabelText('Tentativas'), { target: { value: '3' } });
}

describe('AssignDialog: giving a list to a class that already has it', () => {
  it('says so and sends nothing until the teacher confirms; what was typed stays, one save creates one', async () => {
    const posted: unknown[] = [];
    serveClasses(posted);
    const onOpenChange = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Passar para a turma' });
    await fill(dialog, 'Matemática — 9º ano');

    const warning =
      'Esta lista já foi passada para Matemática — 9º ano (prazo 05/12/2099). Passar de novo?';
    await waitFor(() => expect(within(dialog).getByText(warning)).toBeVisible());

    // Save (even a double click): held, nothing sent, the confirmation gets the focus.
    const save = within(dialog).getByRole('button', { name: 'Passar para a turma' });
    await userEvent.dblClick(save);
    const again = within(dialog).getByRole('checkbox', {
      name: 'Sim, passar de novo para esta turma',
    });
    await waitFor(() => expect(again).toHaveFocus());
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Esta turma já tem esta lista em aberto.',
    );
    expect(again).not.toBeChecked();
    expect(again).toHaveAccessibleDescription(warning);
    await userEvent.click(save);
    expect(posted).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();

    // Everything typed is still there.
    expect(within(dialog).getByLabelText('Turma')).toHaveValue('c9');
    expect(within(dialog).getByLabelText('Prazo')).toHaveValue('2099-12-12T23:59');
    expect(within(dialog).getByLabelText('Tentativas')).toHaveValue(3);

    // Confirmed: the button says so, and a double click creates one assignment.
    await userEvent.click(again);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Passar de novo' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted).toEqual([
      expect.objectContaining({
        classId: 'c9',
        set_id: 's2',
        due_at: localInputToIso('2099-12-12T23:59'),
        attempts_allowed: 3,
      }),
    ]);
  });

  it('does not carry a confirmation over to another class that has the list open', async () => {
    const posted: unknown[] = [];
    serveClasses(posted);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Passar para a turma' });
    await fill(dialog, 'Matemática — 9º ano');
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: 'Sim, passar de novo para esta turma' }),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Turma'), 'Matemática — 7º ano');
    expect(
      await within(dialog).findByText(
        'Esta lista já foi passada para Matemática — 7º ano (prazo 05/12/2099). Passar de novo?',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Sim, passar de novo para esta turma' }),
    ).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Passar para a turma' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Marque');
    expect(posted).toEqual([]);
  });

  it('saves at once for a class without the list open (given last term, past due, is fine)', async () => {
    const posted: unknown[] = [];
    serveClasses(posted);
    const onOpenChange = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Passar para a turma' });
    await fill(dialog, 'Matemática — 8º ano');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Passar para a turma' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted).toEqual([expect.objectContaining({ classId: 'c8', set_id: 's2' })]);
    expect(screen.queryByText(/já foi passada/)).toBeNull();
  });
});
