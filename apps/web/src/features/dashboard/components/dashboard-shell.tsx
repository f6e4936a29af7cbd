import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { Logo } from '@/components/layout/logo';
import { ToolNav } from './tool-nav';
import { LazyNavDrawer, LazyUserMenu } from './shell-menus';
import type { UnsentWork } from './user-menu';

/**
 * Signed-in shell: tool navigation (a drawer on small screens), user menu, language switcher. The
 * drawer and the menu load on first use (shell-menus.tsx): their buttons paint with the shell.
 * `teaches`: the teacher tools are in the navigation (a teacher account, or a student who teaches
 * a class).
 */
export function DashboardShell({
  user,
  teaches,
  notice,
  unsentWork,
  children,
}: {
  user: SessionUser;
  teaches: boolean;
  /** Counts the user's work not yet sent from this device (signing out asks before losing it). */
  unsentWork?: UnsentWork;
  /** Shown under the header on every screen (e.g. "confirm your e-mail"). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common:skipToContent')}
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-border p-4 lg:flex">
        <Logo to="/dashboard" />
        <ToolNav teaches={teaches} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center justify-between gap-2 border-b border-border bg-background/95 px-3 py-2 backdrop-blur sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <LazyNavDrawer teaches={teaches} />
            <Logo to="/dashboard" className="min-w-0 lg:hidden" />
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitcher />
            <LazyUserMenu user={user} unsentWork={unsentWork} />
          </div>
        </header>
        {notice}
        <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
