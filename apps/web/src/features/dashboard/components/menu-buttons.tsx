import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { initials } from '../lib/initials';

/**
 * The buttons that open the user menu and the navigation drawer. The shell paints them at once;
 * the menu and the drawer themselves (Radix dropdown and dialog, floating-ui) load on first use
 * (shell-menus.tsx), and wrap these same buttons as their triggers.
 */
export function UserMenuButton({
  user,
  ...props
}: { user: SessionUser } & ComponentProps<typeof Button>) {
  const { t } = useTranslation('dashboard');
  return (
    <Button variant="ghost" className="gap-2 px-2" aria-haspopup="menu" {...props}>
      {/* Named by its content (no aria-label), so the name always holds the visible text. */}
      <span className="sr-only">{t('userMenu.label')}</span>
      <span
        aria-hidden
        className="grid size-8 place-items-center rounded-full bg-violet-400/15 text-xs font-semibold text-violet-200"
      >
        {initials(user.name)}
      </span>
      <span className="hidden max-w-40 truncate text-sm sm:inline">{user.name}</span>
    </Button>
  );
}

export function NavDrawerButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation('dashboard');
  return (
    <Button
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-label={t('nav.open')}
      aria-haspopup="dialog"
      {...props}
    >
      <Menu className="size-5" aria-hidden />
    </Button>
  );
}
