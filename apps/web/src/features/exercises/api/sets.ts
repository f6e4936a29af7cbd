import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  Assignment,
  AssignmentInput,
  AssignmentUpdate,
  ExerciseSet,
  ItemDetail,
  SetInput,
} from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';

/** Query keys of sets and assignments (the teacher's side; docs/api/exercises.md). */
export const setsKeys = {
  all: ['exercises', 'sets'] as const,
  list: () => ['exercises', 'sets', 'list'] as const,
  /** Under the item bank's tree, so a change in the bank refreshes the picker too. */
  picker: (q: string) => ['exercises', 'items', 'picker', q] as const,
  assignments: () => ['exercises', 'assignments', 'class'] as const,
  classAssignments: (classId: string) => ['exercises', 'assignments', 'class', classId] as const,
  /** The same cache entry as the teacher screens' list of classes. */
  teaching: () => ['classes', 'teaching'] as const,
};

const SETS_PAGE_SIZE = 20;
const PICKER_RESULTS = 8;

/** GET /sets — the teacher's sets, newest first. */
export function setsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: setsKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<ExerciseSet>>('/sets', {
        query: { cursor: pageParam ?? undefined, limit: SETS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSets() {
  return useInfiniteQuery(setsQueryOptions());
}

function refreshSets(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: setsKeys.all });
}

export function useCreateSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetInput) => api().post<ExerciseSet>('/sets', { body }),
    onSuccess: () => refreshSets(queryClient),
  });
}

export function useUpdateSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetInput }) =>
      api().put<ExerciseSet>('/sets/{id}', { params: { id }, body }),
    onSuccess: () => refreshSets(queryClient),
  });
}

export function useDeleteSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/sets/{id}', { params: { id } }),
    onSuccess: () => refreshSets(queryClient),
  });
}

/** GET /items?q — the first items of the teacher's bank matching `q` (the set editor's picker). */
export function useItemPicker(q: string) {
  return useQuery({
    queryKey: setsKeys.picker(q),
    queryFn: ({ signal }) =>
      api().get<Page<ItemDetail>>('/items', {
        query: { q: q || undefined, limit: PICKER_RESULTS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /classes/teaching — the classes a set can be given to. */
export function useTeachingClasses() {
  return useQuery({
    queryKey: setsKeys.teaching(),
    queryFn: ({ signal }) =>
      api().get<Page<ClassSummary>>('/classes/teaching', { query: { limit: 100 }, signal }),
  });
}

/** GET /classes/{id}/assignments — everything given to one class (any set, past ones too). */
export function classAssignmentsQueryOptions(classId: string) {
  return queryOptions({
    queryKey: setsKeys.classAssignments(classId),
    queryFn: ({ signal }) =>
      api().get<Assignment[]>('/classes/{id}/assignments', { params: { id: classId }, signal }),
  });
}

/** What was given to one class ('' = no class chosen yet: no request). */
export function useClassAssignments(classId: string) {
  return useQuery({ ...classAssignmentsQueryOptions(classId), enabled: classId !== '' });
}

/**
 * GET /classes/{id}/assignments for every class I teach, merged (by due date): where each set was
 * given. `pending`/`error` cover any of the calls; `refetch` asks again for the failed ones.
 */
export function useTeachingAssignments() {
  const classes = useTeachingClasses();
  const ids = classes.data?.items.map((c) => c.id) ?? [];
  const results = useQueries({
    queries: ids.map((id) => classAssignmentsQueryOptions(id)),
  });
  const assignments = results
    .flatMap((r) => r.data ?? [])
    .sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at));
  return {
    assignments,
    pending: classes.isPending || results.some((r) => r.isPending),
    error: classes.isError || results.some((r) => r.isError),
    refetch: () => {
      if (classes.isError) void classes.refetch();
      for (const r of results) if (r.isError) void r.refetch();
    },
  };
}

function refreshAssignments(queryClient: QueryClient, classId: string) {
  void queryClient.invalidateQueries({ queryKey: setsKeys.classAssignments(classId) });
  // The due date is a class event: the class screens' calendars ask again.
  void queryClient.invalidateQueries({ queryKey: ['classes', 'detail', classId] });
}

/** POST /classes/{id}/assignments — the set given to a class; its due date becomes an event. */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, body }: { classId: string; body: AssignmentInput }) =>
      api().post<Assignment>('/classes/{id}/assignments', { params: { id: classId }, body }),
    onSuccess: (assignment) => refreshAssignments(queryClient, assignment.class_id),
  });
}

/** PATCH /assignments/{id} — new dates or attempts; a moved due date moves its calendar event. */
export function useUpdateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AssignmentUpdate }) =>
      api().patch<Assignment>('/assignments/{id}', { params: { id }, body }),
    onSuccess: (assignment) => refreshAssignments(queryClient, assignment.class_id),
  });
}

/** DELETE /assignments/{id} — with the students' attempts and the calendar event. */
export function useDeleteAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: Assignment) =>
      api().delete<void>('/assignments/{id}', { params: { id: assignment.id } }),
    onSuccess: (_, assignment) => refreshAssignments(queryClient, assignment.class_id),
  });
}
