/** Where adaptive practice lives: the list, one skill's practice, or "o que eu mais preciso". */
export const PRACTICE_PATH = '/dashboard/adaptive';

export function skillPath(skillId: string): string {
  return `${PRACTICE_PATH}?${new URLSearchParams({ habilidade: skillId }).toString()}`;
}

export function needPath(): string {
  return `${PRACTICE_PATH}?${new URLSearchParams({ modo: 'preciso' }).toString()}`;
}

/** What the address asks for: a skill, "o que eu mais preciso", or the list. */
export type PracticeTarget =
  { kind: 'list' } | { kind: 'skill'; skillId: string } | { kind: 'need' };

export function practiceTarget(search: URLSearchParams): PracticeTarget {
  const skillId = search.get('habilidade');
  if (skillId) return { kind: 'skill', skillId };
  if (search.get('modo') === 'preciso') return { kind: 'need' };
  return { kind: 'list' };
}
