import { useQuery } from '@tanstack/react-query';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';
import { diagramsKeys } from './keys';

/**
 * GET /classes/teaching — the classes where I am a teacher: where a diagram of mine can be shared.
 * The same query (and cache entry) as the teacher screens'.
 */
export function useTeachingClasses(enabled = true) {
  return useQuery({
    queryKey: diagramsKeys.teaching(),
    queryFn: ({ signal }) =>
      api().get<Page<ClassSummary>>('/classes/teaching', { query: { limit: 100 }, signal }),
    enabled,
  });
}
