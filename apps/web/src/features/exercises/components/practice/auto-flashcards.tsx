import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Layers } from 'lucide-react';
import type { AutoFlashcard } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import { TaggedText } from '@/components/ui/tagged-text';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { usePracticeSettings, useSavePracticeSettings } from '../../api/practice-settings';
import { ToggleSwitch } from '../items/toggle-switch';

/**
 * "Criar flashcards dos meus erros automaticamente": the student's setting (one per account, every
 * device). Optimistic: the switch moves at once and moves back, with the reason, when saving fails.
 */
export function AutoFlashcardsSwitch({ className }: { className?: string }) {
  const { t } = useTranslation(['practice', 'errors']);
  const id = useId();
  const settings = usePracticeSettings();
  const save = useSavePracticeSettings();

  if (settings.isPending) return null;
  if (settings.isError) {
    return (
      <p className={cn('flex flex-wrap items-center gap-2 text-sm text-zinc-300', className)}>
        {t('autoFlashcards.loadError')}
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  return (
    <div className={cn('flex flex-col gap-2', className)} data-testid="auto-flashcards">
      <ToggleSwitch
        id={`${id}-auto-flashcards`}
        checked={settings.data.auto_flashcards}
        onChange={(on) => {
          if (!save.isPending) save.mutate({ auto_flashcards: on });
        }}
        label={t('autoFlashcards.label')}
        description={t('autoFlashcards.hint')}
      />
      {save.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t('autoFlashcards.saveError', { reason: errorMessage(t, save.error) })}
        </p>
      ) : null}
    </div>
  );
}

/** Under a wrong answer the server turned into a flashcard: where it went (or that it could not). */
export function AutoFlashcardNote({ card }: { card: AutoFlashcard }) {
  const { t } = useTranslation('practice');
  if (card.deck_full) {
    return (
      <p className="text-sm text-amber-200" data-testid="auto-flashcard">
        {t('autoFlashcards.full', { deck: card.deck_title })}
      </p>
    );
  }
  return (
    <p
      className="flex flex-wrap items-center gap-1.5 text-sm text-zinc-200"
      data-testid="auto-flashcard"
    >
      <Layers className="size-4 text-violet-300" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <TaggedText
          text={t('autoFlashcards.created', { deck: card.deck_title })}
          tags={{
            deck: (title) => (
              <Link
                to={`/dashboard/flashcard/${card.deck_id}`}
                className="font-medium text-violet-200 underline underline-offset-2 hover:text-violet-100"
              >
                {title}
              </Link>
            ),
          }}
        />
      </span>
    </p>
  );
}
