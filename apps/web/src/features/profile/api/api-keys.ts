import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiProvider } from '@aprenda/shared/constants';
import type { Page } from '@aprenda/shared/schemas/common';
import type { MaskedApiKey } from '@aprenda/shared/schemas/records';
import { records } from '@/lib/api-client';

export const apiKeysQueryOptions = queryOptions({
  queryKey: ['user_api_keys'],
  queryFn: () => records().get<Page<MaskedApiKey>>('/user_api_keys'),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

export function usePutApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, apiKey }: { provider: AiProvider; apiKey: string }) =>
      records().put<MaskedApiKey>('/user_api_keys/{provider}', {
        params: { provider },
        body: { api_key: apiKey },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider }: { provider: AiProvider }) =>
      records().delete<void>('/user_api_keys/{provider}', { params: { provider } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey }),
  });
}
