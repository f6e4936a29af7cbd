import { useMutation, useQuery } from '@tanstack/react-query';
import type { AiModelList } from '@aprenda/shared/schemas/conversations';
import type { GenerateDiagramInput, GeneratedDiagram } from '@aprenda/shared/schemas/diagrams';
import { api } from '@/lib/api-client';

/**
 * The tutor draws: the models the user may use (GET /ai/models, the chat's cache entry — none
 * means no key anywhere) and POST /diagrams/generate (nothing saved: the code opens in the editor).
 */
export function useAiModels(enabled = true) {
  return useQuery({
    queryKey: ['ai', 'models'] as const,
    queryFn: ({ signal }) => api().get<AiModelList>('/ai/models', { signal }),
    enabled,
  });
}

export function useGenerateDiagram() {
  return useMutation({
    mutationFn: (body: GenerateDiagramInput) =>
      api().post<GeneratedDiagram>('/diagrams/generate', { body }),
  });
}
