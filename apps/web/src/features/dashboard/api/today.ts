import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Today } from '@aprenda/shared/schemas/metrics';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';

export const todayKeys = {
  all: ['today'] as const,
  me: (tz: string) => ['today', tz] as const,
};

/** GET /today?tz= — what to do today ("Hoje"), for a student and/or a teacher. */
export function todayQueryOptions() {
  const tz = timeZone();
  return queryOptions({
    queryKey: todayKeys.me(tz),
    queryFn: ({ signal }) => api().get<Today>('/today', { query: { tz }, signal }),
    // The dashboard is where a session starts: always ask again on arrival.
    staleTime: 0,
  });
}

export function useToday() {
  return useQuery(todayQueryOptions());
}
