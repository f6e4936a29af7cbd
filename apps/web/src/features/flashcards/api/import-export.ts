import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApkgImportResult,
  ImportRowsInput,
  ImportRowsResult,
  MediaUploadResult,
} from '@aprenda/shared/schemas/flashcards';
import { api } from '@/lib/api-client';
import { refreshDecks } from './decks';
import { flashcardsKeys } from './keys';

/** POST /decks/{id}/import/rows — all rows or none; 400 names `rows.<i>.<field>`. */
export function useImportRows(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportRowsInput) =>
      api().post<ImportRowsResult>('/decks/{id}/import/rows', { params: { id: deckId }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: flashcardsKeys.cards(deckId) });
      refreshDecks(queryClient, deckId);
    },
  });
}

/** POST /decks/import/apkg — the package's bytes; a new deck. */
export function useImportApkg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api().post<ApkgImportResult>('/decks/import/apkg', {
        query: { filename: file.name.slice(0, 200) },
        body: new Blob([file], { type: 'application/octet-stream' }),
      }),
    onSuccess: () => refreshDecks(queryClient),
  });
}

/** POST /decks/{id}/media — an image for the deck's cards (the server reads its type). */
export function useUploadMedia(deckId: string) {
  return useMutation({
    mutationFn: (file: Blob) =>
      api().post<MediaUploadResult>('/decks/{id}/media', {
        params: { id: deckId },
        body: new Blob([file], { type: 'application/octet-stream' }),
      }),
  });
}

/** A file name from a deck title (no characters that file systems refuse). */
export function csvFileName(title: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'baralho'}.csv`;
}

/** GET /decks/{id}/export.csv, saved by the browser as `<title>.csv`. */
export function useExportCsv() {
  return useMutation({
    mutationFn: async ({ deckId, title }: { deckId: string; title: string }) => {
      const blob = await api().get<Blob>('/decks/{id}/export.csv', {
        params: { id: deckId },
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob);
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = csvFileName(title);
        link.rel = 'noopener';
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
    },
  });
}
