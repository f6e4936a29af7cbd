/**
 * The conversation API contract (docs/api/conversations.md). Mirrors the server's answers; kept here
 * until packages/shared/src/schemas/conversations.ts exports the same shapes.
 */
export type TutorMode = 'socratic' | 'direct';

export interface Conversation {
  id: string;
  title: string;
  mode: TutorMode;
  class_id: string | null;
  class_title: string | null;
  pinned: boolean;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  /** True when a teacher views a student's linked conversation. */
  readonly?: boolean;
}

export type MessageStatus = 'complete' | 'streaming' | 'stopped' | 'failed';

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  status: MessageStatus;
  error_code: string | null;
  model: string | null;
  created_at: string;
}

export interface AiModel {
  id: string;
  provider: string;
  label: string;
  source: 'user' | 'school';
}

export interface ModelsAnswer {
  items: AiModel[];
  default: string | null;
}

export interface CreateConversationInput {
  title?: string;
  class_id?: string;
  mode?: TutorMode;
}

export interface UpdateConversationInput {
  title?: string;
  pinned?: boolean;
  mode?: TutorMode;
}

/** Body of POST /conversations/{id}/chat. */
export type ChatRequestBody =
  | { action: 'send'; text: string; model?: string }
  | { action: 'regenerate'; model?: string }
  | { action: 'edit'; text: string; model?: string };

/** messageMetadata of the streamed assistant message. */
export interface ChatMessageMetadata {
  messageId?: string;
  userMessageId?: string;
  model?: string;
}

/** Limits the server enforces (mirrored so the form can say so before sending). */
export const CONVERSATION_TITLE_MAX = 200;
export const MESSAGE_TEXT_MAX = 32_000;
