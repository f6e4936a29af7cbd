import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { usePageTitle } from '@/lib/page-title';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation('common');
  usePageTitle('common:routeError.title');
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <LanguageSwitcher />
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="text-zinc-300">{t('routeError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
    </main>
  );
}
