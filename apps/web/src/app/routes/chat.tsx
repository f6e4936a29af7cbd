import { useParams } from 'react-router';
import { ChatPage as ChatScreen } from '@/features/chat/components/chat-page';

/** /dashboard/chat and /dashboard/chat/:conversationId */
export function ChatPage() {
  const { conversationId } = useParams();
  return <ChatScreen conversationId={conversationId} />;
}
