import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to={to}
      className={cn(
        'flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground',
        className,
      )}
    >
      <span
        aria-hidden
        className="grid size-8 place-items-center rounded-lg bg-primary text-base font-bold text-primary-foreground"
      >
        A
      </span>
      {/* Cut short rather than push the page wider (a narrow phone with a wide system font). */}
      <span className="min-w-0 truncate">{t('appName')}</span>
    </Link>
  );
}
