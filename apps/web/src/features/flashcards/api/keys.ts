/** Query keys of the flashcards feature (one tree: invalidating `all` refreshes everything). */
export const flashcardsKeys = {
  all: ['flashcards'] as const,
  decks: () => ['flashcards', 'decks'] as const,
  deckList: () => ['flashcards', 'decks', 'list'] as const,
  deck: (id: string) => ['flashcards', 'decks', 'detail', id] as const,
  cards: (deckId: string) => ['flashcards', 'cards', deckId] as const,
  cardList: (deckId: string, q: string) => ['flashcards', 'cards', deckId, q] as const,
  teaching: () => ['classes', 'teaching'] as const,
};
