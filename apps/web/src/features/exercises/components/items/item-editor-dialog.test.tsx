import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { ItemDetail } from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { itemDraftKey } from '../../lib/item-draft';
import { ItemEditorDialog } from './item-editor-dialog';

const fetchMock = stubFetch();

const NOTICE = 'Recuperamos a questão que você escrevia e não tinha salvado.';

function detail(id: string, stem: string): ItemDetail {
  return {
    id,
    author_id: 'u1',
    kind: 'numeric',
    stem,
    explanation: '',
    skill_id: null,
    public: false,
    shuffle_choices: true,
    choices: [],
    numeric: { answer: 7, formula: null, tolerance: 0, tolerance_kind: 'absolute' },
    text: null,
    expression: null,
    template: null,
    difficulty: 0,
    answer_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };
}

function openEditor(item?: ItemDetail, userId = 'u1') {
  const client = createQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, { id: userId, role: 'teacher' } as SessionUser);
  const onOpenChange = vi.fn();
  const view = render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ItemEditorDialog open onOpenChange={onOpenChange} item={item} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, onOpenChange };
}

const stem = () => screen.getByRole('textbox', { name: 'Enunciado' });
const choiceA = () => screen.getByRole('group', { name: 'Alternativa A' });

/** Open the editor of `item`, type `text` in the stem, and leave (a reload, Back, a closed tab). */
async function typeAndLeave(
  user: ReturnType<typeof userEvent.setup>,
  item: ItemDetail,
  text: string,
) {
  const view = openEditor(item);
  await user.type(stem(), text);
  view.unmount();
}

function serveItems(puts: unknown[] = []) {
  serve(fetchMock, (url, init) => {
    const id = /^\/api\/items\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as ItemDetail;
      puts.push(body);
      return reply({ ...detail(id, body.stem), ...body });
    }
    return reply({ items: [], nextCursor: null });
  });
}

describe('ItemEditorDialog drafts', () => {
  it('a new question typed and left (reload, Back) comes back with a notice', async () => {
    serveItems();
    const user = userEvent.setup();
    const first = openEditor();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    await user.type(stem(), 'Quanto é 3 + 4?');
    await user.type(within(choiceA()).getByRole('textbox', { name: 'Texto' }), '7');
    await user.click(within(choiceA()).getByRole('radio', { name: 'Correta' }));
    first.unmount();

    openEditor();
    expect(stem()).toHaveValue('Quanto é 3 + 4?');
    expect(within(choiceA()).getByRole('textbox', { name: 'Texto' })).toHaveValue('7');
    expect(within(choiceA()).getByRole('radio', { name: 'Correta' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
  });

  it('editing question X keeps a draft for X only, even when X changed on the server', async () => {
    serveItems();
    const user = userEvent.setup();
    await typeAndLeave(user, detail('x', 'Antigo'), ' e novo');

    // Another question's editor, and "Nova questão", do not get it.
    const other = openEditor(detail('y', 'Outra'));
    expect(stem()).toHaveValue('Outra');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    other.unmount();
    const fresh = openEditor();
    expect(stem()).toHaveValue('');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    fresh.unmount();
    // Another user on this device does not get it either.
    const stranger = openEditor(detail('x', 'Antigo'), 'u2');
    expect(stem()).toHaveValue('Antigo');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    stranger.unmount();

    // X, meanwhile changed on the server: the teacher's typing still wins.
    openEditor(detail('x', 'Mudado no servidor'));
    expect(stem()).toHaveValue('Antigo e novo');
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('saving removes the draft', async () => {
    const puts: unknown[] = [];
    serveItems(puts);
    const user = userEvent.setup();
    await typeAndLeave(user, detail('x', 'Antigo'), ' e novo');

    const second = openEditor(detail('x', 'Antigo'));
    expect(stem()).toHaveValue('Antigo e novo');
    await user.click(screen.getByRole('button', { name: 'Salvar questão' }));
    await waitFor(() => expect(second.onOpenChange).toHaveBeenCalledWith(false));
    expect(puts).toEqual([expect.objectContaining({ stem: 'Antigo e novo' })]);
    expect(localStorage.getItem(itemDraftKey('u1', 'x'))).toBeNull();
    second.unmount();

    openEditor(detail('x', 'Antigo e novo'));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('"Descartar rascunho" goes back to the saved question and removes the draft', async () => {
    serveItems();
    const user = userEvent.setup();
    await typeAndLeave(user, detail('x', 'Antigo'), ' e novo');

    const second = openEditor(detail('x', 'Antigo'));
    await user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(stem()).toHaveValue('Antigo');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(localStorage.getItem(itemDraftKey('u1', 'x'))).toBeNull();
    second.unmount();

    openEditor(detail('x', 'Antigo'));
    expect(stem()).toHaveValue('Antigo');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('closing and confirming "Descartar" removes the draft too', async () => {
    serveItems();
    const user = userEvent.setup();
    const { onOpenChange } = openEditor();
    await user.type(stem(), 'Rascunho');
    expect(localStorage.getItem(itemDraftKey('u1'))).not.toBeNull();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(localStorage.getItem(itemDraftKey('u1'))).toBeNull();
  });

  it('asks before leaving the page while there are unsaved changes', async () => {
    serveItems();
    const user = userEvent.setup();
    openEditor(detail('x', 'Antigo'));
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(stem(), '!');
    expect(leave()).toBe(true);
    await user.type(stem(), '{Backspace}');
    expect(leave()).toBe(false);
  });
});
