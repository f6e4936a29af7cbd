import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { AiModelList } from '@aprenda/shared/schemas/conversations';
import type { DeckSummary, GenerateCardsResult } from '@aprenda/shared/schemas/flashcards';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { GenerateCardsDialog, type GenerateSource } from './generate-cards-dialog';

const fetchMock = stubFetch();

const ONE_MODEL: AiModelList = {
  items: [{ id: 'openai:fake', provider: 'openai', label: 'Fake', source: 'school' }],
  default: 'openai:fake',
};

function deck(id: string, title: string): DeckSummary {
  return {
    id,
    owner_id: 'u1',
    title,
    description: null,
    desired_retention: 0.9,
    new_per_day: 20,
    reviews_per_day: 200,
    card_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    counts: { new: 0, learning: 0, review: 0, due: 0, total: 0 },
    source: 'own',
    classes: [],
  };
}

const PROPOSED: GenerateCardsResult = {
  model: 'openai:fake',
  cards: [
    {
      kind: 'basic',
      front: 'Onde ocorre a fotossíntese?',
      back: 'Nos cloroplastos',
      tags: ['bio'],
    },
    { kind: 'cloze', front: 'A {{c1::clorofila}} absorve luz.', back: '', tags: [] },
    { kind: 'basic', front: 'Pergunta ruim', back: 'Resposta ruim', tags: [] },
  ],
};

interface Calls {
  generate: unknown[];
  batch: Array<{ path: string; body: unknown }>;
}

function setup(options: {
  models?: AiModelList;
  source?: GenerateSource;
  generate?: () => Response;
  batch?: () => Response;
  lang?: 'pt-BR' | 'en';
}) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, options.lang ?? 'pt-BR');
  const calls: Calls = { generate: [], batch: [] };
  serve(fetchMock, (url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (url.pathname === '/api/ai/models') return reply(options.models ?? ONE_MODEL);
    if (url.pathname === '/api/decks') {
      return reply({ items: [deck('d1', 'Biologia'), deck('d2', 'História')], nextCursor: null });
    }
    if (url.pathname === '/api/conversations/k1') {
      return reply({ id: 'k1', title: 'Fotossíntese' });
    }
    if (url.pathname === '/api/flashcards/generate') {
      calls.generate.push(body);
      return options.generate ? options.generate() : reply(PROPOSED);
    }
    if (/^\/api\/decks\/[^/]+\/cards\/batch$/.test(url.pathname)) {
      calls.batch.push({ path: url.pathname, body });
      return options.batch ? options.batch() : reply({ items: [] }, 201);
    }
    return problem(404, 'not_found');
  });
  const user = userEvent.setup();
  const saved: string[] = [];
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <GenerateCardsDialog
            open
            onOpenChange={() => {}}
            source={options.source ?? { kind: 'text' }}
            deckId="d2"
            onSaved={(id) => saved.push(id)}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, calls, saved };
}

