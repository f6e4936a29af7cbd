import type { DashboardTool } from '@aprenda/shared/constants';
import { ComingSoon } from '@/features/dashboard/components/coming-soon';
import { usePageTitle } from '@/lib/page-title';

/** A dashboard tool. Each is built by a later issue; until then an honest "Em breve" panel. */
export function ToolPage({ tool }: { tool: DashboardTool }) {
  usePageTitle(`dashboard:tools.${tool}.name`);
  return <ComingSoon tool={tool} />;
}
