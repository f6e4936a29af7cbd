import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import { api } from '@/lib/api-client';
import type {
  AiModelList,
  Conversation,
  CreateConversationInput,
  Message,
  UpdateConversationInput,
} from '@aprenda/shared/schemas/conversations';

const CONVERSATIONS_PAGE_SIZE = 30;
const MESSAGES_PAGE_SIZE = 50;

export const chatKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (q: string) => ['conversations', 'list', q] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'detail', id, 'messages'] as const,
  models: () => ['ai', 'models'] as const,
  myClasses: () => ['classes', 'mine'] as const,
};

/** GET /conversations?q&cursor&limit — pinned first, then newest activity. */
export function conversationsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<Conversation>>('/conversations', {
        query: {
          q: q || undefined,
          cursor: pageParam ?? undefined,
          limit: CONVERSATIONS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useConversations(q: string) {
  return useInfiniteQuery(conversationsQueryOptions(q));
}

export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.detail(id),
    queryFn: ({ signal }) =>
      api().get<Conversation>('/conversations/{id}', { params: { id }, signal }),
  });
}

export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: !!id });
}

/** GET /conversations/{id}/messages — the newest page first; each page is chronological. */
export function messagesQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<Message>>('/conversations/{id}/messages', {
        params: { id },
        query: { cursor: pageParam ?? undefined, limit: MESSAGES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The live chat owns the newest messages once open; history is read once per visit.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useMessages(id: string) {
  return useInfiniteQuery(messagesQueryOptions(id));
}

/** GET /ai/models — only providers that have a key. */
export function useModels() {
  return useQuery({
    queryKey: chatKeys.models(),
    queryFn: ({ signal }) => api().get<AiModelList>('/ai/models', { signal }),
    staleTime: 60_000,
  });
}

/** GET /classes/mine — to link a new conversation to one of my classes. */
export function useMyClassesForChat(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.myClasses(),
    queryFn: ({ signal }) =>
      api().get<Page<ClassSummary>>('/classes/mine', { query: { limit: 100 }, signal }),
    enabled,
  });
}

type ListData = InfiniteData<Page<Conversation>, string | null>;

/** Replace a conversation in every cached list page (after rename, pin, mode). */
function patchLists(
  queryClient: ReturnType<typeof useQueryClient>,
  update: (c: Conversation) => Conversation | null,
) {
  queryClient.setQueriesData<ListData>({ queryKey: chatKeys.lists() }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.flatMap((c) => {
          const next = update(c);
          return next ? [next] : [];
        }),
      })),
    };
  });
}

export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConversationInput) =>
      api().post<Conversation>('/conversations', { body: input }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(chatKeys.detail(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateConversationInput & { id: string }) =>
      api().patch<Conversation>('/conversations/{id}', { params: { id }, body: changes }),
    onSuccess: (conversation, vars) => {
      queryClient.setQueryData(chatKeys.detail(conversation.id), conversation);
      patchLists(queryClient, (c) => (c.id === conversation.id ? conversation : c));
      // Pinning changes the order: ask the server again.
      if (vars.pinned !== undefined) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      }
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/conversations/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      patchLists(queryClient, (c) => (c.id === id ? null : c));
      queryClient.removeQueries({ queryKey: chatKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
}

/**
 * POST /conversations/{id}/stop — Stop the answer the server is writing (the only way it ends
 * early: leaving the page does not). Resolves once it is stored `stopped`.
 */
export function stopAnswer(id: string): Promise<void> {
  return api().post<void>('/conversations/{id}/stop', { params: { id } });
}

/** After a chat turn: the conversation moved to the top and may have a generated title. */
export function refreshAfterTurn(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: chatKeys.detail(id), exact: true });
}
