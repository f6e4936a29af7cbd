import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  CreateDeckInput,
  Deck,
  DeckDetail,
  DeckShare,
  DeckSummary,
  UpdateDeckInput,
} from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';
import { flashcardsKeys } from './keys';

const DECKS_PAGE_SIZE = 50;

/** GET /decks?tz — own decks, then class decks, each with today's counts. */
export function decksQueryOptions() {
  return infiniteQueryOptions({
    queryKey: flashcardsKeys.deckList(),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<DeckSummary>>('/decks', {
        query: { tz: timeZone(), cursor: pageParam ?? undefined, limit: DECKS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDecks() {
  return useInfiniteQuery(decksQueryOptions());
}

/** GET /decks/{id}?tz */
export function deckQueryOptions(id: string) {
  return queryOptions({
    queryKey: flashcardsKeys.deck(id),
    queryFn: ({ signal }) =>
      api().get<DeckDetail>('/decks/{id}', { params: { id }, query: { tz: timeZone() }, signal }),
  });
}

export function useDeck(id: string) {
  return useQuery(deckQueryOptions(id));
}

/** After anything that changes counts or decks: the list and the deck screens ask again. */
export function refreshDecks(queryClient: QueryClient, deckId?: string) {
  void queryClient.invalidateQueries({ queryKey: flashcardsKeys.deckList() });
  if (deckId) void queryClient.invalidateQueries({ queryKey: flashcardsKeys.deck(deckId) });
}

export function useCreateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeckInput) => api().post<Deck>('/decks', { body }),
    onSuccess: () => refreshDecks(queryClient),
  });
}

export function useUpdateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDeckInput }) =>
      api().put<Deck>('/decks/{id}', { params: { id }, body: changes }),
    onSuccess: (deck) => {
      queryClient.setQueryData<DeckDetail>(flashcardsKeys.deck(deck.id), (old) =>
        old ? { ...old, ...deck } : old,
      );
      refreshDecks(queryClient, deck.id);
    },
  });
}

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/decks/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: flashcardsKeys.deck(id) });
      queryClient.removeQueries({ queryKey: flashcardsKeys.cards(id) });
      refreshDecks(queryClient);
    },
  });
}

/** POST /decks/{id}/copy — a class deck (or any readable deck) becomes a new deck of mine. */
export function useCopyDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().post<Deck>('/decks/{id}/copy', { params: { id } }),
    onSuccess: () => refreshDecks(queryClient),
  });
}

export function useShareDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, classId }: { id: string; classId: string }) =>
      api().post<DeckShare>('/decks/{id}/shares', { params: { id }, body: { class_id: classId } }),
    onSuccess: (_, { id }) => refreshDecks(queryClient, id),
  });
}

export function useUnshareDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, classId }: { id: string; classId: string }) =>
      api().delete<void>('/decks/{id}/shares/{classId}', { params: { id, classId } }),
    onSuccess: (_, { id }) => refreshDecks(queryClient, id),
  });
}
