import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { EmailVerificationNotice } from '@/features/auth/components/email-verification-notice';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { useTeaches } from './use-teaches';
import { useSignedInUser } from './use-user';

export function DashboardLayout() {
  const user = useSignedInUser();
  const teaches = useTeaches(user);
  return (
    <DashboardShell user={user} teaches={teaches} notice={<EmailVerificationNotice user={user} />}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </DashboardShell>
  );
}
