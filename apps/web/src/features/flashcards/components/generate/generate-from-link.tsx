import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GenerateCardsDialog } from './generate-cards-dialog';

/** The query parameter the chat's "Criar cartões" link sets: `generate=conversation:<id>`. */
export const GENERATE_PARAM = 'generate';

/** The conversation a `?generate=conversation:<id>` link names, or null. */
export function conversationToGenerate(value: string | null): string | null {
  const m = /^conversation:([A-Za-z0-9_-]{1,128})$/.exec(value ?? '');
  return m ? m[1]! : null;
}

/**
 * Opens the generator for the conversation named by `?generate=conversation:<id>` (the chat's
 * "Criar cartões" button — the chat cannot import this feature, so it links here). Closing it
 * takes the parameter away (history entry replaced); the proposals stay while this page is open,
 * so the same link brings them back.
 */
export function GenerateFromLink({ onSaved }: { onSaved?: (deckId: string) => void }) {
  const [params, setParams] = useSearchParams();
  const conversationId = conversationToGenerate(params.get(GENERATE_PARAM));
  const [shown, setShown] = useState(conversationId);
  if (conversationId && conversationId !== shown) setShown(conversationId);
  if (!shown) return null;
  return (
    <GenerateCardsDialog
      key={shown}
      open={conversationId !== null}
      onOpenChange={(open) => {
        if (open) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(GENERATE_PARAM);
            return next;
          },
          { replace: true },
        );
      }}
      source={{ kind: 'conversation', conversationId: shown }}
      {...(onSaved ? { onSaved } : {})}
    />
  );
}
