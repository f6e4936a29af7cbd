import { useParams } from 'react-router';
import { useDeck } from '@/features/flashcards/api/decks';
import { DeckScreen } from '@/features/flashcards/components/deck-screen';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/** `/dashboard/flashcard/:deckId`: one deck, its settings and its cards. */
export function FlashcardDeckPage() {
  const { deckId = '' } = useParams();
  const user = useSignedInUser();
  const deck = useDeck(deckId);
  usePageTitle(
    deck.data ? 'flashcards:pageTitles.deck' : 'dashboard:tools.flashcard.name',
    deck.data ? { title: deck.data.title } : undefined,
  );
  return <DeckScreen key={deckId} deckId={deckId} userId={user.id} />;
}
