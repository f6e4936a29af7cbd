import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { DeckDetail, Queue, QueueItem } from '@aprenda/shared/schemas/flashcards';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ReviewScreen } from './review-screen';

const fetchMock = stubFetch();

const DECK: DeckDetail = {
  id: 'd1',
  owner_id: 'u1',
  title: 'Biologia',
  description: null,
  desired_retention: 0.9,
  new_per_day: 20,
  reviews_per_day: 200,
  card_count: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  counts: { new: 2, learning: 0, review: 0, due: 2, total: 2 },
  source: 'own',
  can_edit: true,
  shares: [],
  parameters: { personalized: false, fitted_at: null, review_count: 0 },
  retention: { days: 30, reviews: 0, rate: null },
};

const MIN = 60_000;

/** A new card: "De novo" brings it back in 1 min, "Difícil" 6, "Bom" 10, "Fácil" in 3 days. */
function newItem(id: string): QueueItem {
  const at = (ms: number) => ({ due: new Date(Date.now() + ms).toISOString(), interval_ms: ms });
  return {
    item_id: id,
    card_id: `card-${id}`,
    kind: 'basic',
    ord: 0,
    front: `Pergunta ${id}`,
    back: `Resposta ${id}`,
    state: 'new',
    previews: { 1: at(MIN), 2: at(6 * MIN), 3: at(10 * MIN), 4: at(3 * 1440 * MIN) },
  };
}

function learningItem(id: string): QueueItem {
  return { ...newItem(id), state: 'learning' };
}

/**
 * Serves the deck, the ratings, and the queue: `queueFor` answers from the items rated so far
 * (in order) and how many times the queue was asked for before.
 */
function server(queueFor: (rated: string[], asked: number) => Queue | Response) {
  const rated: string[] = [];
  let asked = 0;
  serve(fetchMock, async (url, init) => {
    if (url.pathname === '/api/decks/d1/queue') {
      const queue = queueFor(rated, asked);
      asked += 1;
      return queue instanceof Response ? queue : reply(queue);
    }
    if (url.pathname === '/api/decks/d1') return reply(DECK);
    if (url.pathname === '/api/reviews' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { id: string; item_id: string };
      rated.push(body.item_id);
      return reply({
        review_id: body.id,
        item_id: body.item_id,
        state: 'learning',
        due: new Date(Date.now() + MIN).toISOString(),
        scheduled_days: 0,
        counts: DECK.counts,
      });
    }
    return reply({ items: [], nextCursor: null });
  });
  return { asked: () => asked };
}

