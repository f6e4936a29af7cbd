import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';

/** Imported cards have no study history here: they start as new (said on every import screen). */
export function NewCardsNotice({ anki = false }: { anki?: boolean }) {
  const { t } = useTranslation('flashcards');
  return (
    <p className="flex items-start gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 p-3 text-sm text-sky-100">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{anki ? t('import.newCardsAnki') : t('import.newCards')}</span>
    </p>
  );
}
