import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateDiagramInput,
  Diagram,
  DiagramList,
  DiagramSharesInput,
  UpdateDiagramInput,
} from '@aprenda/shared/schemas/diagrams';
import { api } from '@/lib/api-client';
import { diagramsKeys } from './keys';

/** GET /diagrams — mine, then those shared with my classes. */
export function diagramsQueryOptions() {
  return queryOptions({
    queryKey: diagramsKeys.list(),
    queryFn: ({ signal }) => api().get<DiagramList>('/diagrams', { signal }),
  });
}

export function useDiagrams() {
  return useQuery(diagramsQueryOptions());
}

/** GET /diagrams/{id} */
export function diagramQueryOptions(id: string) {
  return queryOptions({
    queryKey: diagramsKeys.detail(id),
    queryFn: ({ signal }) => api().get<Diagram>('/diagrams/{id}', { params: { id }, signal }),
  });
}

export function useDiagram(id: string | null) {
  return useQuery({ ...diagramQueryOptions(id ?? ''), enabled: id !== null });
}

function remember(queryClient: QueryClient, diagram: Diagram) {
  queryClient.setQueryData(diagramsKeys.detail(diagram.id), diagram);
  void queryClient.invalidateQueries({ queryKey: diagramsKeys.list() });
}

export function useCreateDiagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiagramInput) => api().post<Diagram>('/diagrams', { body }),
    onSuccess: (diagram) => remember(queryClient, diagram),
  });
}

export function useUpdateDiagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateDiagramInput }) =>
      api().patch<Diagram>('/diagrams/{id}', { params: { id }, body: changes }),
    onSuccess: (diagram) => remember(queryClient, diagram),
  });
}

export function useDeleteDiagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api().delete<void>('/diagrams/{id}', { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: diagramsKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: diagramsKeys.list() });
    },
  });
}

/** PUT /diagrams/{id}/shares — the classes (taught by the owner) that may read it. */
export function useShareDiagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DiagramSharesInput }) =>
      api().put<Diagram>('/diagrams/{id}/shares', { params: { id }, body }),
    onSuccess: (diagram) => remember(queryClient, diagram),
  });
}
