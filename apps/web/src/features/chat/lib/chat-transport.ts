import { DefaultChatTransport, type UIMessage } from 'ai';
import { HEADER_USER_ID, HEADER_USER_ROLE } from '@aprenda/shared/constants';
import type { ChatRequest, MessageStatus } from '@aprenda/shared/schemas/conversations';
import { timedFetch } from '@/lib/api-client';
import { networkError, responseError } from '@/lib/errors';
import { currentIdentity } from '@/lib/identity';

/** messageMetadata of the streamed assistant message (server ids); absent on stored messages. */
interface ChatMessageMetadata {
  messageId?: string;
  userMessageId?: string;
  model?: string;
}

/** Metadata of a chat message: server ids from the stream, status and error for stored ones. */
export interface ChatMetadata extends ChatMessageMetadata {
  status?: MessageStatus;
  errorCode?: string | null;
  createdAt?: string;
}

export type ChatUIMessage = UIMessage<ChatMetadata>;

const CHAT_ROUTE = '/conversations/{id}/chat';
const STREAM_ROUTE = '/conversations/{id}/stream';

export function textOf(message: UIMessage | undefined): string {
  if (!message) return '';
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

/** What the transport's extra body may say: edit instead of send, and the chosen model. */
export interface ChatSendOptions {
  action?: 'edit';
  model?: string;
}

/** The contract's body for a useChat request. */
export function chatRequestBody(
  trigger: 'submit-message' | 'regenerate-message',
  messages: UIMessage[],
  extra: ChatSendOptions | undefined,
): ChatRequest {
  const model = extra?.model || undefined;
  if (trigger === 'regenerate-message') return { action: 'regenerate', model };
  const text = textOf(messages.at(-1));
  return { action: extra?.action === 'edit' ? 'edit' : 'send', text, model };
}

/**
 * useChat transport for POST {apiPrefix}/conversations/{id}/chat: sends the contract's body
 * (send / regenerate / edit), the session headers, reports latency, and turns a refusal into an
 * ApiError (calling onUnauthorized on 401). `resumeStream()` reattaches to the answer the server is
 * still writing: GET {apiPrefix}/conversations/{id}/stream replays it from its beginning (204 when
 * there is none).
 */
export function createChatTransport(options: {
  apiPrefix: string;
  conversationId: string;
  onUnauthorized: () => void;
}) {
  const base = options.apiPrefix.replace(/\/$/, '');
  const conversation = `${base}/conversations/${encodeURIComponent(options.conversationId)}`;
  return new DefaultChatTransport<ChatUIMessage>({
    api: `${conversation}/chat`,
    credentials: 'same-origin',
    headers: () => {
      const identity = currentIdentity();
      const headers: Record<string, string> = {};
      if (identity.token) headers.authorization = `Bearer ${identity.token}`;
      if (identity.userId) headers[HEADER_USER_ID] = identity.userId;
      if (identity.role) headers[HEADER_USER_ROLE] = identity.role;
      return headers;
    },
    fetch: async (input, init) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      let res: Response;
      try {
        res = await timedFetch(method === 'GET' ? STREAM_ROUTE : CHAT_ROUTE, method, input, init);
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw networkError();
      }
      if (res.ok) return res;
      if (res.status === 401) options.onUnauthorized();
      throw await responseError(res, 'chat');
    },
    prepareSendMessagesRequest: ({ messages, trigger, body }) => ({
      body: chatRequestBody(trigger, messages, body as ChatSendOptions | undefined),
    }),
    prepareReconnectToStreamRequest: ({ headers, credentials }) => ({
      api: `${conversation}/stream`,
      headers,
      credentials,
    }),
  });
}
