import { lazy, Suspense, useState } from 'react';
import {
  ConversationActionsButton,
  type ConversationActionsProps,
} from './conversation-actions-button';

const loadActions = () => import('./conversation-actions');
const ConversationActions = lazy(() =>
  loadActions().then((m) => ({ default: m.ConversationActions })),
);

/**
 * A conversation's ⋮ menu, loaded on first use (decision 0033: the list paints without Radix's
 * dropdown and floating-ui): its button alone until then, which starts loading the menu when
 * pointed at or focused, and opens it when pressed.
 */
export function LazyConversationActions(props: ConversationActionsProps) {
  const [wanted, setWanted] = useState(false);
  // Enter or Space (a click with detail 0): the menu opens with its first item focused.
  const [byKeyboard, setByKeyboard] = useState(false);
  const button = (
    <ConversationActionsButton
      label={props.label}
      aria-expanded={false}
      onPointerEnter={() => void loadActions()}
      onFocus={() => void loadActions()}
      onClick={(e) => {
        setByKeyboard(e.detail === 0);
        setWanted(true);
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ConversationActions {...props} defaultOpen focusFirstItem={byKeyboard} />
    </Suspense>
  );
}
