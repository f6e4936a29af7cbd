import { BoardList } from '@/features/whiteboard/components/board-list';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/whiteboard`: my boards, the boards shared with me, the storage used. */
export function WhiteboardPage() {
  usePageTitle('dashboard:tools.whiteboard.name');
  return <BoardList />;
}
