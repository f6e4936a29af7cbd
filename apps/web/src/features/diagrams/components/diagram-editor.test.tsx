import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import '@/test/codemirror-dom';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { Diagram } from '@aprenda/shared/schemas/diagrams';
import { diagramDraftKey, loadDraft } from '../lib/draft-store';
import { DiagramEditorScreen } from './diagram-editor';

const fetchMock = stubFetch();

const GENERATED = {
  code: 'flowchart LR\n  Luz --> Fotossíntese\n  Fotossíntese --> Glicose',
  title: 'Fotossíntese',
  description: 'A luz vira energia química na glicose.',
  model: 'openai:fake',
  retried: false,
};

const ME: SessionUser = { id: 'u1', name: 'Ana', email: 'a@x.org', role: 'teacher', image: null };

/** A query client with Ana signed in (her drafts are kept under her id). */
function signedInClient() {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, ME);
  return client;
}

const FAKE_MODEL = { id: 'openai:fake', provider: 'openai', label: 'fake', source: 'school' };

function setup(saveStatus: number, entry = '/dashboard/mermaid/new', models: unknown[] = []) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const posted: unknown[] = [];
  serve(fetchMock, (url, init) => {
    if (url.pathname === '/api/ai/models') {
      return reply({ items: models, default: models.length > 0 ? FAKE_MODEL.id : null });
    }
    if (url.pathname === '/api/diagrams/generate') {
      posted.push({ generate: JSON.parse(String(init?.body)) });
      return reply(GENERATED);
    }
    if (url.pathname === '/api/diagrams' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return saveStatus < 400 ? reply({}, saveStatus) : problem(saveStatus, 'internal');
    }
    return problem(404, 'not_found');
  });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/dashboard/mermaid/:id"
              element={<DiagramEditorScreen diagramId="new" />}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, posted };
}

describe('DiagramEditorScreen', () => {
  it('asks for the title and the description (for screen readers) before sending anything', async () => {
    const { user, posted } = setup(201);
    expect(screen.getByText(/leitores de tela os leem/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getAllByText('Campo obrigatório.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
    // Each error goes as soon as its field is filled in; the next save checks again.
    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Ciclo da água');
    expect(screen.getAllByText('Campo obrigatório.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Título' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Evaporação e chuva');
    expect(screen.queryByText('Campo obrigatório.')).toBeNull();
    // No key anywhere: the tutor explains, the editor still works by hand.
    expect(await screen.findByText(/é preciso uma chave de API/)).toBeInTheDocument();
  });

  it('keeps what was typed when the save fails, and on this device too', async () => {
    const { user, posted } = setup(500);
    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Ciclo da água');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'A água circula.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Seu texto continua no editor/)).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ title: 'Ciclo da água', description: 'A água circula.' }),
    ]);
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Ciclo da água');
    await waitFor(() =>
      expect(loadDraft(diagramDraftKey(ME.id, 'new'))).toEqual(
        expect.objectContaining({ title: 'Ciclo da água', description: 'A água circula.' }),
      ),
    );
  });

  it('opened from a conversation ("Transformar em diagrama"), the AI writes the code, unsaved', async () => {
    const { posted } = setup(201, '/dashboard/mermaid/new?conversa=k1', [FAKE_MODEL]);
    expect(await screen.findByRole('textbox', { name: 'Título' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Fotossíntese'),
    );
    expect(posted).toEqual([{ generate: { conversationId: 'k1', locale: 'pt-BR' } }]);
    expect(screen.getByRole('textbox', { name: 'Descrição' })).toHaveValue(
      'A luz vira energia química na glicose.',
    );
    expect(screen.getByRole('textbox', { name: 'Código Mermaid' })).toHaveTextContent(
      'Fotossíntese --> Glicose',
    );
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
  });

  it('opened from a conversation with no AI key: asks for nothing, says how to add a key', async () => {
    const { posted } = setup(201, '/dashboard/mermaid/new?conversa=k1');
    expect(await screen.findByText(/é preciso uma chave de API/)).toBeInTheDocument();
    // Time for a request that must not go.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted).toEqual([]);
    expect(screen.queryByText(/ainda não tem mensagens/)).toBeNull();
  });

  it('a diagram deleted in another tab: says so and "Salvar como novo diagrama" keeps the text', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    const old: Diagram = {
      id: 'd1',
      title: 'Ciclo da água',
      description: 'A água circula.',
      owner: { id: 'u1', name: 'Ana' },
      access: 'owner',
      kind: 'flowchart',
      sharedWith: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      code: 'flowchart LR\n  A --> B',
    };
    const calls: { method: string; path: string; body: unknown }[] = [];
    serve(fetchMock, (url, init) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/ai/models') return reply({ items: [], default: null });
      if (url.pathname === '/api/diagrams/d1' && method === 'GET') return reply(old);
      if (url.pathname === '/api/diagrams' && method === 'POST') {
        return reply({ ...old, ...(body as object), id: 'd2' }, 201);
      }
      if (url.pathname === '/api/diagrams/d2') return reply({ ...old, id: 'd2', title: 'Novo' });
      return problem(404, 'not_found');
    });
    const user = userEvent.setup();
    function Screen() {
      const { id } = useParams();
      return <DiagramEditorScreen diagramId={id!} />;
    }
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={signedInClient()}>
          <MemoryRouter initialEntries={['/dashboard/mermaid/d1']}>
            <Routes>
              <Route path="/dashboard/mermaid/:id" element={<Screen />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const title = await screen.findByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Ciclo da chuva');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    // The PATCH answers 404: no "Não foi possível salvar", but the diagram is gone.
    const alert = await screen.findByTestId('diagram-deleted');
    expect(alert).toHaveTextContent('Este diagrama foi excluído.');
    expect(screen.queryByText(/Não foi possível salvar/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Ciclo da chuva');

    await user.click(screen.getByRole('button', { name: 'Salvar como novo diagrama' }));
    await waitFor(() => expect(screen.queryByTestId('diagram-deleted')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/diagrams',
        body: { title: 'Ciclo da chuva', description: 'A água circula.', code: old.code },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Ciclo da chuva' })).toBeInTheDocument();
    expect(loadDraft(diagramDraftKey(ME.id, 'd1'))).toBeNull();
  });

  it('deleted in another tab and seen on a refetch (focus): the editor and its text stay', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    let exists = true;
    serve(fetchMock, (url) => {
      if (url.pathname === '/api/ai/models') return reply({ items: [], default: null });
      if (url.pathname === '/api/diagrams/d1' && exists) {
        return reply({
          id: 'd1',
          title: 'Ciclo da água',
          description: 'A água circula.',
          owner: { id: 'u1', name: 'Ana' },
          access: 'owner',
          kind: 'flowchart',
          sharedWith: [],
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          code: 'flowchart LR\n  A --> B',
        } satisfies Diagram);
      }
      return problem(404, 'not_found');
    });
    const client = signedInClient();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/dashboard/mermaid/d1']}>
            <Routes>
              <Route
                path="/dashboard/mermaid/:id"
                element={<DiagramEditorScreen diagramId="d1" />}
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const title = await screen.findByRole('textbox', { name: 'Título' });
    await user.type(title, ' e da chuva');
    exists = false;
    await client.refetchQueries();
    expect(await screen.findByTestId('diagram-deleted')).toHaveTextContent(
      'Este diagrama foi excluído.',
    );
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Ciclo da água e da chuva');
    expect(screen.getByRole('button', { name: 'Salvar como novo diagrama' })).toBeInTheDocument();
  });
});
