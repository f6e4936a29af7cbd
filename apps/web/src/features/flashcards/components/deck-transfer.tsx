import type { DeckDetail } from '@aprenda/shared/schemas/flashcards';
import { CsvImportDialog } from './import/csv-import-dialog';
import { ExportDialog } from './import/export-dialog';

export type TransferKind = 'import' | 'export';

/**
 * The deck menu's "Importar" and "Exportar": CSV/TSV rows into this deck (owner only: readers
 * of a class deck see export only), or the deck as CSV.
 */
export function DeckTransfer({
  deck,
  kind,
  onClose,
}: {
  deck: DeckDetail;
  kind: TransferKind | null;
  onClose: () => void;
}) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      {deck.can_edit ? (
        <CsvImportDialog
          deckId={deck.id}
          deckTitle={deck.title}
          open={kind === 'import'}
          onOpenChange={onOpenChange}
        />
      ) : null}
      <ExportDialog
        deckId={deck.id}
        deckTitle={deck.title}
        cardCount={deck.card_count}
        open={kind === 'export'}
        onOpenChange={onOpenChange}
      />
    </>
  );
}
