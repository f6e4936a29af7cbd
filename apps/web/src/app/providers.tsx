import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { Toaster } from '@/components/ui/sonner';
import { ConfigContext } from '@/lib/config-context';

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
          <Toaster />
        </QueryClientProvider>
      </I18nextProvider>
    </ConfigContext>
  );
}
