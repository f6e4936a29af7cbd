import { DashboardHome } from '@/features/dashboard/components/dashboard-home';
import { useInAClass } from './use-in-a-class';
import { useTeaches } from './use-teaches';
import { useSignedInUser } from './use-user';
import { usePageTitle } from '@/lib/page-title';

export function DashboardIndexPage() {
  usePageTitle('common:nav.dashboard');
  const user = useSignedInUser();
  return <DashboardHome user={user} teaches={useTeaches(user)} inAClass={useInAClass()} />;
}
