import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { capturePageview } from '@/lib/analytics';
import { useSessionSync } from '@/lib/session';
import { ScrollMemory } from './scroll-memory';

/** Root of every screen: keeps the session fresh, sends a page view on every route change. */
export function RootLayout() {
  const location = useLocation();
  useSessionSync();

  useEffect(() => {
    capturePageview();
  }, [location.pathname, location.search]);

  return (
    <>
      <ScrollMemory />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
