import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type { Skill } from '@aprenda/shared/schemas/skills';
import { api } from '@/lib/api-client';

/**
 * The skills catalogue (docs/api/skills.md), shared by every feature that links content to a
 * skill (flashcards, exercises): a search for the picker and one skill by id.
 */

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

/** "EF09MA14 · Pitágoras", or the name alone for a skill without a code. */
export function skillLabel(skill: Pick<Skill, 'code' | 'name'>): string {
  return skill.code ? `${skill.code} · ${skill.name}` : skill.name;
}
