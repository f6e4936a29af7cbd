import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/errors/loading-screen';
import { EmailVerificationNotice } from '@/features/auth/components/email-verification-notice';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { useSignedInUser } from './use-user';

export function DashboardLayout() {
  const user = useSignedInUser();
  return (
    <DashboardShell user={user} notice={<EmailVerificationNotice user={user} />}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </DashboardShell>
  );
}
