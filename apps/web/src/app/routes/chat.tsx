import { useParams } from 'react-router';
import { ChatPage as ChatScreen } from '@/features/chat/components/chat-page';
import { usePageTitle } from '@/lib/page-title';

/** /dashboard/chat and /dashboard/chat/:conversationId */
export function ChatPage() {
  const { conversationId } = useParams();
  usePageTitle('dashboard:tools.chat.name');
  return <ChatScreen conversationId={conversationId} />;
}
