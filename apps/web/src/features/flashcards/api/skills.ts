import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Skill } from '@aprenda/shared/schemas/skills';
import { api } from '@/lib/api-client';

const SKILL_RESULTS = 6;

/** GET /skills?q — the catalogue's first matches (code or name, accent- and case-blind). */
export function useSkillSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['skills', 'search', q],
    queryFn: ({ signal }) =>
      api().get<Page<Skill>>('/skills', {
        query: { q: q || undefined, limit: SKILL_RESULTS },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** GET /skills/{id} — the chosen skill's code and name. */
export function useSkill(id: string | null) {
  return useQuery({
    queryKey: ['skills', 'one', id],
    queryFn: ({ signal }) => api().get<Skill>('/skills/{id}', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 30 * 60_000,
  });
}
