import { MetricsScreen } from '@/features/metrics/components/metrics-screen';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/metrics` ("Métricas"): the student's own figures. */
export function MetricsPage() {
  usePageTitle('dashboard:tools.metrics.name');
  return <MetricsScreen />;
}
