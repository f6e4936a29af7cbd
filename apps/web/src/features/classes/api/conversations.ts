import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type { LinkedConversation } from '@aprenda/shared/schemas/conversations';
import { api } from '@/lib/api-client';
import { classesKeys } from './classes';

const CLASS_CONVERSATIONS_PAGE_SIZE = 20;

/** GET /classes/{classId}/conversations — teachers only; newest activity first. */
export function classConversationsQueryOptions(classId: string) {
  return infiniteQueryOptions({
    queryKey: classesKeys.conversations(classId),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<LinkedConversation>>('/classes/{classId}/conversations', {
        params: { classId },
        query: { cursor: pageParam ?? undefined, limit: CLASS_CONVERSATIONS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useClassConversations(classId: string) {
  return useInfiniteQuery(classConversationsQueryOptions(classId));
}
