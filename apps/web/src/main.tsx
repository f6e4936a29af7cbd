import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import './index.css';
import { Providers } from '@/app/providers';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { routes } from '@/app/router';
import { startScreen } from '@/app/start-screen';
import { initAnalytics, trackVisibility } from '@/lib/analytics';
import { configureApiClients } from '@/lib/api-client';
import { setAuthPrefix } from '@/lib/auth-session';
import { loadConfig, readInlineConfig } from '@/lib/config';
import { afterFirstScreen } from '@/lib/first-screen';
import { i18n, loadNamespacesFor } from '@/lib/i18n';
import { currentIdentity } from '@/lib/identity';
import { queryClient } from '@/lib/query-client';
import { recheckAfterUnauthorized, SESSION_EXPIRED_TOAST_ID } from '@/lib/session';
import { preloadToasts, toastError } from '@/lib/toast';
import { cacheWebFont, declareCachedWebFont, markRendered } from '@/lib/web-font';

/*
 * First load (issue 11, measured by apps/web/scripts/first-load.test.ts): the entry holds React,
 * the router (declarative mode), i18next with the "common" catalogs, TanStack Query and the shell.
 * Each screen is a lazy chunk; its translation catalogs are fetched alongside it in the language
 * in use only; toasts, the Better Auth client, zod and PostHog load when they are first needed.
 *
 * First paint (issue 16, decision 0033): the runtime configuration is in the served index.html, so
 * the session check, the screen's chunks, its catalogs and (once the session names a user) its
 * first lists all start here, side by side, before React renders anything.
 */

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
const root = createRoot(container);

// Under the logo index.html paints before any script: "Carregando..." until the first screen
// renders (its catalogs, and in dev the configuration).
container.insertAdjacentHTML(
  'beforeend',
  `<div role="status" style="padding:0 2rem 2rem;text-align:center">${i18n.t('common:loading')}</div>`,
);

// The web font only when the browser has it already (lib/web-font.ts): it never takes the first
// paint's bandwidth. Read from the Cache Storage while the catalogs download.
const webFont = declareCachedWebFont();

function applyConfig(config: PublicConfig): void {
  setAuthPrefix(config.recordsPrefix);
  configureApiClients(config, {
    getIdentity: currentIdentity,
    onUnauthorized: () =>
      void recheckAfterUnauthorized(queryClient, () =>
        toastError(i18n.t('common:sessionExpired'), SESSION_EXPIRED_TOAST_ID),
      ),
  });
}

// The configuration the server wrote into index.html: no round trip before the session check, the
// screen's catalogs (in the language in use) and its chunks start, together. Without it (the Vite
// dev server) the catalogs start now and the rest once boot() has read GET /api/config.
const { pathname } = window.location;
const inlineConfig = readInlineConfig();
if (inlineConfig) applyConfig(inlineConfig);
const catalogs = inlineConfig
  ? startScreen(queryClient, pathname, loadNamespacesFor)
  : loadNamespacesFor(pathname);

function AppRoutes() {
  const { pathname } = useLocation();
  // The next screen's catalogs start loading together with its code (not after it rendered).
  useMemo(() => void loadNamespacesFor(pathname), [pathname]);
  const element = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

async function boot() {
  let config = inlineConfig;
  if (!config) {
    config = await loadConfig();
    applyConfig(config);
    void startScreen(queryClient, pathname, loadNamespacesFor);
  }
  await catalogs;
  // A local read: waited for briefly, never longer than the catalogs plus 100 ms.
  await Promise.race([webFont, new Promise((resolve) => setTimeout(resolve, 100))]);
  markRendered();
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
  // The web font for the next page load, once this one's first screen is up.
  // Then the toasts' code too, so that an error can still be said without a connection.
  void afterFirstScreen()
    .then(() => {
      preloadToasts();
      return cacheWebFont();
    })
    .catch(() => undefined);
}

void boot();
