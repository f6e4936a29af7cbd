import { useParams } from 'react-router';
import { useAssignmentResults } from '@/features/exercises/api/results';
import { ResultsScreen } from '@/features/exercises/components/results/results-screen';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/exercises/resultados/:assignmentId`: an assignment's results, for its teachers. */
export function AssignmentResultsPage() {
  const { assignmentId = '' } = useParams();
  const results = useAssignmentResults(assignmentId);
  usePageTitle(
    results.data ? 'sets:results.pageTitleNamed' : 'sets:results.pageTitle',
    results.data ? { title: results.data.assignment.title } : undefined,
  );
  return <ResultsScreen key={assignmentId} assignmentId={assignmentId} />;
}
