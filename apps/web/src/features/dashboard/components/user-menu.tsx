import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, UserRound } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { signOut } from '@/lib/session';
import { errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { UserMenuButton } from './menu-buttons';

/**
 * How many changes of `userId` made on this device have not reached the server (ratings or
 * boards saved offline). Given by the app, which knows the features keeping them.
 */
export type UnsentWork = (userId: string) => Promise<number>;

/** The namespace of what signing out may ask (the account's: profile). */
export const SIGN_OUT_NAMESPACE = 'profile';

/** The user menu (loaded on first use: shell-menus.tsx). */
export function UserMenu({
  user,
  unsentWork,
  defaultOpen,
  focusFirstItem,
}: {
  user: SessionUser;
  unsentWork?: UnsentWork;
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Changes that would be lost: signing out waits for the user's word (0: nothing asked). */
  const [unsent, setUnsent] = useState(0);
  const [leaving, setLeaving] = useState(false);

  // Not signed out (no connection): said, and the user stays as they were.
  const leave = () =>
    signOut(queryClient).then(
      () => toastSuccess(t('userMenu.signedOut')),
      (error: unknown) => toastError(errorMessage(t, error)),
    );

  async function askToLeave() {
    setLeaving(true);
    try {
      // Signing out takes the device's copy of unsent work with it (a shared school computer):
      // what the server has not received yet is said first, and the user may stay to send it.
      const count = (await unsentWork?.(user.id).catch(() => 0)) ?? 0;
      if (count > 0) {
        // Its words are the profile's (fetched with this menu, after the first screen: see
        // shell-menus.tsx), so that the sign-in screen's first load does not carry them.
        await i18n.loadNamespaces(SIGN_OUT_NAMESPACE).catch(() => undefined);
        setUnsent(count);
        return;
      }
      await leave();
    } finally {
      setLeaving(false);
    }
  }

  return (
    <>
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
          <DropdownMenuItem disabled={leaving} onSelect={() => void askToLeave()}>
            <LogOut aria-hidden />
            {t('userMenu.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={unsent > 0}
        onOpenChange={(open) => !open && setUnsent(0)}
        title={t('profile:unsentOnSignOut.title')}
        description={t('profile:unsentOnSignOut.description', { count: unsent })}
        confirmLabel={t('profile:unsentOnSignOut.confirm')}
        cancelLabel={t('profile:unsentOnSignOut.cancel')}
        pending={leaving}
        onConfirm={() => {
          setLeaving(true);
          void leave().finally(() => {
            setLeaving(false);
            setUnsent(0);
          });
        }}
      />
    </>
  );
}
