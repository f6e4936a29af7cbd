import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BoardList as BoardListData, BoardSummary } from '@aprenda/shared/schemas/boards';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { BoardList } from './board-list';

const fetchMock = stubFetch();

function summary(id: string, title: string, extra: Partial<BoardSummary> = {}): BoardSummary {
  return {
    id,
    title,
    owner: { id: 'u1', name: 'Ana' },
    access: 'owner',
    version: 2,
    sizeBytes: 100,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    sharedWith: [],
    presentingTo: null,
    handout: null,
    handouts: [],
    thumbnailUrl: null,
    ...extra,
  };
}

function setup(list: BoardListData) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const calls: { method: string; path: string; body: unknown }[] = [];
  let data = list;
  serve(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/boards' && method === 'GET') return reply(data);
    if (url.pathname === '/api/boards' && method === 'POST') {
      return reply(
        { ...summary('new1', (body as { title: string }).title), scene: {}, fileIds: [] },
        201,
      );
    }
    const del = /^\/api\/boards\/([^/]+)$/.exec(url.pathname);
    if (del && method === 'DELETE') {
      data = { ...data, mine: data.mine.filter((b) => b.id !== del[1]) };
      return reply(null, 204);
    }
    return problem(404, 'not_found');
  });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/whiteboard']}>
          <Routes>
            <Route path="/dashboard/whiteboard" element={<BoardList />} />
            <Route path="/dashboard/whiteboard/:id" element={<p>editor aberto</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, calls };
}

const LIST: BoardListData = {
  mine: [
    summary('b1', 'Ciclo da água', { thumbnailUrl: '/api/boards/b1/thumbnail' }),
    summary('b2', 'Frações', { presentingTo: { id: 'c1', name: '7º A' } }),
  ],
  shared: [
    summary('b3', 'Mapa do Brasil', { access: 'class', owner: { id: 'u9', name: 'Prof. Lia' } }),
  ],
  usedBytes: 50 * 1024 * 1024,
  quotaBytes: 200 * 1024 * 1024,
};

describe('BoardList', () => {
  it('shows my boards with thumbnails, the shared ones read-only, and the storage used', async () => {
    setup(LIST);
    const mine = await screen.findByRole('region', { name: 'Meus quadros' });
    expect(within(mine).getByRole('link', { name: 'Ciclo da água' })).toHaveAttribute(
      'href',
      '/dashboard/whiteboard/b1',
    );
    expect(mine.querySelector('img')?.getAttribute('src')).toBe('/api/boards/b1/thumbnail?v=2');
    expect(within(mine).getByText('Apresentando para 7º A')).toBeInTheDocument();
    const shared = screen.getByRole('region', { name: 'Compartilhados comigo' });
    expect(within(shared).getByText('De Prof. Lia')).toBeInTheDocument();
    expect(within(shared).getByText('Somente leitura')).toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: /Ações do quadro/ })).toBeNull();
    const meter = screen.getByRole('meter', { name: 'Espaço usado pelos quadros' });
    expect(meter).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/Espaço usado: 50 MB de 200 MB/)).toBeInTheDocument();
  });

  it('creates a board and opens it', async () => {
    const { user, calls } = setup({ ...LIST, mine: [], shared: [] });
    await screen.findByText('Nenhum quadro ainda');
    await user.click(screen.getByRole('button', { name: 'Novo quadro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo quadro' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar quadro' }));
    expect(within(dialog).getByText('Escreva um título.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), 'Células');
    await user.click(within(dialog).getByRole('button', { name: 'Criar quadro' }));
    expect(await screen.findByText('editor aberto')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Células' });
  });

  it('deletes only after confirmation', async () => {
    const { user, calls } = setup(LIST);
    await user.click(await screen.findByRole('button', { name: 'Ações do quadro Ciclo da água' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir “Ciclo da água”?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ciclo da água' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/boards/b1',
    ]);
  });

  it('after deleting a board, focus goes to the "Meus quadros" heading (its card is gone)', async () => {
    const { user } = setup(LIST);
    (await screen.findByRole('button', { name: 'Ações do quadro Ciclo da água' })).focus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('menuitem', { name: 'Excluir' })).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir “Ciclo da água”?' });
    within(confirm).getByRole('button', { name: 'Excluir' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ciclo da água' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Meus quadros', level: 2 })).toHaveFocus(),
    );
  });

  it('refuses an imported file that is not a scene, with the translated error, and creates nothing', async () => {
    const { user, calls } = setup(LIST);
    await screen.findByRole('region', { name: 'Meus quadros' });
    const input = screen.getByTestId('board-import-input');
    await user.upload(
      input,
      new File(['{"hello":1}'], 'x.excalidraw', { type: 'application/json' }),
    );
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Este arquivo não é uma cena válida do Excalidraw.',
      ),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
