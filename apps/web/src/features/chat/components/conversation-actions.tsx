import { useTranslation } from 'react-i18next';
import { Link2, Link2Off, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  ConversationActionsButton,
  type ConversationActionsProps,
} from './conversation-actions-button';

/** A conversation's ⋮ menu: Rename, Pin/Unpin, Link to a class / Unlink, Delete. */
export function ConversationActions({
  conversation: c,
  label,
  onRename,
  onTogglePin,
  onUnlink,
  onLink,
  onDelete,
  defaultOpen,
  focusFirstItem,
}: ConversationActionsProps & { defaultOpen?: boolean; focusFirstItem?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ConversationActionsButton label={label} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" focusFirstItem={focusFirstItem}>
        <DropdownMenuItem onSelect={() => onRename(c)}>
          <Pencil aria-hidden />
          {t('sidebar.rename')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onTogglePin(c)}>
          {c.pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
          {c.pinned ? t('sidebar.unpin') : t('sidebar.pin')}
        </DropdownMenuItem>
        {c.class_id ? (
          <DropdownMenuItem onSelect={() => onUnlink(c)}>
            <Link2Off aria-hidden />
            {t('sidebar.unlink')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onLink(c)}>
            <Link2 aria-hidden />
            {t('sidebar.link')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onDelete(c)} className="text-red-300 focus:text-red-200">
          <Trash2 aria-hidden />
          {t('sidebar.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
