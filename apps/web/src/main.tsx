import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import './index.css';
import { Providers } from '@/app/providers';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { routes } from '@/app/router';
import { initAnalytics, trackVisibility } from '@/lib/analytics';
import { configureApiClients } from '@/lib/api-client';
import { setAuthPrefix } from '@/lib/auth-session';
import { loadConfig } from '@/lib/config';
import { afterFirstScreen } from '@/lib/first-screen';
import { i18n, loadNamespacesFor } from '@/lib/i18n';
import { currentIdentity } from '@/lib/identity';
import { queryClient } from '@/lib/query-client';
import { refreshSession } from '@/lib/session';

/*
 * First load (issue 11, measured by apps/web/scripts/first-load.test.ts): the entry holds React,
 * the router (declarative mode), i18next with the "common" catalogs, TanStack Query and the shell.
 * Each screen is a lazy chunk; its translation catalogs are fetched alongside it in the language
 * in use only; toasts, the Better Auth client, zod and PostHog load when they are first needed.
 */

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);

// "Carregando..." while the runtime configuration loads (before the router renders).
container.innerHTML = `<div role="status" style="padding:2rem;text-align:center">${i18n.t('common:loading')}</div>`;

// The catalogs of the screen being opened, in the language in use, load with the configuration.
const catalogs = loadNamespacesFor(window.location.pathname);

function AppRoutes() {
  const { pathname } = useLocation();
  // The next screen's catalogs start loading together with its code (not after it rendered).
  useMemo(() => void loadNamespacesFor(pathname), [pathname]);
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

async function boot() {
  const [config] = await Promise.all([loadConfig(), catalogs]);
  setAuthPrefix(config.recordsPrefix);
  configureApiClients(config, {
    getIdentity: currentIdentity,
    onUnauthorized: () => void refreshSession(queryClient),
  });
  trackVisibility();
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n} config={config}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
  // PostHog once the first screen is painted (events are queued until then).
  void initAnalytics(config, afterFirstScreen()).catch(() => undefined);
}

void boot();
