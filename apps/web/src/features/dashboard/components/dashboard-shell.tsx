import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { ToolNav } from './tool-nav';
import { UserMenu } from './user-menu';

/**
 * Signed-in shell: tool navigation (a drawer on small screens), user menu, language switcher.
 * `teaches`: the teacher tools are in the navigation (a teacher account, or a student who teaches
 * a class).
 */
export function DashboardShell({
  user,
  teaches,
  notice,
  children,
}: {
  user: SessionUser;
  teaches: boolean;
  /** Shown under the header on every screen (e.g. "confirm your e-mail"). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const [open, setOpen] = useState(false);
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
          <div className="flex items-center gap-2">
            <Sheet open={open} onOpenChange={setOpen}>
              <SheetTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="lg:hidden"
                  aria-label={t('nav.open')}
                >
                  <Menu className="size-5" aria-hidden />
                </Button>
              </SheetTrigger>
              <SheetContent closeLabel={t('nav.close')}>
                <SheetTitle className="sr-only">{t('nav.label')}</SheetTitle>
                <SheetDescription className="sr-only">{t('common:appName')}</SheetDescription>
                <Logo to="/dashboard" />
                <ToolNav teaches={teaches} onNavigate={() => setOpen(false)} />
              </SheetContent>
            </Sheet>
            <Logo to="/dashboard" className="lg:hidden" />
          </div>
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <UserMenu user={user} />
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
