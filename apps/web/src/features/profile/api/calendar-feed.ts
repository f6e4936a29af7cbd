import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@aprenda/shared/schemas/classes';
import { api } from '@/lib/api-client';

export const calendarFeedQueryOptions = queryOptions({
  queryKey: ['calendar', 'feed'],
  queryFn: ({ signal }) => api().get<CalendarFeed>('/calendar/feed', { signal }),
  staleTime: Infinity,
});

/** GET /calendar/feed — my personal iCal feed URL (created on first use). */
export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}

/** POST /calendar/feed/reset — a new URL; the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api().post<CalendarFeed>('/calendar/feed/reset'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, feed),
  });
}
