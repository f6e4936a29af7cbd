import { useLayoutEffect } from 'react';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fallbackShown } from '@/lib/first-screen';

/** The lazy-route fallback: "Carregando..." (spec). */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  // While any of these is up, the first screen is not (lib/first-screen.ts).
  useLayoutEffect(() => fallbackShown(), []);
  return (
    <div
      role="status"
      className="flex min-h-[40vh] items-center justify-center gap-2 p-8 text-zinc-300"
    >
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      <span>{t('loading')}</span>
    </div>
  );
}
