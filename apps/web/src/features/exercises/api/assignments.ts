import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Attempt,
  AttemptAnswerResult,
  AutoFlashcard,
  ItemResponse,
  StudentAssignment,
} from '@aprenda/shared/schemas/exercises';
import type { Card, Deck, DeckSummary } from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';

type Lang = 'pt-BR' | 'en';

/** Query keys of the student's side of assignments (one tree: `all` refreshes everything). */
export const studentAssignmentKeys = {
  all: ['student-assignments'] as const,
  list: () => ['student-assignments', 'list'] as const,
  detail: (id: string) => ['student-assignments', 'detail', id] as const,
  attempt: (id: string, lang: Lang) => ['student-assignments', 'attempt', id, lang] as const,
  decks: () => ['student-assignments', 'decks'] as const,
};

/** GET /assignments — the assignments of every class the caller studies in. */
export function studentAssignmentsQueryOptions() {
  return queryOptions({
    queryKey: studentAssignmentKeys.list(),
    queryFn: ({ signal }) => api().get<StudentAssignment[]>('/assignments', { signal }),
  });
}

export function useStudentAssignments() {
  return useQuery(studentAssignmentsQueryOptions());
}

/** GET /assignments/{id} */
export function useStudentAssignment(id: string) {
  return useQuery({
    queryKey: studentAssignmentKeys.detail(id),
    queryFn: ({ signal }) =>
      api().get<StudentAssignment>('/assignments/{id}', { params: { id }, signal }),
  });
}

/** GET /attempts/{id}?lang */
export function attemptQueryOptions(id: string, lang: Lang) {
  return queryOptions({
    queryKey: studentAssignmentKeys.attempt(id, lang),
    queryFn: ({ signal }) =>
      api().get<Attempt>('/attempts/{id}', { params: { id }, query: { lang }, signal }),
  });
}

export function useAttempt(id: string | null, lang: Lang) {
  return useQuery({ ...attemptQueryOptions(id ?? '', lang), enabled: id !== null });
}

/** The list and the assignment's own answer ask again (status, attempts, best score). */
function refreshAssignment(queryClient: QueryClient, assignmentId: string) {
  void queryClient.invalidateQueries({ queryKey: studentAssignmentKeys.list() });
  void queryClient.invalidateQueries({ queryKey: studentAssignmentKeys.detail(assignmentId) });
}

/** POST /assignments/{id}/attempts?lang — a new attempt, or the one not handed in yet. */
export function useStartAttempt(assignmentId: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api().post<Attempt>('/assignments/{id}/attempts', {
        params: { id: assignmentId },
        query: { lang },
      }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(studentAssignmentKeys.attempt(attempt.id, lang), attempt);
      refreshAssignment(queryClient, assignmentId);
    },
  });
}

export interface AttemptAnswerBody {
  id: string;
  item_id: string;
  response: ItemResponse;
  duration_ms: number;
  lang: Lang;
}

/**
 * POST /attempts/{id}/answers — idempotent by the client's id; null result: recorded only. `tz`:
 * the study day the answer counts for (metrics).
 */
export function sendAttemptAnswer(
  attemptId: string,
  body: AttemptAnswerBody,
): Promise<AttemptAnswerResult> {
  return api().post<AttemptAnswerResult>('/attempts/{id}/answers', {
    params: { id: attemptId },
    body: { ...body, tz: timeZone() },
  });
}

/**
 * The flashcards an attempt's wrong answers became on the server (the automatic setting), by item
 * id, for this visit (the attempt itself does not carry them). Outside the assignments' key tree:
 * refreshing an assignment keeps them.
 */
const autoFlashcardsKey = (attemptId: string) => ['auto-flashcards', attemptId] as const;
type AutoFlashcards = Record<string, AutoFlashcard>;

export function useAutoFlashcards(attemptId: string): AutoFlashcards {
  return (
    useQuery({
      queryKey: autoFlashcardsKey(attemptId),
      queryFn: (): AutoFlashcards => ({}),
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? {}
  );
}

export function rememberAutoFlashcard(
  queryClient: QueryClient,
  attemptId: string,
  itemId: string,
  card: AutoFlashcard,
) {
  queryClient.setQueryData<AutoFlashcards>(autoFlashcardsKey(attemptId), (old) => ({
    ...old,
    [itemId]: card,
  }));
}

/** POST /attempts/{id}/submit?lang — hand the attempt in (twice answers the same). */
export function useSubmitAttempt(assignmentId: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) =>
      api().post<Attempt>('/attempts/{id}/submit', {
        params: { id: attemptId },
        query: { lang },
      }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(studentAssignmentKeys.attempt(attempt.id, lang), attempt);
      refreshAssignment(queryClient, assignmentId);
    },
  });
}

// ── Flashcards from wrong answers (the flashcards API; this feature imports no other) ──

const DECKS_LIMIT = 100;

/** GET /decks — the caller's own decks (cards go only into those). */
export function useOwnDecks(enabled: boolean) {
  return useQuery({
    queryKey: studentAssignmentKeys.decks(),
    queryFn: async ({ signal }) => {
      const page = await api().get<Page<DeckSummary>>('/decks', {
        query: { limit: DECKS_LIMIT },
        signal,
      });
      return page.items.filter((deck) => deck.source === 'own');
    },
    enabled,
  });
}

export interface NewCard {
  /** An own deck's id, or null for a new deck titled `newDeckTitle`. */
  deckId: string | null;
  newDeckTitle: string;
  front: string;
  back: string;
  skillId: string | null;
}

/** POST /decks (when asked) then POST /decks/{id}/cards; answers the deck's title. */
export function useCreateFlashcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (card: NewCard): Promise<{ deckTitle: string }> => {
      let deckId = card.deckId;
      let title = card.newDeckTitle;
      if (deckId === null) {
        const deck = await api().post<Deck>('/decks', { body: { title: card.newDeckTitle } });
        deckId = deck.id;
        title = deck.title;
      } else {
        const known = queryClient
          .getQueryData<DeckSummary[]>(studentAssignmentKeys.decks())
          ?.find((d) => d.id === deckId);
        title = known?.title ?? title;
      }
      await api().post<Card>('/decks/{id}/cards', {
        params: { id: deckId },
        body: { kind: 'basic', front: card.front, back: card.back, skill_id: card.skillId },
      });
      return { deckTitle: title };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: studentAssignmentKeys.decks() });
      // The flashcards screens' cached lists (their key tree starts with 'flashcards').
      void queryClient.invalidateQueries({ queryKey: ['flashcards'] });
    },
  });
}
