import { useParams } from 'react-router';
import { HandoutsGrid } from '@/features/whiteboard/components/handouts-grid';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/whiteboard/:boardId/copias/:classId`: the teacher's grid of handed-out copies. */
export function WhiteboardHandoutsPage() {
  const { boardId = '', classId = '' } = useParams();
  usePageTitle('whiteboard:pageTitles.handouts');
  return <HandoutsGrid boardId={boardId} classId={classId} />;
}
