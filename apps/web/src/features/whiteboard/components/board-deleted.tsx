import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus2, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The board open in the editor no longer exists (deleted in another tab, or by its owner): nothing
 * is saved any more, but the drawing is still on the canvas. "Salvar como novo quadro" keeps it
 * (the export in the header works too).
 */
export function BoardDeletedBanner({ onSaveAsNew }: { onSaveAsNew: () => Promise<void> }) {
  const { t } = useTranslation('whiteboard');
  const [pending, setPending] = useState(false);

  async function saveAsNew() {
    setPending(true);
    try {
      await onSaveAsNew();
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      role="alert"
      data-testid="board-deleted"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-100"
    >
      <Trash2 className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <strong>{t('deleted.title')}</strong> {t('deleted.body')}
      </p>
      <Button size="sm" pending={pending} disabled={pending} onClick={() => void saveAsNew()}>
        <FilePlus2 aria-hidden />
        {t('deleted.saveAsNew')}
      </Button>
    </div>
  );
}
