import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/**
 * Conversation and AI tutor API contract (docs/api/conversations.md): limits, zod schemas for
 * every request the web sends, and the types of every answer. The server validates with these.
 */

import { CONVERSATION_TITLE_MAX } from '../conversation-limits.ts';

export { CONVERSATION_TITLE_MAX, MESSAGE_TEXT_MAX } from '../conversation-limits.ts';
/** Longest search query (characters). */
export const CONVERSATION_QUERY_MAX = 200;
/** A generated title has at most this many words. */
export const GENERATED_TITLE_MAX_WORDS = 6;

export const TUTOR_MODES = ['socratic', 'direct'] as const;
export type TutorMode = (typeof TUTOR_MODES)[number];
export const tutorModeSchema = z.enum(TUTOR_MODES);

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export const MESSAGE_STATUSES = ['complete', 'streaming', 'stopped', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Why an answer failed (`Message.error_code`, and the `errorText` of the stream's error part). */
export const PROVIDER_ERROR_CODES = [
  'provider_auth_failed',
  'provider_rate_limited',
  'provider_timeout',
  'provider_stream_dropped',
  'provider_unreachable',
  'provider_error',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

const title = z.string().trim().max(CONVERSATION_TITLE_MAX);
const id = z.string().trim().min(1).max(200);
/** `<provider>:<model>`, e.g. `openai:gpt-4.1-mini` (GET /ai/models ids). */
export const modelIdSchema = z
  .string()
  .trim()
  .min(3)
  .max(200)
  .regex(/^[a-z0-9-]+:.+$/, { message: 'must be <provider>:<model>' });

/** GET /conversations?q&cursor&limit */
export const listConversationsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(CONVERSATION_QUERY_MAX).optional(),
});
export type ListConversationsQuery = z.input<typeof listConversationsQuerySchema>;

/** POST /conversations */
export const createConversationSchema = z.object({
  title: title.optional(),
  class_id: id.nullable().optional(),
  mode: tutorModeSchema.optional(),
});
export type CreateConversationInput = z.input<typeof createConversationSchema>;

/** PATCH /conversations/{id}: any non-empty subset. `class_id: null` unlinks the class. */
export const updateConversationSchema = z
  .object({
    title: title.optional(),
    pinned: z.boolean().optional(),
    mode: tutorModeSchema.optional(),
    class_id: id.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'at least one field is required',
  });
export type UpdateConversationInput = z.input<typeof updateConversationSchema>;

/**
 * Message text as the chat accepts it. Emptiness and length are checked by the server with their
 * own answers (400 `validation_failed` for empty, 413 `message_too_long` above MESSAGE_TEXT_MAX),
 * so the schema only bounds it loosely.
 */
const messageText = z.string();

/** POST /conversations/{id}/chat */
export const chatRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('send'), text: messageText, model: modelIdSchema.optional() }),
  z.object({ action: z.literal('regenerate'), model: modelIdSchema.optional() }),
  z.object({ action: z.literal('edit'), text: messageText, model: modelIdSchema.optional() }),
]);
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** A conversation (session) as every conversation call answers it. */
export interface Conversation {
  id: string;
  /** May be '' (the web shows "Untitled conversation"). */
  title: string;
  /** The mode the tutor answers in: always `socratic` while `socratic_required`. */
  mode: TutorMode;
  class_id: string | null;
  class_title: string | null;
  /**
   * The linked class requires Socratic mode (its teachers' setting): the mode cannot be changed
   * to `direct` (409 `socratic_required`).
   */
  socratic_required: boolean;
  pinned: boolean;
  created_at: string;
  updated_at: string;
  last_message_at: string | null;
  /** true when a teacher of the linked class reads a student's conversation. */
  readonly?: boolean;
}

/** GET /classes/{classId}/conversations items: a student's linked conversation. */
export interface LinkedConversation extends Conversation {
  user_id: string;
  student_name: string;
  readonly: true;
}

export interface Message {
  id: string;
  role: MessageRole;
  text: string;
  status: MessageStatus;
  error_code: string | null;
  /** `<provider>:<model>` that wrote an assistant message; null for user messages. */
  model: string | null;
  created_at: string;
}

/** `messageMetadata` of the chat's UI message stream (on its `start` and `finish` parts). */
export interface ChatMessageMetadata {
  /** Server id of the assistant message being written. */
  messageId: string;
  /** Server id of the user message it answers. */
  userMessageId: string;
  model: string;
}

export type AiModelSource = 'user' | 'school';

/** GET /ai/models items. */
export interface AiModel {
  /** `<provider>:<model>` */
  id: string;
  provider: string;
  label: string;
  source: AiModelSource;
}

export interface AiModelList {
  items: AiModel[];
  /** The model used when the chat names none; null when no provider has a key. */
  default: string | null;
}
