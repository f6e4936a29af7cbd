import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricsRange, StudentMetrics } from '@aprenda/shared/schemas/metrics';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';

export const metricsKeys = {
  all: ['metrics'] as const,
  me: (range: MetricsRange, tz: string) => ['metrics', 'me', range, tz] as const,
};

/** GET /metrics/me?range=&tz= — the student's own figures, in their time zone. */
export function studentMetricsQueryOptions(range: MetricsRange) {
  const tz = timeZone();
  return queryOptions({
    queryKey: metricsKeys.me(range, tz),
    queryFn: ({ signal }) =>
      api().get<StudentMetrics>('/metrics/me', { query: { range, tz }, signal }),
    // Figures change with every review and answer elsewhere: ask again on each visit.
    staleTime: 0,
  });
}

export function useStudentMetrics(range: MetricsRange) {
  return useQuery({ ...studentMetricsQueryOptions(range), placeholderData: keepPreviousData });
}
