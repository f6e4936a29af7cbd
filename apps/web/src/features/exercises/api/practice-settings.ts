import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeSettings } from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';
import { practiceKeys } from './practice-keys';

/** GET /practice/settings — the student's practice settings (one per account, every device). */
export function practiceSettingsQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.settings(),
    queryFn: ({ signal }) => api().get<PracticeSettings>('/practice/settings', { signal }),
  });
}

export function usePracticeSettings() {
  return useQuery(practiceSettingsQueryOptions());
}

/**
 * PUT /practice/settings — optimistic: the switch moves at once and moves back when the server
 * refuses (the caller shows the error).
 */
export function useSavePracticeSettings() {
  const queryClient = useQueryClient();
  const key = practiceKeys.settings();
  return useMutation({
    mutationFn: (settings: PracticeSettings) =>
      api().put<PracticeSettings>('/practice/settings', { body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PracticeSettings>(key);
      queryClient.setQueryData<PracticeSettings>(key, settings);
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
