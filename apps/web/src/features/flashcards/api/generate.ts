import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiModelList, Conversation } from '@aprenda/shared/schemas/conversations';
import type {
  CardBatchResult,
  CardInput,
  GenerateCardsInput,
  GenerateCardsResult,
} from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { refreshDecks } from './decks';
import { flashcardsKeys } from './keys';

/**
 * Cards from the tutor: the models the user may use (GET /ai/models, the chat's cache entry), the
 * conversation a generation starts from (GET /conversations/{id}, the chat's cache entry), the
 * proposals (POST /flashcards/generate: nothing is saved) and saving the kept ones in one batch
 * (POST /decks/{id}/cards/batch: all or nothing).
 */
export function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: ['ai', 'models'] as const,
    queryFn: ({ signal }) => api().get<AiModelList>('/ai/models', { signal }),
  });
}

export function useAiModels(enabled: boolean) {
  return useQuery({ ...aiModelsQueryOptions(), enabled });
}

export function useSourceConversation(id: string | null) {
  return useQuery({
    queryKey: ['conversations', 'detail', id ?? ''] as const,
    queryFn: ({ signal }) =>
      api().get<Conversation>('/conversations/{id}', { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useGenerateCards() {
  return useMutation({
    mutationFn: (body: GenerateCardsInput) =>
      api().post<GenerateCardsResult>('/flashcards/generate', { body }),
  });
}

export function useSaveProposals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deckId, cards }: { deckId: string; cards: CardInput[] }) =>
      api().post<CardBatchResult>('/decks/{id}/cards/batch', {
        params: { id: deckId },
        body: { cards },
      }),
    onSuccess: (_, { deckId }) => {
      void queryClient.invalidateQueries({ queryKey: flashcardsKeys.cards(deckId) });
      refreshDecks(queryClient, deckId);
    },
  });
}
