/** Query keys of the whiteboard feature (one tree: invalidating `all` refreshes everything). */
export const whiteboardKeys = {
  all: ['whiteboard'] as const,
  list: () => ['whiteboard', 'list'] as const,
  board: (id: string) => ['whiteboard', 'board', id] as const,
  handouts: (id: string, classId: string) => ['whiteboard', 'handouts', id, classId] as const,
  /** The same cache entry as the teacher screens' and the flashcards' share dialog. */
  teaching: () => ['classes', 'teaching'] as const,
};
