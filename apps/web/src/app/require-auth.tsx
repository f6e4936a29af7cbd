import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { Button } from '@/components/ui/button';
import { signInPath } from '@/lib/redirect';
import { useSession } from '@/lib/session';

/**
 * Guard for protected routes: renders them only with a valid session. Whenever the session becomes
 * null (sign-out here or in another tab, a revoked or expired session found by a 401 or a re-check),
 * it sends the user to /auth?next=<wanted path>.
 */
export function RequireAuth() {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const { data: user, isPending, isError, refetch } = useSession();

  if (isPending) return <LoadingScreen />;
  if (isError && user === undefined) {
    return (
      <div
        role="alert"
        className="flex min-h-[40vh] flex-col items-center justify-center gap-3 p-6"
      >
        <p>{t('unavailable')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('common:routeError.retry')}
        </Button>
      </div>
    );
  }
  if (!user) {
    return (
      <Navigate to={signInPath(location.pathname + location.search + location.hash)} replace />
    );
  }
  return <Outlet />;
}
