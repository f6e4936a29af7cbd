import { useParams } from 'react-router';
import { useBoard } from '@/features/whiteboard/api/boards';
import { BoardScreen } from '@/features/whiteboard/components/board-screen';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/** `/dashboard/whiteboard/:boardId`: one board (Excalidraw loads with this route only). */
export function WhiteboardBoardPage() {
  const { boardId = '' } = useParams();
  const user = useSignedInUser();
  const board = useBoard(boardId);
  usePageTitle(
    board.data ? 'whiteboard:pageTitles.board' : 'dashboard:tools.whiteboard.name',
    board.data ? { title: board.data.title } : undefined,
  );
  return <BoardScreen key={boardId} boardId={boardId} userId={user.id} />;
}
