import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Board,
  BoardHandoutCopies,
  BoardList,
  BoardSaved,
  BoardScene,
  BoardSummary,
  CreateBoardInput,
} from '@aprenda/shared/schemas/boards';
import type { ClassSummary } from '@aprenda/shared/schemas/classes';
import type { Page } from '@aprenda/shared/schemas/common';
import { api } from '@/lib/api-client';
import { whiteboardKeys } from './keys';

/** GET /boards — mine, shared with my classes, and the storage used. */
export function boardsQueryOptions() {
  return queryOptions({
    queryKey: whiteboardKeys.list(),
    queryFn: ({ signal }) => api().get<BoardList>('/boards', { signal }),
  });
}

export function useBoards() {
  return useQuery(boardsQueryOptions());
}

/** GET /boards/{id} — the board with its scene and the ids of its images. */
export function boardQueryOptions(id: string) {
  return queryOptions({
    queryKey: whiteboardKeys.board(id),
    queryFn: ({ signal }) => api().get<Board>('/boards/{id}', { params: { id }, signal }),
    // The editor owns the scene once open: no refetch on focus would replace it under the user.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useBoard(id: string) {
  return useQuery(boardQueryOptions(id));
}

export function fetchBoard(id: string, signal?: AbortSignal): Promise<Board> {
  return api().get<Board>('/boards/{id}', { params: { id }, signal });
}

function refreshList(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: whiteboardKeys.list() });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBoardInput) => api().post<Board>('/boards', { body }),
    onSuccess: () => refreshList(queryClient),
  });
}

export function useRenameBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api().patch<BoardSummary>('/boards/{id}', { params: { id }, body: { title } }),
    onSuccess: (board) => {
      queryClient.setQueryData<Board>(whiteboardKeys.board(board.id), (old) =>
        old ? { ...old, title: board.title } : old,
      );
      refreshList(queryClient);
    },
  });
}

export function useDuplicateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title?: string }) =>
      api().post<BoardSummary>('/boards/{id}/duplicate', { params: { id }, body: { title } }),
    onSuccess: () => refreshList(queryClient),
  });
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/boards/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: whiteboardKeys.board(id) });
      refreshList(queryClient);
    },
  });
}

/** PUT /boards/{id}/scene — 409 `board_version_conflict` when `version` is not the stored one. */
export function saveScene(id: string, scene: BoardScene, version: number): Promise<BoardSaved> {
  return api().put<BoardSaved>('/boards/{id}/scene', { params: { id }, body: { version, scene } });
}

/** PUT /boards/{id}/files/{fileId} — one image, its bytes with its type. */
export function uploadBoardFile(id: string, fileId: string, blob: Blob): Promise<void> {
  return api().put<void>('/boards/{id}/files/{fileId}', { params: { id, fileId }, body: blob });
}

export function fetchBoardFile(id: string, fileId: string, signal?: AbortSignal): Promise<Blob> {
  return api().get<Blob>('/boards/{id}/files/{fileId}', {
    params: { id, fileId },
    signal,
    responseType: 'blob',
  });
}

export function uploadThumbnail(id: string, png: Blob): Promise<void> {
  return api().put<void>('/boards/{id}/thumbnail', { params: { id }, body: png });
}

function useBoardWrite<TInput>(id: string, write: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      const board = await fetchBoard(id).catch(() => null);
      if (board) {
        queryClient.setQueryData<Board>(whiteboardKeys.board(id), (old) =>
          // Keep the scene the editor holds; refresh the rest (shares, presentation, hand-outs).
          old ? { ...board, scene: old.scene, fileIds: old.fileIds, version: old.version } : board,
        );
      }
      refreshList(queryClient);
    },
  });
}

/** PUT /boards/{id}/shares — the classes that may open it read-only. */
export function useShareBoard(id: string) {
  return useBoardWrite(id, (classIds: string[]) =>
    api().put<unknown>('/boards/{id}/shares', { params: { id }, body: { classIds } }),
  );
}

/** PUT /boards/{id}/presentation — start presenting to a class, or stop (null). */
export function usePresentBoard(id: string) {
  return useBoardWrite(id, (classId: string | null) =>
    api().put<unknown>('/boards/{id}/presentation', { params: { id }, body: { classId } }),
  );
}

/** POST /boards/{id}/handouts — every student of the class gets a copy. */
export function useHandOutBoard(id: string) {
  return useBoardWrite(id, (classId: string) =>
    api().post<unknown>('/boards/{id}/handouts', { params: { id }, body: { classId } }),
  );
}

/** GET /boards/{id}/handouts/{classId} — the copies of a class, for the teacher's grid. */
export function useHandoutCopies(id: string, classId: string) {
  return useQuery({
    queryKey: whiteboardKeys.handouts(id, classId),
    queryFn: ({ signal }) =>
      api().get<BoardHandoutCopies>('/boards/{id}/handouts/{classId}', {
        params: { id, classId },
        signal,
      }),
    refetchInterval: 15_000,
  });
}

/** GET /classes/teaching — the classes I teach: where a board of mine can go. */
export function useTeachingClasses(enabled = true) {
  return useQuery({
    queryKey: whiteboardKeys.teaching(),
    queryFn: ({ signal }) =>
      api().get<Page<ClassSummary>>('/classes/teaching', { query: { limit: 100 }, signal }),
    enabled,
  });
}
