import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Card, DeckDetail } from '@aprenda/shared/schemas/flashcards';
import { Toaster } from '@/components/ui/sonner';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DeckList } from './deck-list';
import { DeckScreen } from './deck-screen';

const fetchMock = stubFetch();

const DECK: DeckDetail = {
  id: 'd1',
  owner_id: 'u1',
  title: 'Biologia',
  description: null,
  desired_retention: 0.9,
  new_per_day: 20,
  reviews_per_day: 200,
  card_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  counts: { new: 0, learning: 0, review: 0, due: 0, total: 0 },
  source: 'own',
  can_edit: true,
  shares: [],
  parameters: { personalized: false, fitted_at: null, review_count: 0 },
  retention: { days: 30, reviews: 0, rate: null },
};

const CARD: Card = {
  id: 'k1',
  deck_id: 'd1',
  kind: 'basic',
  front: 'Onde ocorre a fotossíntese?',
  back: 'Nos cloroplastos',
  tags: [],
  skill_id: null,
  suspended: false,
  items: 1,
  content_version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function setup() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/flashcard/d1']}>
          <Routes>
            <Route path="/dashboard/flashcard" element={<DeckList userId="u1" />} />
            <Route
              path="/dashboard/flashcard/:deckId"
              element={<DeckScreen deckId="d1" userId="u1" />}
            />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('deck screen: deleting', () => {
  it('the deck: its page goes, and focus lands on the deck list heading, not <body>', async () => {
    let deleted = false;
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/decks/d1' && init?.method === 'DELETE') {
        deleted = true;
        return reply(null, 204);
      }
      if (url.pathname === '/api/decks/d1') return reply(DECK);
      if (url.pathname === '/api/decks') {
        return reply({ items: deleted ? [] : [DECK], nextCursor: null });
      }
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup();
    (await screen.findByRole('button', { name: 'Ações do baralho' })).focus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('menuitem', { name: 'Excluir baralho' })).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('alertdialog'))
      .getByRole('button', { name: 'Excluir baralho' })
      .focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Flashcards', level: 1 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(heading).toHaveFocus());
    // After the dialog's own close (a tick later) focus is still there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).toHaveFocus();
  });

  it('a card: its row goes, and focus lands on the "Cartões" heading, not <body>', async () => {
    let deleted = false;
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/cards/k1' && init?.method === 'DELETE') {
        deleted = true;
        return reply(null, 204);
      }
      if (url.pathname === '/api/decks/d1') return reply({ ...DECK, card_count: deleted ? 0 : 1 });
      if (url.pathname === '/api/decks/d1/cards') {
        return reply({ items: deleted ? [] : [CARD], nextCursor: null });
      }
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup();
    (
      await screen.findByRole('button', { name: 'Ações do cartão Onde ocorre a fotossíntese?' })
    ).focus();
    await user.keyboard('{Enter}');
    (await screen.findByRole('menuitem', { name: 'Excluir' })).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('alertdialog'))
      .getByRole('button', { name: 'Excluir cartão' })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cartão excluído.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Onde ocorre a fotossíntese?')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Cartões', level: 2 })).toHaveFocus(),
    );
  });
});
