import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { Diagram, DiagramSummary } from '@aprenda/shared/schemas/diagrams';
import '@/test/codemirror-dom';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DiagramEditorScreen } from './diagram-editor';
import { DiagramList } from './diagram-list';

const fetchMock = stubFetch();

const summary = (id: string, title: string): DiagramSummary => ({
  id,
  title,
  description: `${title}, passo a passo.`,
  owner: { id: 'u1', name: 'Ana' },
  access: 'owner',
  kind: 'flowchart',
  sharedWith: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The list and the editor, with a server that deletes. */
function setup(entry: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  let mine = [summary('d1', 'Ciclo da água'), summary('d2', 'Fotossíntese')];
  serve(fetchMock, (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/ai/models') return reply({ items: [], default: null });
    if (url.pathname === '/api/diagrams' && method === 'GET') return reply({ mine, shared: [] });
    const id = /^\/api\/diagrams\/(d\d)$/.exec(url.pathname)?.[1];
    const found = mine.find((d) => d.id === id);
    if (found && method === 'DELETE') {
      mine = mine.filter((d) => d.id !== id);
      return new Response(null, { status: 204 });
    }
    if (found && method === 'GET') {
      return reply({ ...found, code: 'flowchart LR\n  A --> B' } satisfies Diagram);
    }
    return problem(404, 'not_found');
  });
  function Editor() {
    const { id } = useParams();
    return <DiagramEditorScreen diagramId={id!} />;
  }
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/dashboard/mermaid" element={<DiagramList />} />
            <Route path="/dashboard/mermaid/:id" element={<Editor />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('deleting a diagram keeps the keyboard user in place (not on <body>)', () => {
  it('from the list: focus goes to the "Meus diagramas" heading (its card is gone)', async () => {
    const { user } = setup('/dashboard/mermaid');
    (await screen.findByRole('button', { name: 'Excluir “Ciclo da água”' })).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir o diagrama?' });
    within(confirm).getByRole('button', { name: 'Excluir diagrama' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ciclo da água' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Meus diagramas', level: 2 })).toHaveFocus(),
    );
  });

  it('from the editor: its page goes, and focus lands on the list heading', async () => {
    const { user } = setup('/dashboard/mermaid/d1');
    (await screen.findByRole('button', { name: 'Excluir' })).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir o diagrama?' });
    within(confirm).getByRole('button', { name: 'Excluir diagrama' }).focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Diagramas', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Still there once the dialog has finished closing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).toHaveFocus();
  });
});
