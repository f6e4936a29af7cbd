import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, UserRound } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { signOut } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { UserMenuButton } from './menu-buttons';

/** The user menu (loaded on first use: shell-menus.tsx). */
export function UserMenu({
  user,
  defaultOpen,
  focusFirstItem,
}: {
  user: SessionUser;
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" focusFirstItem={focusFirstItem}>
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.name}</span>
          <span className="block truncate text-xs text-zinc-400">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate('/profile')}>
          <UserRound aria-hidden />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            void signOut(queryClient).then(() => toastSuccess(t('userMenu.signedOut')));
          }}
        >
          <LogOut aria-hidden />
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
