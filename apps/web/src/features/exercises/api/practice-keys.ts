/** Query keys of adaptive practice (one tree: invalidating `all` refreshes everything). */
export const practiceKeys = {
  all: ['practice'] as const,
  skills: () => ['practice', 'skills'] as const,
  history: (skillId: string) => ['practice', 'history', skillId] as const,
  settings: () => ['practice', 'settings'] as const,
};
