import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { GenerateCardsDialog } from './generate-cards-dialog';

/** The deck screen's "Criar cartões com IA" (from pasted text), saving into that deck by default. */
export function GenerateCardsButton({
  deckId,
  onSaved,
  className,
}: {
  deckId?: string;
  onSaved?: (deckId: string) => void;
  className?: string;
}) {
  const { t } = useTranslation('flashcards');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" className={className} onClick={() => setOpen(true)}>
        <Sparkles aria-hidden />
        {t('generate.open')}
      </Button>
      <GenerateCardsDialog
        open={open}
        onOpenChange={setOpen}
        source={{ kind: 'text' }}
        {...(deckId ? { deckId } : {})}
        {...(onSaved ? { onSaved } : {})}
      />
    </>
  );
}
