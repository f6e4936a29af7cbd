import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassDetail,
  ClassSummary,
  CreateClassInput,
  UpdateClassInput,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';

export const classesKeys = {
  all: ['classes'] as const,
  mine: () => ['classes', 'mine'] as const,
  teaching: () => ['classes', 'teaching'] as const,
  archived: () => ['classes', 'archived'] as const,
  detail: (id: string) => ['classes', 'detail', id] as const,
  members: (id: string) => ['classes', 'detail', id, 'members'] as const,
  invites: (id: string) => ['classes', 'detail', id, 'invites'] as const,
  conversations: (id: string) => ['classes', 'detail', id, 'conversations'] as const,
  events: (id: string, since?: string, until?: string) =>
    ['classes', 'detail', id, 'events', since ?? null, until ?? null] as const,
};

/** GET /classes/mine — classes where I am a member (spec: answer `items`). */
export const myClassesQueryOptions = queryOptions({
  queryKey: classesKeys.mine(),
  queryFn: ({ signal }) =>
    api().get<Page<ClassSummary>>('/classes/mine', { query: { limit: 100 }, signal }),
});

export function useMyClasses() {
  return useQuery(myClassesQueryOptions);
}

/** GET /classes/teaching — classes where I am a teacher. */
export const teachingQueryOptions = queryOptions({
  queryKey: classesKeys.teaching(),
  queryFn: ({ signal }) =>
    api().get<Page<ClassSummary>>('/classes/teaching', { query: { limit: 100 }, signal }),
});

export function useTeachingClasses() {
  return useQuery(teachingQueryOptions);
}

/**
 * GET /classes/teaching?archived=1 — the archived classes I teach ("Arquivadas"). `enabled: false`
 * until the teacher opens the section (one request less on every visit).
 */
export function useArchivedClasses(enabled = true) {
  return useQuery({
    queryKey: classesKeys.archived(),
    queryFn: ({ signal }) =>
      api().get<Page<ClassSummary>>('/classes/teaching', {
        query: { archived: 1, limit: 100 },
        signal,
      }),
    enabled,
  });
}

/**
 * Whether I teach any class (a membership with role teacher), from the same query as the teacher
 * screen; false while unknown. `enabled: false` skips the call (a teacher account needs no check).
 * A student account whose classes are all archived still teaches them (it must be able to reach
 * "Arquivadas" and restore one), so an empty list asks for the archived ones too.
 */
export function useTeachesAClass(enabled = true): boolean {
  const { data } = useQuery({
    ...teachingQueryOptions,
    enabled,
    select: (page) => page.items.length > 0,
  });
  const archived = useArchivedClasses(enabled && data === false);
  return data === true || (archived.data?.items.length ?? 0) > 0;
}

/** GET /classes/{id} — the class page (description, teachers, upcoming events). */
export function classQueryOptions(id: string) {
  return queryOptions({
    queryKey: classesKeys.detail(id),
    queryFn: ({ signal }) => api().get<ClassDetail>('/classes/{id}', { params: { id }, signal }),
  });
}

export function useClass(id: string) {
  return useQuery(classQueryOptions(id));
}

function useInvalidateClasses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classesKeys.all });
}

/** POST /classes {title, description, code}. */
export function useCreateClass() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: (body: CreateClassInput) => api().post<ClassDetail>('/classes', { body }),
    onSuccess: invalidate,
  });
}

/** PUT /classes/{id} with the changes. */
export function useUpdateClass() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateClassInput }) =>
      api().put<ClassDetail>('/classes/{id}', { params: { id }, body: changes }),
    onSuccess: invalidate,
  });
}

/** DELETE /classes/{id}. */
export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api().delete<void>('/classes/{id}', { params: { id } }),
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: classesKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: classesKeys.all });
    },
  });
}

/** POST /classes/{id}/code/reset — a new join code. */
export function useResetCode() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      api().post<ClassDetail>('/classes/{id}/code/reset', { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * POST /classes/join's answer: the class, and whether I was in it already (then nothing changed).
 * (Not in the shared `ClassDetail`: only this call answers it.)
 */
export type JoinedClass = ClassDetail & { already_member?: boolean };

/** POST /classes/join {code} — join with the class code. */
export function useJoinByCode() {
  const invalidate = useInvalidateClasses();
  return useMutation({
    mutationFn: ({ code }: { code: string }) =>
      api().post<JoinedClass>('/classes/join', { body: { code } }),
    onSuccess: invalidate,
  });
}

/**
 * POST /classes/{id}/archive or /restore (the owner only): the class page shows the answer at once,
 * and every list (mine, teaching, archived) is fetched again.
 */
export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api().post<ClassDetail>(archived ? '/classes/{id}/archive' : '/classes/{id}/restore', {
        params: { id },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(classesKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: classesKeys.all });
    },
  });
}
