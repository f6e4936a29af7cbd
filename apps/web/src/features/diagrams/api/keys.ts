/** Query keys of the diagrams feature (one tree: invalidating `all` refreshes everything). */
export const diagramsKeys = {
  all: ['diagrams'] as const,
  list: () => ['diagrams', 'list'] as const,
  detail: (id: string) => ['diagrams', 'detail', id] as const,
  /** The same cache entry as the other features' "classes I teach". */
  teaching: () => ['classes', 'teaching'] as const,
};
