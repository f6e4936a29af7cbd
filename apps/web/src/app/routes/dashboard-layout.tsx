import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { afterFirstScreen } from '@/lib/first-screen';
import { useTeaches } from './use-teaches';
import { useSignedInUser } from './use-user';

/** Only an account whose e-mail is not confirmed yet shows it: not on everyone's first load. */
const EmailVerificationNotice = lazy(() =>
  import('@/features/auth/components/email-verification-notice').then((m) => ({
    default: m.EmailVerificationNotice,
  })),
);

/**
 * Counted when signing out (the outboxes of the features that keep any): not on the first load,
 * but fetched once the first screen is up, so that it works after the connection is lost.
 */
const loadUnsentWork = () => import('../unsent-work');
const unsentWork = (userId: string) => loadUnsentWork().then((m) => m.countUnsentWork(userId));

export function DashboardLayout() {
  const user = useSignedInUser();
  const teaches = useTeaches(user);
  useEffect(() => {
    void afterFirstScreen()
      .then(loadUnsentWork)
      .catch(() => undefined);
  }, []);
  return (
    <DashboardShell
      user={user}
      teaches={teaches}
      notice={
        user.emailVerified === false ? (
          <Suspense fallback={null}>
            <EmailVerificationNotice user={user} />
          </Suspense>
        ) : null
      }
      unsentWork={unsentWork}
    >
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </DashboardShell>
  );
}
