import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { ConfigContext } from '@/lib/config-context';
import { subscribeToastsWanted, toastsWanted } from '@/lib/toast';

const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })));

/** The toasts' region, mounted (and its code fetched) with the first toast, not at first paint. */
function ToasterOnDemand() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({
  children,
  queryClient,
  i18n,
  config,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  i18n: I18n;
  config: PublicConfig;
}) {
  return (
    <ConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {children}
          <ToasterOnDemand />
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigContext>
  );
}
