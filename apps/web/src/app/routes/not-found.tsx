import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layout/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageTitle('common:notFound.title');
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
        <p className="font-mono text-sm text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
        <p className="text-zinc-300">{t('notFound.body')}</p>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('notFound.home')}
        </Link>
      </section>
    </PublicLayout>
  );
}
