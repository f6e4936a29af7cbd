/** Where the flashcards screens live. */
export const FLASHCARDS_PATH = '/dashboard/flashcard';

export function deckPath(deckId: string): string {
  return `${FLASHCARDS_PATH}/${encodeURIComponent(deckId)}`;
}

export function studyPath(deckId: string): string {
  return `${deckPath(deckId)}/estudar`;
}
