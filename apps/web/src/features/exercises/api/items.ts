import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Page } from '@aprenda/shared/schemas/common';
import type {
  GradedResult,
  ItemDetail,
  ItemInput,
  ItemKind,
  ItemResponse,
  PublicItem,
} from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';
import { itemsKeys } from './items-keys';

const ITEMS_PAGE_SIZE = 30;

/** GET /items?q&skill_id — the teacher's items, newest first (`q`: words of the stem). */
export function itemsQueryOptions(q: string, skillId: string | null) {
  return infiniteQueryOptions({
    queryKey: itemsKeys.list(q, skillId),
    queryFn: ({ pageParam, signal }) =>
      api().get<Page<ItemDetail>>('/items', {
        query: {
          q: q || undefined,
          skill_id: skillId ?? undefined,
          cursor: pageParam ?? undefined,
          limit: ITEMS_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useItems(q: string, skillId: string | null) {
  return useInfiniteQuery(itemsQueryOptions(q, skillId));
}

/** GET /items/{id}. */
export function useItem(id: string | null) {
  return useQuery({
    queryKey: itemsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api().get<ItemDetail>('/items/{id}', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

function refreshItems(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: itemsKeys.all });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemInput) => api().post<ItemDetail>('/items', { body }),
    onSuccess: () => refreshItems(queryClient),
  });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ItemInput }) =>
      api().put<ItemDetail>('/items/{id}', { params: { id }, body }),
    onSuccess: () => refreshItems(queryClient),
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/items/{id}', { params: { id } }),
    onSuccess: () => refreshItems(queryClient),
  });
}

export interface TryAnswer {
  item: PublicItem;
  result: GradedResult;
}

function tryItem(
  id: string,
  body: { response: ItemResponse; seed: string; lang: 'pt-BR' | 'en' },
  signal?: AbortSignal,
) {
  return api().post<TryAnswer>('/items/{id}/try', { params: { id }, body, signal });
}

function answerLang(language: string): 'pt-BR' | 'en' {
  return language.startsWith('pt') ? 'pt-BR' : 'en';
}

/**
 * The variant of `seed` as a student sees it. The API hands it out with a graded answer only, so
 * this asks with an empty answer (nothing is stored) and keeps the item.
 */
export function useItemVariant(id: string, seed: string) {
  return useQuery({
    queryKey: itemsKeys.variant(id, seed),
    queryFn: async ({ signal }) =>
      (await tryItem(id, { response: { value: '' }, seed, lang: 'pt-BR' }, signal)).item,
    staleTime: Infinity,
  });
}

/** POST /items/{id}/try — the author answers the variant of `seed`; nothing is stored. */
export function useTryItem(id: string) {
  return useMutation({
    mutationFn: ({
      response,
      seed,
      language,
    }: {
      response: ItemResponse;
      seed: string;
      language: string;
    }) => tryItem(id, { response, seed, lang: answerLang(language) }),
  });
}

/** One question of a GIFT file as it will be imported. */
export interface GiftPreviewItem {
  index: number;
  line: number;
  title: string | null;
  kind: ItemKind;
  stem: string;
}

/** One question of a GIFT file that cannot be imported, and why (`code`). */
export interface GiftPreviewError {
  index: number;
  line: number;
  title: string | null;
  code: string;
  path?: string;
}

export interface GiftImportAnswer {
  items: GiftPreviewItem[];
  errors: GiftPreviewError[];
  saved: string[];
}

/** POST /items/import/gift — `save: false` checks (the preview), `save: true` saves the good ones. */
export function useGiftImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; save: boolean; skill_id: string | null }) =>
      api().post<GiftImportAnswer>('/items/import/gift', { body }),
    onSuccess: (answer) => {
      if (answer.saved.length > 0) refreshItems(queryClient);
    },
  });
}
