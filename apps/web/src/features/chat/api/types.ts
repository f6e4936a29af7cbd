/** The conversation API contract (docs/api/conversations.md), from the shared package. */
export type {
  AiModel,
  AiModelList as ModelsAnswer,
  ChatRequest as ChatRequestBody,
  Conversation,
  CreateConversationInput,
  LinkedConversation,
  Message,
  MessageStatus,
  TutorMode,
  UpdateConversationInput,
} from '@aprenda/shared/schemas/conversations';
export { CONVERSATION_TITLE_MAX, MESSAGE_TEXT_MAX } from '@aprenda/shared/schemas/conversations';

/** messageMetadata of the streamed assistant message (server ids); absent on stored messages. */
export interface ChatMessageMetadata {
  messageId?: string;
  userMessageId?: string;
  model?: string;
}
