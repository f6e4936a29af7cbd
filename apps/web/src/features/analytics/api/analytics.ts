import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassAnalytics, StudentInClass } from '@aprenda/shared/schemas/metrics';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';

export const analyticsKeys = {
  all: ['analytics'] as const,
  class: (classId: string, inactiveDays: number, tz: string) =>
    ['analytics', 'class', classId, inactiveDays, tz] as const,
  student: (classId: string, userId: string, tz: string) =>
    ['analytics', 'class', classId, 'student', userId, tz] as const,
};

/** GET /analytics/classes/{id}?inactive_days&tz — one class as its teachers see it. */
export function classAnalyticsQueryOptions(classId: string, inactiveDays: number) {
  const tz = timeZone();
  return queryOptions({
    queryKey: analyticsKeys.class(classId, inactiveDays, tz),
    queryFn: ({ signal }) =>
      api().get<ClassAnalytics>('/analytics/classes/{id}', {
        params: { id: classId },
        query: { inactive_days: inactiveDays, tz },
        signal,
      }),
  });
}

/** The class's analytics; a new threshold keeps the previous answer on screen while it loads. */
export function useClassAnalytics(classId: string, inactiveDays: number) {
  return useQuery({
    ...classAnalyticsQueryOptions(classId, inactiveDays),
    placeholderData: (previous) =>
      previous?.class.id === classId ? keepPreviousData(previous) : undefined,
  });
}

/** GET /analytics/classes/{id}/students/{userId}?tz — one student of the class. */
export function useStudentInClass(classId: string, userId: string) {
  const tz = timeZone();
  return useQuery({
    queryKey: analyticsKeys.student(classId, userId, tz),
    queryFn: ({ signal }) =>
      api().get<StudentInClass>('/analytics/classes/{id}/students/{userId}', {
        params: { id: classId, userId },
        query: { tz },
        signal,
      }),
  });
}
