import { useMutation, useQuery } from '@tanstack/react-query';
import type { AssignmentResults } from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

export const resultsKeys = {
  one: (assignmentId: string) => ['exercises', 'results', assignmentId] as const,
};

/** GET /assignments/{id}/results — the grid, the distribution and the item analysis. */
export function useAssignmentResults(assignmentId: string) {
  return useQuery({
    queryKey: resultsKeys.one(assignmentId),
    queryFn: ({ signal }) =>
      api().get<AssignmentResults>('/assignments/{id}/results', {
        params: { id: assignmentId },
        signal,
      }),
  });
}

export type ResultsTable = 'grid' | 'items';

/** GET /assignments/{id}/results.csv?table — saved by the browser as `fileName`. */
export function useResultsCsv() {
  return useMutation({
    mutationFn: async ({
      assignmentId,
      table,
      fileName,
    }: {
      assignmentId: string;
      table: ResultsTable;
      fileName: string;
    }) => {
      const blob = await api().get<Blob>('/assignments/{id}/results.csv', {
        params: { id: assignmentId },
        query: { table },
        responseType: 'blob',
      });
      downloadBlob(blob, fileName);
    },
  });
}
