import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { capturePageview } from '@/lib/analytics';
import { useSessionSync } from '@/lib/session';

/** Root of every screen: keeps the session fresh, sends a page view on every route change. */
export function RootLayout() {
  const location = useLocation();
  useSessionSync();

  useEffect(() => {
    capturePageview();
  }, [location.pathname, location.search]);

  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
