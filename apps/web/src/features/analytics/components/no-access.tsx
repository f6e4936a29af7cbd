import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

/** The analytics of a class for someone who teaches none: nothing to see, and where to go. */
export function NoAccess() {
  const { t } = useTranslation('analytics');
  return (
    <section className="flex max-w-xl flex-col items-start gap-4" data-testid="analytics-no-access">
      <ShieldAlert className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('noAccess.title')}</h1>
      <p className="text-zinc-300">{t('noAccess.body')}</p>
      <Link to="/dashboard/metrics" className={buttonVariants({ variant: 'outline' })}>
        {t('noAccess.toMetrics')}
      </Link>
    </section>
  );
}
