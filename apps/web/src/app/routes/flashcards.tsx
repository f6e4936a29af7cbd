import { DeckList } from '@/features/flashcards/components/deck-list';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/** `/dashboard/flashcard`: the student's decks, then the decks of their classes ("Da turma"). */
export function FlashcardsPage() {
  const user = useSignedInUser();
  usePageTitle('dashboard:tools.flashcard.name');
  return <DeckList userId={user.id} />;
}
