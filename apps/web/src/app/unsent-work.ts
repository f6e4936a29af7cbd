import { unsentReviews } from '@/features/flashcards/api/reviews';
import { sceneOutbox } from '@/features/whiteboard/lib/outbox';

/**
 * Work done on this device that has not reached the server yet: flashcard ratings and whiteboard
 * scenes saved while offline (each feature keeps its own outbox). Signing out removes the device's
 * data (lib/device-data.ts), so the user menu asks first when this is not zero. Ratings that can go
 * now are sent before counting, for at most `waitMs`. A count that cannot be read counts as zero:
 * signing out must never be blocked by it. Imported statically: the dashboard fetches this module
 * once its first screen is up (dashboard-layout.tsx), so it still answers offline.
 */
export async function countUnsentWork(userId: string, waitMs = 3000): Promise<number> {
  const counts = await Promise.all([
    unsentReviews(userId, waitMs).catch(() => 0),
    sceneOutbox()
      .count(userId)
      .catch(() => 0),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}
