import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { conversation } from '@/test/fixtures';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ConversationSidebar } from './conversation-sidebar';

const fetchMock = stubFetch();

function setup(lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/chat']}>
          <ConversationSidebar />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

async function openActions(user: ReturnType<typeof userEvent.setup>, name: string) {
  const trigger = screen.getByRole('button', { name });
  trigger.focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('menu');
}

describe('ConversationSidebar', () => {
  it('pt-BR: heading, search, new, loading then "Nenhuma conversa ainda"', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    setup('pt-BR');
    expect(screen.getByRole('heading', { level: 2, name: 'Suas conversas' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar conversas...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova conversa' })).toBeInTheDocument();
    expect(screen.getByText('Carregando conversas...')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/conversations?limit=');
    resolve(reply({ items: [], nextCursor: null }));
    expect(await screen.findByText('Nenhuma conversa ainda')).toBeInTheDocument();
    expect(screen.queryByText('Carregando conversas...')).not.toBeInTheDocument();
  });

  it('en: the spec strings word for word; untitled items; a search with no match', async () => {
    serve(fetchMock, (url) => {
      if (url.searchParams.get('q')) return reply({ items: [], nextCursor: null });
      return reply({
        items: [conversation('c1', 'Frações', { pinned: true }), conversation('c2', '')],
        nextCursor: null,
      });
    });
    const user = setup('en');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your Conversations' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading conversations...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Conversation' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Untitled conversation' })).toHaveAttribute(
      'href',
      '/dashboard/chat/c2',
    );
    expect(screen.getByRole('link', { name: /Frações/ })).toHaveAttribute(
      'href',
      '/dashboard/chat/c1',
    );
    expect(screen.getByLabelText('Pinned')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Search conversations...'), 'zzz');
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(screen.queryByText('No conversations yet')).not.toBeInTheDocument();
    const searched = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://x'));
    expect(searched.some((u) => u.searchParams.get('q') === 'zzz')).toBe(true);
    // Debounced: no request per keystroke.
    expect(searched.some((u) => u.searchParams.get('q') === 'z')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'New Conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Conversation' });
    expect(within(dialog).getByLabelText('Conversation title')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('en: "No conversations yet" when there are none', async () => {
    serve(fetchMock, () => reply({ items: [], nextCursor: null }));
    setup('en');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('en: a failed load says "Error loading sessions" with a retry', async () => {
    serve(fetchMock, () => problem(403, 'forbidden'));
    setup('en');
    expect(await screen.findAllByText('Error loading sessions')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('en: rename toasts "Title updated", then "Error updating title" on failure', async () => {
    let fail = false;
    serve(fetchMock, (url, init) => {
      if (init?.method === 'PATCH') {
        if (fail) return problem(500, 'internal');
        const body = JSON.parse(String(init.body)) as { title: string };
        return reply(conversation('c1', body.title));
      }
      return reply({ items: [conversation('c1', 'Frações')], nextCursor: null });
    });
    const user = setup('en');
    await screen.findByRole('link', { name: 'Frações' });

    let menu = await openActions(user, 'Actions for Frações');
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    const field = within(dialog).getByLabelText('Conversation title');
    expect(field).toHaveValue('Frações');
    await user.clear(field);
    await user.type(field, 'Frações e decimais');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title updated')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Frações e decimais' })).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find((c) => c[1]?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ title: 'Frações e decimais' });

    fail = true;
    menu = await openActions(user, 'Actions for Frações e decimais');
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating title')).toBeInTheDocument();
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Conversation title')).toHaveValue('Frações e decimais');
  });

  it('en: delete asks first, then "Conversation deleted successfully" / "Error deleting conversation"', async () => {
    let fail = true;
    let deleted = false;
    serve(fetchMock, (url, init) => {
      if (init?.method === 'DELETE') {
        if (fail) return problem(500, 'internal');
        deleted = true;
        return reply(null, 204);
      }
      return reply({ items: deleted ? [] : [conversation('c1', 'Frações')], nextCursor: null });
    });
    const user = setup('en');
    await screen.findByRole('link', { name: 'Frações' });

    const menu = await openActions(user, 'Actions for Frações');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Conversation' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this conversation? This action cannot be undone.',
    );
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting conversation')).toBeInTheDocument();

    fail = false;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Conversation deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Frações' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    // Its row and "Actions" button are gone: focus goes to the list heading, not to <body>.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your Conversations' })).toHaveFocus(),
    );
  });

  it('pt-BR: delete says "sessão" in its toasts', async () => {
    serve(fetchMock, (url, init) => {
      if (init?.method === 'DELETE') return reply(null, 204);
      return reply({ items: [conversation('c1', 'Frações')], nextCursor: null });
    });
    const user = setup('pt-BR');
    await screen.findByRole('link', { name: 'Frações' });
    const menu = await openActions(user, 'Ações de Frações');
    await user.click(within(menu).getByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir conversa' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Sessão excluída com sucesso')).toBeInTheDocument();
  });

  it('loads the next page on "Load more"', async () => {
    serve(fetchMock, (url) =>
      url.searchParams.get('cursor') === 'p2'
        ? reply({ items: [conversation('c2', 'Segunda página')], nextCursor: null })
        : reply({ items: [conversation('c1', 'Primeira página')], nextCursor: 'p2' }),
    );
    const user = setup('en');
    await screen.findByRole('link', { name: 'Primeira página' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Segunda página' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('pt-BR: links a conversation to a class from its ⋮ menu (with the notice), then unlinks it', async () => {
    let current = conversation('c1', 'Frações');
    const patches: unknown[] = [];
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/mine') {
        return reply({
          items: [{ id: 'k7', title: 'Matemática 7A', role: 'student', teachers: [] }],
          nextCursor: null,
        });
      }
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { class_id: string | null };
        patches.push(body);
        current = {
          ...current,
          class_id: body.class_id,
          class_title: body.class_id ? 'Matemática 7A' : null,
        };
        return reply(current);
      }
      return reply({ items: [current], nextCursor: null });
    });
    const user = setup('pt-BR');
    await screen.findByRole('link', { name: 'Frações' });

    let menu = await openActions(user, 'Ações de Frações');
    expect(within(menu).queryByRole('menuitem', { name: 'Desvincular da turma' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Vincular a uma turma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular a uma turma' });
    expect(dialog).toHaveTextContent('Os professores da turma poderão ler esta conversa.');
    const save = within(dialog).getByRole('button', { name: 'Vincular' });
    expect(save).toBeDisabled();
    await user.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Turma' }),
      'Matemática 7A',
    );
    await user.click(save);
    expect(await screen.findByText('Conversa vinculada à turma Matemática 7A')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(patches).toEqual([{ class_id: 'k7' }]);

    menu = await openActions(user, 'Ações de Frações');
    expect(within(menu).queryByRole('menuitem', { name: 'Vincular a uma turma' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Desvincular da turma' }));
    expect(
      await screen.findByText('Conversa desvinculada da turma Matemática 7A'),
    ).toBeInTheDocument();
    expect(patches).toEqual([{ class_id: 'k7' }, { class_id: null }]);
  });
});
