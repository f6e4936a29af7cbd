import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { Providers } from '@/app/providers';
import { createRouter } from '@/app/router';
import { initAnalytics, trackVisibility } from '@/lib/analytics';
import { configureApiClients } from '@/lib/api-client';
import { currentIdentity, initAuthClient } from '@/lib/auth-client';
import { loadConfig } from '@/lib/config';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { refreshSession } from '@/lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);

// "Carregando..." while the runtime configuration loads (before the router renders).
container.innerHTML = `<div role="status" style="padding:2rem;text-align:center">${i18n.t('common:loading')}</div>`;

async function boot() {
  const config = await loadConfig();
  initAuthClient(config.recordsPrefix);
  configureApiClients(config, {
    getIdentity: currentIdentity,
    onUnauthorized: () => void refreshSession(queryClient),
  });
  void initAnalytics(config).catch(() => undefined);
  trackVisibility();
  const router = createRouter();
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n} config={config}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
