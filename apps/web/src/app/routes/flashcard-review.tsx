import { useParams } from 'react-router';
import { useDeck } from '@/features/flashcards/api/decks';
import { ReviewScreen } from '@/features/flashcards/components/review-screen';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/** `/dashboard/flashcard/:deckId/estudar`: the review screen of one deck. */
export function FlashcardReviewPage() {
  const { deckId = '' } = useParams();
  const user = useSignedInUser();
  const deck = useDeck(deckId);
  usePageTitle(
    deck.data ? 'flashcards:pageTitles.review' : 'dashboard:tools.flashcard.name',
    deck.data ? { title: deck.data.title } : undefined,
  );
  return <ReviewScreen key={deckId} deckId={deckId} userId={user.id} />;
}
