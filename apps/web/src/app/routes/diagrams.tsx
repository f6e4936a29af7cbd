import { DiagramList } from '@/features/diagrams/components/diagram-list';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/mermaid`: my diagrams and those shared with my classes. */
export function DiagramsPage() {
  usePageTitle('dashboard:tools.mermaid.name');
  return <DiagramList />;
}
