import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Card, CardInput, UpdateCardInput } from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { refreshDecks } from './decks';
import { flashcardsKeys } from './keys';

const CARDS_PAGE_SIZE = 50;

/** GET /decks/{id}/cards?q — newest first; `q` searches front, back and tags. */
export function cardsQueryOptions(deckId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: flashcardsKeys.cardList(deckId, q),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<Card>>('/decks/{id}/cards', {
        params: { id: deckId },
        query: { q: q || undefined, cursor: pageParam ?? undefined, limit: CARDS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCards(deckId: string, q: string) {
  return useInfiniteQuery(cardsQueryOptions(deckId, q));
}

/** Cards, counts and lists of the decks involved ask again. */
function refreshCards(queryClient: QueryClient, ...deckIds: string[]) {
  for (const id of deckIds) {
    void queryClient.invalidateQueries({ queryKey: flashcardsKeys.cards(id) });
    refreshDecks(queryClient, id);
  }
}

export function useCreateCard(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardInput) =>
      api().post<Card>('/decks/{id}/cards', { params: { id: deckId }, body }),
    onSuccess: () => refreshCards(queryClient, deckId),
  });
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCardInput }) =>
      api().put<Card>('/cards/{id}', { params: { id }, body: changes }),
    onSuccess: (card) => refreshCards(queryClient, card.deck_id),
  });
}

export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, deckId }: { card: Card; deckId: string }) =>
      api().post<Card>('/cards/{id}/move', { params: { id: card.id }, body: { deck_id: deckId } }),
    onSuccess: (moved, { card }) => refreshCards(queryClient, card.deck_id, moved.deck_id),
  });
}

export function useSuspendCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) =>
      api().post<Card>('/cards/{id}/suspend', { params: { id }, body: { suspended } }),
    onSuccess: (card) => refreshCards(queryClient, card.deck_id),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: Card) => api().delete<void>('/cards/{id}', { params: { id: card.id } }),
    onSuccess: (_, card) => refreshCards(queryClient, card.deck_id),
  });
}

/**
 * POST /cards/{id}/restore — the undo of a delete (within 24 h). A plain function: the toast's
 * button may be pressed after the screen that deleted the card is gone.
 */
export async function restoreCard(queryClient: QueryClient, id: string): Promise<Card> {
  const card = await api().post<Card>('/cards/{id}/restore', { params: { id } });
  refreshCards(queryClient, card.deck_id);
  return card;
}

/** POST /cards/{id}/restore as a mutation. */
export function useRestoreCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().post<Card>('/cards/{id}/restore', { params: { id } }),
    onSuccess: (card) => refreshCards(queryClient, card.deck_id),
  });
}
