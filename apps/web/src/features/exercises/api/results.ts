import { useMutation, useQuery } from '@tanstack/react-query';
import type { AssignmentResults } from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';
import { timeZone } from '@/lib/time-zone';

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

/**
 * GET /assignments/{id}/results.csv?table&lang&tz — in the user's language (pt-BR: `;` and a
 * decimal comma, as Excel in Portuguese reads it) with hand-in times in the browser's time zone;
 * saved by the browser as `fileName`.
 */
export function useResultsCsv() {
  return useMutation({
    mutationFn: async ({
      assignmentId,
      table,
      lang,
      fileName,
    }: {
      assignmentId: string;
      table: ResultsTable;
      lang: 'pt-BR' | 'en';
      fileName: string;
    }) => {
      const blob = await api().get<Blob>('/assignments/{id}/results.csv', {
        params: { id: assignmentId },
        query: { table, lang, tz: timeZone() },
        responseType: 'blob',
      });
      downloadBlob(blob, fileName);
    },
  });
}
