import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

/**
 * GET /account/export — "Baixar meus dados": everything of the account as one JSON file, saved
 * under `fileName`.
 */
export function useAccountExport() {
  return useMutation({
    mutationFn: async (fileName: string) => {
      const blob = await api().get<Blob>('/account/export', { responseType: 'blob' });
      downloadBlob(blob, fileName);
    },
  });
}
