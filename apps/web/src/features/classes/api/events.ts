import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassEvent,
  CreateEventInput,
  UpdateEventInput,
} from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';
import { classesKeys } from './classes';

/** GET /classes/{id}/events?since&until — events overlapping [since, until). */
export function eventsQueryOptions(id: string, since?: string, until?: string) {
  return queryOptions({
    queryKey: classesKeys.events(id, since, until),
    queryFn: ({ signal }) =>
      api().get<Page<ClassEvent>>('/classes/{id}/events', {
        params: { id },
        query: { since, until, limit: 100 },
        signal,
      }),
  });
}

export function useEvents(id: string, since?: string, until?: string) {
  return useQuery(eventsQueryOptions(id, since, until));
}

/** POST /classes/{id}/events. */
export function useCreateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventInput) =>
      api().post<ClassEvent>('/classes/{id}/events', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.detail(id) }),
  });
}

/** PUT /classes/{id}/events/{eventId} — the same body as create. */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, body }: { eventId: string; body: UpdateEventInput }) =>
      api().put<ClassEvent>('/classes/{id}/events/{eventId}', { params: { id, eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.detail(id) }),
  });
}

/** DELETE /classes/{id}/events/{eventId}. */
export function useDeleteEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId }: { eventId: string }) =>
      api().delete<void>('/classes/{id}/events/{eventId}', { params: { id, eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classesKeys.detail(id) }),
  });
}
