import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { AiModelList } from '@aprenda/shared/schemas/conversations';
import { problem, reply, requestUrl, stubFetch } from '@/test/fetch-stub';
import { conversation } from '@/test/fixtures';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ConversationView, ROOMY_HEADER_QUERY } from './conversation-view';

const fetchMock = stubFetch();

const LINKED = conversation('k1', 'Frações', { class_id: 'c1', class_title: '9º A' });

const ONE_MODEL: AiModelList = {
  items: [
    { id: 'openai:gpt-4.1-mini', provider: 'openai', label: 'GPT-4.1 mini', source: 'school' },
  ],
  default: 'openai:gpt-4.1-mini',
};

function serve(models: AiModelList) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.pathname === '/api/conversations/k1') return reply(LINKED);
    if (url.pathname === '/api/conversations/k1/messages') {
      return reply({ items: [], nextCursor: null });
    }
    if (url.pathname === '/api/ai/models') return reply(models);
    return problem(404, 'not_found', 'x');
  });
}

/** A screen where `roomy` says whether the full header fits (the phone: it does not). */
function screenSize(roomy: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === ROOMY_HEADER_QUERY ? roomy : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })),
  );
}

function setup() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/chat/k1']}>
          <ConversationView conversationId="k1" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('the conversation header on a phone', () => {
  it('is one row of buttons: the tutor settings open from one button, every control labelled', async () => {
    screenSize(false);
    serve(ONE_MODEL);
    const { user } = setup();
    await screen.findByRole('heading', { name: 'Frações', level: 2 });
    // The two links keep their full names (short words on screen).
    const cards = screen.getByRole('link', { name: 'Criar cartões' });
    expect(cards).toHaveTextContent('Cartões');
    expect(cards).toHaveAttribute('href', '/dashboard/flashcard?generate=conversation:k1');
    const diagram = screen.getByRole('link', { name: 'Transformar em diagrama' });
    expect(diagram).toHaveTextContent('Diagrama');
    expect(cards.parentElement).toBe(diagram.parentElement);
    // Mode and model wait behind "Ajustes do tutor", in the same row.
    const toggle = screen.getByRole('button', { name: 'Ajustes do tutor' });
    expect(toggle.parentElement).toBe(cards.parentElement);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Modo do tutor' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Modelo' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('combobox', { name: 'Modo do tutor' })).toBeEnabled();
    expect(within(panel).getByRole('combobox', { name: 'Modelo' })).toBeEnabled();
    await user.click(toggle);
    expect(screen.queryByRole('combobox', { name: 'Modo do tutor' })).toBeNull();
    // The class notice keeps every word, in a compact box.
    const notice = screen.getByText(
      'Vinculada à turma 9º A: os professores da turma podem ler esta conversa.',
    );
    expect(notice).toHaveClass('text-xs');
  });

  it('with no AI key: the header and the note scroll inside themselves, the message box is outside them', async () => {
    screenSize(false);
    serve({ items: [], default: null });
    setup();
    const note = await screen.findByRole('note');
    const top = screen.getByTestId('conversation-top');
    expect(top).toContainElement(note);
    expect(top).toContainElement(screen.getByRole('heading', { name: 'Frações', level: 2 }));
    expect(top).toHaveClass('min-h-0', 'overflow-y-auto');
    const send = screen.getByRole('button', { name: 'Enviar' });
    const composer = screen.getByRole('textbox', { name: 'Sua mensagem' });
    expect(top).not.toContainElement(send);
    expect(top).not.toContainElement(composer);
    // The chat below keeps room for the message box and a few lines (it never shrinks to 0).
    const chat = send.closest('form')!.parentElement!;
    expect(chat).toHaveClass('min-h-52');
    expect(chat).not.toHaveClass('min-h-0');
    expect(
      screen.getByText('Faça sua primeira pergunta. O tutor responde aqui.'),
    ).toBeInTheDocument();
  });

  it('on a wide screen stays as it was: the buttons with their full words, mode and model shown', async () => {
    screenSize(true);
    serve(ONE_MODEL);
    setup();
    const cards = await screen.findByRole('link', { name: 'Criar cartões' });
    expect(cards).toHaveTextContent('Criar cartões');
    expect(screen.getByRole('link', { name: 'Transformar em diagrama' })).toHaveTextContent(
      'Transformar em diagrama',
    );
    expect(screen.getByRole('combobox', { name: 'Modo do tutor' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Modelo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajustes do tutor' })).toBeNull();
    expect(
      screen.getByText('Vinculada à turma 9º A: os professores da turma podem ler esta conversa.'),
    ).toHaveClass('text-sm');
  });
});
