import type { ComponentProps } from 'react';
import { MoreVertical } from 'lucide-react';
import type { Conversation } from '@aprenda/shared/schemas/conversations';
import { Button } from '@/components/ui/button';

/** What a conversation's ⋮ menu offers (conversation-actions.tsx). */
export interface ConversationActionsProps {
  conversation: Conversation;
  /** The button's accessible name ("Ações de …"). */
  label: string;
  onRename: (c: Conversation) => void;
  onTogglePin: (c: Conversation) => void;
  onUnlink: (c: Conversation) => void;
  onLink: (c: Conversation) => void;
  onDelete: (c: Conversation) => void;
}

/** The ⋮ button of a conversation in the list (the menu's trigger once it has loaded). */
export function ConversationActionsButton({
  label,
  ...props
}: { label: string } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 shrink-0 text-zinc-400"
      aria-label={label}
      aria-haspopup="menu"
      {...props}
    >
      <MoreVertical aria-hidden />
    </Button>
  );
}
