import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { AiModelList } from '@aprenda/shared/schemas/conversations';
import { problem, reply, requestUrl, stubFetch } from '@/test/fetch-stub';
import { conversation } from '@/test/fixtures';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { FOCUS_COMPOSER_STATE } from '../lib/focus-composer';
import { ConversationView } from './conversation-view';

const fetchMock = stubFetch();
afterEach(() => {
  vi.restoreAllMocks();
});

/** jsdom lays nothing out: give every element a size so the virtualized list renders its rows. */
function withLayout() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 800 }),
  );
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
}

const CONVERSATION = conversation('k1', 'Frações');

const ONE_MODEL: AiModelList = {
  items: [
    { id: 'openai:gpt-4.1-mini', provider: 'openai', label: 'GPT-4.1 mini', source: 'school' },
  ],
  default: 'openai:gpt-4.1-mini',
};

function serve(options: { models: AiModelList; chat?: () => Response }) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.pathname === '/api/conversations/k1') return reply(CONVERSATION);
    if (url.pathname === '/api/conversations/k1/messages') {
      return reply({ items: [], nextCursor: null });
    }
    if (url.pathname === '/api/ai/models') return reply(options.models);
    if (url.pathname === '/api/conversations/k1/chat' && options.chat) return options.chat();
    return problem(404, 'not_found', 'x');
  });
}

const chatCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/conversations/k1/chat'));

