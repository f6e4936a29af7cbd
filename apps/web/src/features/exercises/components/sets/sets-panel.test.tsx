import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Assignment, ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { SetsPanel } from './sets-panel';

const toastSuccess = vi.fn();
vi.mock('@/lib/toast', () => ({
  toastSuccess: (m: string) => toastSuccess(m),
  toastError: vi.fn(),
}));

const fetchMock = stubFetch();

const set = (id: string, title: string): ExerciseSet => ({
  id,
  title,
  description: '',
  entries: [
    { item_id: 'i1', kind: 'numeric', stem: 'Quanto é $3 \\times 7$?' },
    { item_id: 'i2', kind: 'numeric', stem: 'Quanto é $4 \\times 6$?' },
  ],
  size: 2,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
});

const assignment = (id: string, classId: string, classTitle: string): Assignment => ({
  id,
  class_id: classId,
  class_title: classTitle,
  set_id: 's1',
  title: 'Tabuada',
  description: '',
  open_at: new Date(2099, 2, 1, 8, 0).toISOString(),
  due_at: new Date(2099, 2, 10, 23, 59).toISOString(),
  attempts_allowed: 1,
  shuffle: true,
  feedback: 'immediate',
  event_id: 'e1',
  size: 2,
  created_at: '2026-11-29T12:00:00.000Z',
});

const sent: unknown[] = [];

function setup(language: 'pt-BR' | 'en') {
  sent.length = 0;
  serve(fetchMock, (url, init) => {
    if (url.pathname === '/api/sets' && (init?.method ?? 'GET') === 'GET') {
      return reply({ items: [set('s1', 'Tabuada'), set('s2', 'Frações')], nextCursor: null });
    }
    if (url.pathname === '/api/sets/s1' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { entries: unknown[] };
      sent.push(body);
      return reply({ ...set('s1', 'Tabuada'), entries: body.entries.slice(0, 1), size: 1 });
    }
    if (url.pathname === '/api/sets/s2' && init?.method === 'PUT') {
      return reply(set('s2', 'Frações'));
    }
    if (url.pathname === '/api/classes/teaching') {
      return reply({ items: [{ id: 'c1' }, { id: 'c2' }], nextCursor: null });
    }
    if (url.pathname === '/api/classes/c1/assignments') {
      return reply([assignment('a1', 'c1', '7º A')]);
    }
    if (url.pathname === '/api/classes/c2/assignments') {
      return reply([assignment('a2', 'c2', '7º B')]);
    }
    if (url.pathname === '/api/items') return reply({ items: [], nextCursor: null });
    return problem(404, 'not_found');
  });
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SetsPanel />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Opens the editor of a set once its card shows where it was given (or that it was not). */
async function edit(title: string, named: string) {
  const card = (await screen.findByRole('heading', { name: title, level: 3 })).closest('li')!;
  await waitFor(() =>
    expect(
      within(card).queryByText(/Passada para|Ainda não foi passada|Given to|Not given/),
    ).not.toBeNull(),
  );
  await userEvent.click(within(card).getByRole('button', { name: named }));
  return screen.findByRole('dialog');
}

beforeEach(() => toastSuccess.mockClear());

describe('SetsPanel: editing a set already given', () => {
  it('says that the assignments keep their questions and the change applies to the next ones', async () => {
    setup('pt-BR');
    const dialog = await edit('Tabuada', 'Editar a lista “Tabuada”');
    const note = within(dialog).getByTestId('set-given-note');
    expect(note).toHaveTextContent(
      'Esta lista já foi passada 2 vezes (7º A e 7º B). Essas atividades continuam com as questões, o título e a descrição de quando foram passadas: o que você mudar aqui vale para as próximas vezes que passar a lista.',
    );
    const save = within(dialog).getByRole('button', { name: 'Salvar lista' });
    expect(save).toHaveAccessibleDescription(note.textContent!);

    // A question taken out: saved, and the confirmation says the given lists keep theirs.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tirar o item 2 da lista' }));
    await userEvent.click(save);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ entries: [{ item_id: 'i1' }] })]);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Lista salva. As 2 atividades já passadas continuam com as questões de antes: a mudança vale para as próximas vezes que você passar a lista.',
    );
  });

  it('says it in English too; a set never given saves with the short confirmation and no note', async () => {
    setup('en');
    const given = await edit('Tabuada', 'Edit the set “Tabuada”');
    expect(within(given).getByTestId('set-given-note')).toHaveTextContent(
      'This set was already given 2 times (7º A and 7º B). Those assignments keep the questions, title and description they were given with: what you change here applies to new assignments.',
    );
    await userEvent.click(within(given).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const fresh = await edit('Frações', 'Edit the set “Frações”');
    expect(within(fresh).queryByTestId('set-given-note')).toBeNull();
    await userEvent.click(within(fresh).getByRole('button', { name: 'Save set' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Set saved.'));
  });
});