function setup(userId: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/flashcard/d1/estudar']}>
          <ReviewScreen deckId="d1" userId={userId} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

/** Shows the answer (Space) and rates by key: a tap just after a rating is held back. */
async function rate(user: ReturnType<typeof userEvent.setup>, front: string, key: 1 | 2 | 3 | 4) {
  const card = await screen.findByTestId('review-card');
  await waitFor(() => expect(within(card).getByText(front)).toBeInTheDocument());
  await user.keyboard(' ');
  await screen.findByRole('group', { name: 'Como foi?' });
  await user.keyboard(String(key));
}

const FIRST_QUEUE: Queue = {
  items: [newItem('a'), newItem('b')],
  counts: { new: 2, learning: 0, review: 0, due: 2, total: 2 },
  next_due_at: null,
};

/** After "a" was rated and comes back later today: "b" is left (the server counts both). */
const AFTER_A: Queue = {
  items: [newItem('b')],
  counts: { new: 1, learning: 1, review: 0, due: 2, total: 2 },
  next_due_at: null,
};

describe('review screen: learning cards that come back today', () => {
  it('"De novo" then "Bom" on a new deck: the cards come back in the sitting, still counted today', async () => {
    // Learning items due within the learn-ahead window are what the server deals once nothing
    // else is left.
    server((rated) =>
      rated.length === 0
        ? FIRST_QUEUE
        : rated.length === 1
          ? AFTER_A
          : {
              items: [learningItem('a'), learningItem('b')],
              counts: { new: 0, learning: 2, review: 0, due: 2, total: 2 },
              next_due_at: null,
            },
    );
    const { user } = setup('u-ahead');
    await rate(user, 'Pergunta a', 1);
    expect(screen.getByTestId('review-progress')).toHaveTextContent('2 cartões restantes hoje');
    await rate(user, 'Pergunta b', 3);
    // Asked again after the ratings (which leave nothing loaded): the first card is back.
    const card = await screen.findByTestId('review-card');
    await waitFor(() => expect(within(card).getByText('Pergunta a')).toBeInTheDocument());
    expect(screen.getByTestId('review-progress')).toHaveTextContent('2 cartões restantes hoje');
    expect(screen.queryByText('Nenhum cartão agendado neste baralho.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pronto por hoje!' })).toBeNull();
  });

  it('learning cards due later today: the end screen says how many and when, never "nenhum cartão agendado"', async () => {
    const nextAt = new Date(Date.now() + 25 * MIN).toISOString();
    server((rated) =>
      rated.length === 0
        ? FIRST_QUEUE
        : rated.length === 1
          ? AFTER_A
          : // Beyond the learn-ahead window: nothing to deal now, two learning cards later today.
            {
              items: [],
              counts: { new: 0, learning: 2, review: 0, due: 2, total: 2 },
              next_due_at: nextAt,
            },
    );
    const { user } = setup('u-later');
    await rate(user, 'Pergunta a', 1);
    await rate(user, 'Pergunta b', 3);
    expect(await screen.findByRole('heading', { name: 'Por enquanto é só!' })).toBeInTheDocument();
    expect(screen.getByTestId('review-next')).toHaveTextContent(
      /^2 cartões voltam hoje; o próximo em 2[45] minutos\. Esta tela continua sozinha/,
    );
    expect(screen.queryByText('Nenhum cartão agendado neste baralho.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pronto por hoje!' })).toBeNull();
    expect(screen.getByText('Você estudou 2 cartões.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar estudando' })).toBeNull();
  });

  it('a learning card due: the screen asks for it by itself, and offers to carry on if that fails', async () => {
    const dueAt = new Date(Date.now() + 1500).toISOString();
    let askedWhenDue = 0;
    server((rated) => {
      if (rated.length === 0) return FIRST_QUEUE;
      if (rated.length === 1) return { ...AFTER_A, counts: { ...AFTER_A.counts, learning: 0 } };
      if (Date.now() < Date.parse(dueAt)) {
        return {
          items: [],
          counts: { new: 0, learning: 1, review: 0, due: 1, total: 2 },
          next_due_at: dueAt,
        };
      }
      // The request made when the card is due fails; "Continuar estudando" asks again.
      askedWhenDue += 1;
      if (askedWhenDue === 1) return problem(503, 'unavailable');
      return {
        items: [learningItem('b')],
        counts: { new: 0, learning: 1, review: 0, due: 1, total: 2 },
        next_due_at: null,
      };
    });
    const { user } = setup('u-due');
    await rate(user, 'Pergunta a', 4);
    await rate(user, 'Pergunta b', 1);
    expect(await screen.findByTestId('review-next')).toHaveTextContent(
      /^1 cartão volta hoje, em 1 minuto\./,
    );
    await waitFor(() => expect(askedWhenDue).toBe(1), { timeout: 4000 });
    await waitFor(() =>
      expect(screen.getByTestId('review-next')).toHaveTextContent(
        'Um cartão já pode ser estudado de novo.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continuar estudando' }));
    const card = await screen.findByTestId('review-card');
    await waitFor(() => expect(within(card).getByText('Pergunta b')).toBeInTheDocument());
    expect(askedWhenDue).toBe(2);
  });

  it('nothing more today: "Pronto por hoje!" with the next card\'s day', async () => {
    server((rated) =>
      rated.length < 2
        ? { ...FIRST_QUEUE, items: FIRST_QUEUE.items.filter((i) => !rated.includes(i.item_id)) }
        : {
            items: [],
            counts: { new: 0, learning: 0, review: 0, due: 0, total: 2 },
            next_due_at: new Date(Date.now() + 3 * 1440 * MIN).toISOString(),
          },
    );
    const { user } = setup('u-done');
    await rate(user, 'Pergunta a', 4);
    await rate(user, 'Pergunta b', 4);
    expect(await screen.findByRole('heading', { name: 'Pronto por hoje!' })).toBeInTheDocument();
    expect(screen.getByTestId('review-next')).toHaveTextContent(/^Próximo cartão: .+/);
    expect(screen.queryByRole('button', { name: 'Continuar estudando' })).toBeNull();
  });
});
