import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

/** Header of the open pages (home, about, auth, not-found). */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  const { pathname } = useLocation();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-2 py-1 text-sm text-zinc-300 hover:text-foreground',
      isActive && 'text-foreground underline decoration-primary decoration-2 underline-offset-8',
    );
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <nav
          aria-label={t('nav.main')}
          className="order-3 flex w-full gap-2 sm:order-none sm:w-auto"
        >
          <NavLink to="/" end className={linkClass}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/about" className={linkClass}>
            {t('nav.about')}
          </NavLink>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          {user ? (
            <Link to="/dashboard" className={buttonVariants({ size: 'sm' })}>
              {t('nav.dashboard')}
            </Link>
          ) : pathname !== '/auth' ? (
            <Link to="/auth" className={buttonVariants({ size: 'sm' })}>
              {t('nav.signIn')}
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  );
}
