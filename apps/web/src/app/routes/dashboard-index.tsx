import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { useSignedInUser } from './use-user';

export function DashboardIndexPage() {
  return <DashboardHome user={useSignedInUser()} />;
}
