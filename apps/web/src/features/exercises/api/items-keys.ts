/** Query keys of the item bank (one tree: invalidating `all` refreshes lists and details). */
export const itemsKeys = {
  all: ['exercises', 'items'] as const,
  lists: () => ['exercises', 'items', 'list'] as const,
  list: (q: string, skillId: string | null) =>
    ['exercises', 'items', 'list', q, skillId ?? ''] as const,
  detail: (id: string) => ['exercises', 'items', 'detail', id] as const,
  variant: (id: string, seed: string) => ['exercises', 'items', 'variant', id, seed] as const,
};