function setup(lang: 'pt-BR' | 'en' = 'pt-BR', state?: unknown) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/dashboard/chat/k1', state }]}>
          <ConversationView conversationId="k1" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('ConversationView', () => {
  it('just created: the message box takes focus (not <body>, the dialog and its opener are gone)', async () => {
    withLayout();
    serve({ models: ONE_MODEL });
    setup('pt-BR', FOCUS_COMPOSER_STATE);
    const box = await screen.findByRole('textbox', { name: 'Sua mensagem' });
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('just created with no AI key: the title takes focus (the message box cannot be used)', async () => {
    withLayout();
    serve({ models: { items: [], default: null } });
    setup('pt-BR', FOCUS_COMPOSER_STATE);
    const heading = await screen.findByRole('heading', { name: 'Frações', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('opened from a link or a reload: focus stays where it was', async () => {
    withLayout();
    serve({ models: ONE_MODEL });
    setup();
    const box = await screen.findByRole('textbox', { name: 'Sua mensagem' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(document.body).toHaveFocus();
  });

  it('with no AI key anywhere explains how to add one, links to the profile and sends nothing', async () => {
    serve({ models: { items: [], default: null } });
    const { user } = setup();
    const note = await screen.findByRole('note');
    expect(within(note).getByText('Nenhuma chave de IA configurada')).toBeInTheDocument();
    expect(note).toHaveTextContent(/adicione sua própria chave .* no seu perfil/);
    expect(note).toHaveTextContent('Nada é enviado até lá.');
    expect(
      within(note).getByRole('link', { name: 'Adicionar uma chave no perfil' }),
    ).toHaveAttribute('href', '/profile#chaves-de-ia');
    const composer = screen.getByRole('textbox', { name: 'Sua mensagem' });
    expect(composer).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Modelo' })).not.toBeInTheDocument();

    // Even a forced submit (a restored draft, Enter) sends nothing.
    fireEvent.change(composer, { target: { value: 'Quanto é 1/2 + 1/3?' } });
    fireEvent.keyDown(composer, { key: 'Enter' });
    fireEvent.submit(composer.closest('form')!);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(chatCalls()).toHaveLength(0);
  });

  it('offers "Criar cartões": a link that opens the flashcards generator on this conversation', async () => {
    serve({ models: ONE_MODEL });
    setup();
    const link = await screen.findByRole('link', { name: 'Criar cartões' });
    expect(link).toHaveAttribute('href', '/dashboard/flashcard?generate=conversation:k1');
  });

  it('in English too', async () => {
    serve({ models: { items: [], default: null } });
    setup('en');
    const note = await screen.findByRole('note');
    expect(within(note).getByText('No AI key configured')).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Add a key in your profile' })).toHaveAttribute(
      'href',
      '/profile#chaves-de-ia',
    );
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeDisabled();
  });

  it('a 429 says how many seconds to wait (Retry-After) and gives the question back', async () => {
    serve({
      models: ONE_MODEL,
      chat: () =>
        reply({ type: 'about:blank', title: 'x', status: 429, code: 'rate_limited' }, 429, {
          'retry-after': '17',
        }),
    });
    const { user } = setup();
    const composer = await screen.findByRole('textbox', { name: 'Sua mensagem' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.type(composer, 'Quanto é 1/2 + 1/3?');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Você está enviando mensagens rápido demais. Espere 17 s e tente de novo.',
    );
    expect(chatCalls()).toHaveLength(1);
    expect(JSON.parse(String(chatCalls()[0]![1]?.body))).toMatchObject({
      action: 'send',
      text: 'Quanto é 1/2 + 1/3?',
      model: 'openai:gpt-4.1-mini',
    });
    expect(composer).toHaveValue('Quanto é 1/2 + 1/3?');
  });

  it('a 429 without Retry-After keeps the general message (English)', async () => {
    serve({
      models: ONE_MODEL,
      chat: () => problem(429, 'rate_limited', 'x'),
    });
    const { user } = setup('en');
    const composer = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(composer, 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'You are sending messages too fast. Wait a moment and try again.',
    );
    expect(alert).not.toHaveTextContent(/\d+ s/);
  });

  it('a failure to load the messages stays in the pane: header kept, one retry that works', async () => {
    let failing = true;
    fetchMock.mockImplementation(async (input) => {
      const url = requestUrl(input);
      if (url.pathname === '/api/conversations/k1') return reply(CONVERSATION);
      if (url.pathname === '/api/conversations/k1/messages') {
        return failing
          ? problem(503, 'database_unavailable')
          : reply({
              items: [
                {
                  id: 'm1',
                  role: 'user',
                  text: 'Quanto é 1/2 + 1/4?',
                  status: 'complete',
                  error_code: null,
                  model: null,
                  created_at: '2026-03-01T10:00:00.000Z',
                },
              ],
              nextCursor: null,
            });
      }
      if (url.pathname === '/api/ai/models') return reply(ONE_MODEL);
      return problem(404, 'not_found', 'x');
    });
    withLayout();
    const { user } = setup();
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Não foi possível carregar as mensagens.');
    // The conversation's header (title, mode) stays; nothing says the whole screen failed.
    expect(screen.getByRole('heading', { level: 2, name: 'Frações' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Modo do tutor' })).toBeInTheDocument();
    expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Quanto é 1/2 + 1/4?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);

  it('a class that requires Socratic mode locks the mode switch and says why', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = requestUrl(input);
      if (url.pathname === '/api/conversations/k1') {
        return reply(
          conversation('k1', 'Frações', {
            class_id: 'c9',
            class_title: 'Matemática 7A',
            socratic_required: true,
          }),
        );
      }
      if (url.pathname === '/api/conversations/k1/messages') {
        return reply({ items: [], nextCursor: null });
      }
      if (url.pathname === '/api/ai/models') return reply(ONE_MODEL);
      return problem(404, 'not_found', 'x');
    });
    setup();
    const mode = await screen.findByRole('combobox', { name: 'Modo do tutor' });
    expect(mode).toBeDisabled();
    expect(mode).toHaveValue('socratic');
    expect(mode).toHaveAccessibleDescription(
      'Um professor da turma Matemática 7A exige o modo socrático: o tutor guia você com perguntas.',
    );
    expect(
      screen.getByText(/Vinculada à turma Matemática 7A: os professores da turma podem ler/),
    ).toBeInTheDocument();
  });

  it('opened while its answer is still being written: follows it to the end (GET …/stream)', async () => {
    const sse = (chunks: object[]) =>
      new Response(
        chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n',
        {
          headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        },
      );
    fetchMock.mockImplementation(async (input, init) => {
      const url = requestUrl(input);
      if (url.pathname === '/api/conversations/k1') return reply(CONVERSATION);
      if (url.pathname === '/api/conversations/k1/messages') {
        return reply({
          items: [
            {
              id: 'q1',
              role: 'user',
              text: 'O que é um átomo?',
              status: 'complete',
              error_code: null,
              model: null,
              created_at: '2026-03-01T10:00:00.000Z',
            },
            {
              id: 'a1',
              role: 'assistant',
              text: 'Um átomo',
              status: 'streaming',
              error_code: null,
              model: 'openai:gpt-4.1-mini',
              created_at: '2026-03-01T10:00:01.000Z',
            },
          ],
          nextCursor: null,
        });
      }
      if (url.pathname === '/api/ai/models') return reply(ONE_MODEL);
      if (url.pathname === '/api/conversations/k1/stream' && (init?.method ?? 'GET') === 'GET') {
        const metadata = { messageId: 'a1', userMessageId: 'q1', model: 'openai:gpt-4.1-mini' };
        return sse([
          { type: 'start', messageId: 'a1', messageMetadata: metadata },
          { type: 'start-step' },
          { type: 'text-start', id: 'text' },
          { type: 'text-delta', id: 'text', delta: 'Um átomo é a menor parte' },
          { type: 'text-delta', id: 'text', delta: ' de um elemento.' },
          { type: 'text-end', id: 'text' },
          { type: 'finish-step' },
          { type: 'finish', finishReason: 'stop', messageMetadata: metadata },
        ]);
      }
      return problem(404, 'not_found', 'x');
    });
    withLayout();
    setup();
    expect(await screen.findByText('Um átomo é a menor parte de um elemento.')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Tutor' })).toHaveLength(1);
    expect(
      fetchMock.mock.calls.filter(([i]) => String(i).endsWith('/api/conversations/k1/stream')),
    ).toHaveLength(1);
  });
});
