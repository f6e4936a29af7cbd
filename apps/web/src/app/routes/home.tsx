import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  ClipboardList,
  Gauge,
  GraduationCap,
  Layers,
  MessagesSquare,
  Presentation,
  ShieldCheck,
  Target,
  Users,
} from 'lucide-react';
import { PublicLayout } from '@/components/layout/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';

const TOOL_ITEMS = [
  { key: 'chat', Icon: MessagesSquare },
  { key: 'flashcard', Icon: Layers },
  { key: 'exercises', Icon: ClipboardList },
  { key: 'adaptive', Icon: Target },
  { key: 'metrics', Icon: Gauge },
  { key: 'classes', Icon: Users },
] as const;

export function HomePage() {
  const { t } = useTranslation('home');
  const { data: user } = useSession();
  usePageTitle('common:nav.home');
  const primary = user
    ? { to: '/dashboard', label: t('hero.dashboard') }
    : { to: '/auth?mode=signUp', label: t('hero.cta') };
  return (
    <PublicLayout>
      <section className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:pt-20">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">
          {t('hero.eyebrow')}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
          {t('hero.title')}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-zinc-300">{t('hero.lead')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={primary.to} className={buttonVariants({ size: 'lg' })}>
            {primary.label}
            <ArrowRight aria-hidden />
          </Link>
          <Link to="/about" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            {t('hero.learnMore')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="audiences" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="audiences" className="text-2xl font-semibold tracking-tight">
          {t('audiences.title')}
        </h2>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {(
            [
              ['teachers', Presentation],
              ['students', GraduationCap],
            ] as const
          ).map(([key, Icon]) => (
            <article key={key} className="rounded-lg border border-border bg-card p-6">
              <Icon className="size-7 text-primary" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{t(`audiences.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-zinc-300">{t(`audiences.${key}.body`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="tools" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="tools" className="text-2xl font-semibold tracking-tight">
          {t('tools.title')}
        </h2>
        <p className="mt-2 text-zinc-300">{t('tools.lead')}</p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {TOOL_ITEMS.map(({ key, Icon }) => (
            <li key={key} className="flex items-start gap-3 rounded-lg border border-border p-4">
              <span className="grid size-9 shrink-0 place-items-center rounded-md bg-violet-400/10 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="text-zinc-200">{t(`tools.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10">
        <div className="flex flex-col gap-6 rounded-xl border border-violet-400/30 bg-violet-400/5 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-4">
            <ShieldCheck className="size-8 shrink-0 text-success" aria-hidden />
            <div>
              <h2 className="text-xl font-semibold">{t('trust.title')}</h2>
              <p className="mt-1 max-w-xl text-zinc-300">{t('trust.body')}</p>
            </div>
          </div>
          <div
            role="group"
            aria-labelledby="get-started"
            className="flex flex-col gap-1 md:items-end md:text-right"
          >
            <p id="get-started" className="font-semibold">
              {t('final.title')}
            </p>
            <p className="text-sm text-zinc-300">{t('final.body')}</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              {user ? (
                <Link to="/dashboard" className={buttonVariants()}>
                  {t('hero.dashboard')}
                  <ArrowRight aria-hidden />
                </Link>
              ) : (
                <>
                  <Link to="/auth?mode=signUp" className={buttonVariants()}>
                    {t('hero.cta')}
                  </Link>
                  <Link to="/auth" className={buttonVariants({ variant: 'outline' })}>
                    {t('hero.signIn')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
