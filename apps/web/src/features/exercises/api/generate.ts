import { useMutation, useQuery } from '@tanstack/react-query';
import type { AiModelList } from '@aprenda/shared/schemas/conversations';
import type { GenerateItemsInput, GenerateItemsResult } from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';

/**
 * Items from the AI: the models the user may use (GET /ai/models, the chat's cache entry: an
 * empty list means no key anywhere) and the proposals (POST /items/generate: nothing is saved).
 */
export function useAiModelsForItems(enabled: boolean) {
  return useQuery({
    queryKey: ['ai', 'models'] as const,
    queryFn: ({ signal }) => api().get<AiModelList>('/ai/models', { signal }),
    enabled,
  });
}

export function useGenerateItems() {
  return useMutation({
    mutationFn: (body: GenerateItemsInput) =>
      api().post<GenerateItemsResult>('/items/generate', { body }),
  });
}