describe('GenerateCardsDialog (cards from the tutor)', () => {
  it('proposes from pasted text; the user edits one, discards one, and saves the kept ones in one batch', async () => {
    const { user, calls, saved } = setup({});
    const text = await screen.findByRole('textbox', { name: 'Texto' });
    const propose = screen.getByRole('button', { name: 'Sugerir cartões' });
    await user.type(text, 'A fotossíntese ocorre nos cloroplastos.');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'No máximo quantos cartões' }),
      '5',
    );
    await user.click(propose);

    const list = await screen.findByRole('list', { name: 'Cartões sugeridos' });
    expect(calls.generate).toEqual([
      { source: { text: 'A fotossíntese ocorre nos cloroplastos.' }, count: 5 },
    ]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 de 3 cartões serão salvos');

    const fronts = within(list).getAllByRole('textbox', { name: 'Frente (pergunta)' });
    await user.clear(fronts[0]!);
    await user.type(fronts[0]!, 'Em que organela ocorre a fotossíntese?');
    await user.click(within(list).getByRole('button', { name: 'Descartar cartão 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 de 3 cartões serão salvos');
    expect(within(list).getByText(/Cartão 3 descartado/)).toBeInTheDocument();

    // The deck screen's deck is preselected.
    expect(screen.getByRole('combobox', { name: 'Salvar no baralho' })).toHaveValue('d2');
    await user.click(screen.getByRole('button', { name: 'Salvar 2 cartões' }));
    await waitFor(() => expect(saved).toEqual(['d2']));
    expect(calls.batch).toEqual([
      {
        path: '/api/decks/d2/cards/batch',
        body: {
          cards: [
            {
              kind: 'basic',
              front: 'Em que organela ocorre a fotossíntese?',
              back: 'Nos cloroplastos',
              tags: ['bio'],
            },
            { kind: 'cloze', front: 'A {{c1::clorofila}} absorve luz.', back: '', tags: [] },
          ],
        },
      },
    ]);
  });

  it('a cloze card without a deletion is flagged before anything is sent; a failed save keeps every edit', async () => {
    const { user, calls } = setup({ batch: () => problem(503, 'database_unavailable') });
    await user.type(await screen.findByRole('textbox', { name: 'Texto' }), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Sugerir cartões' }));
    const list = await screen.findByRole('list', { name: 'Cartões sugeridos' });
    const cloze = within(list).getByRole('textbox', { name: 'Texto com lacunas' });
    await user.clear(cloze);
    await user.type(cloze, 'Sem lacuna');
    await user.click(screen.getByRole('button', { name: 'Salvar 3 cartões' }));
    expect(
      await screen.findByText(/Esconda pelo menos uma parte com \{\{c1::\.\.\.\}\}/),
    ).toBeInTheDocument();
    expect(cloze).toHaveAttribute('aria-invalid', 'true');
    expect(calls.batch).toHaveLength(0);

    await user.clear(cloze);
    await user.type(cloze, 'Com {{{{c1::lacuna}}');
    await user.click(screen.getByRole('button', { name: 'Salvar 3 cartões' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível salvar os cartões',
    );
    expect(calls.batch).toHaveLength(1);
    expect(within(list).getByRole('textbox', { name: 'Texto com lacunas' })).toHaveValue(
      'Com {{c1::lacuna}}',
    );
  });

  it('from a conversation: names it, sends its id, and a provider error offers a retry', async () => {
    let fail = true;
    const { user, calls } = setup({
      source: { kind: 'conversation', conversationId: 'k1' },
      generate: () => (fail ? problem(502, 'provider_rate_limited') : reply(PROPOSED)),
    });
    expect(await screen.findByText(/A IA lê a conversa “Fotossíntese”/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Texto' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sugerir cartões' }));
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByRole('list', { name: 'Cartões sugeridos' });
    expect(calls.generate).toEqual([
      { source: { conversation_id: 'k1' }, count: 10 },
      { source: { conversation_id: 'k1' }, count: 10 },
    ]);
  });

  it('with no AI key anywhere explains how to add one (as the chat) and sends nothing', async () => {
    const { calls } = setup({ models: { items: [], default: null } });
    const note = await screen.findByRole('note');
    expect(within(note).getByText('Nenhuma chave de IA configurada')).toBeInTheDocument();
    expect(note).toHaveTextContent(/adicione sua própria chave .* no seu perfil/);
    expect(
      within(note).getByRole('link', { name: 'Adicionar uma chave no perfil' }),
    ).toHaveAttribute('href', '/profile#chaves-de-ia');
    expect(screen.getByRole('button', { name: 'Sugerir cartões' })).toBeDisabled();
    expect(calls.generate).toHaveLength(0);
  });

  it('in English too, and a no_api_key answer shows the same note', async () => {
    const { user } = setup({ lang: 'en', generate: () => problem(400, 'no_api_key') });
    await user.type(await screen.findByRole('textbox', { name: 'Text' }), 'Some text');
    await user.click(screen.getByRole('button', { name: 'Suggest cards' }));
    const note = await screen.findByRole('note');
    expect(within(note).getByRole('link', { name: 'Add a key in your profile' })).toHaveAttribute(
      'href',
      '/profile#chaves-de-ia',
    );
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Some text');
  });
});
