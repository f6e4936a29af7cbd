import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layout/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';

const SECTIONS = ['project', 'openSource', 'privacy', 'ai'] as const;

export function AboutPage() {
  const { t } = useTranslation('about');
  usePageTitle('common:nav.about');
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-zinc-300">{t('lead')}</p>
        {SECTIONS.map((key) => (
          <section key={key} className="mt-10">
            <h2 className="text-xl font-semibold">{t(`${key}.title`)}</h2>
            <p className="mt-3 leading-relaxed text-zinc-300">{t(`${key}.body`)}</p>
          </section>
        ))}
        <Link to="/auth?mode=signUp" className={buttonVariants({ className: 'mt-10' })}>
          {t('cta')}
        </Link>
      </article>
    </PublicLayout>
  );
}
