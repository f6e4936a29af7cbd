import { DefaultChatTransport, type UIMessage } from 'ai';
import { isProblem } from '@aprenda/shared/errors';
import { HEADER_USER_ID, HEADER_USER_ROLE } from '@aprenda/shared/constants';
import { timedFetch } from '@/lib/api-client';
import { currentIdentity } from '@/lib/identity';
import type { ChatMessageMetadata, ChatRequestBody, MessageStatus } from '../api/types';

/** Metadata of a chat message: server ids from the stream, status and error for stored ones. */
export interface ChatMetadata extends ChatMessageMetadata {
  status?: MessageStatus;
  errorCode?: string | null;
  createdAt?: string;
}

export type ChatUIMessage = UIMessage<ChatMetadata>;

/** The chat endpoint answered with an error before streaming (nothing was answered). */
export class ChatHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfter: number | null;

  constructor(status: number, code: string, retryAfter: number | null) {
    super(code);
    this.name = 'ChatHttpError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export const CHAT_ROUTE = '/conversations/{id}/chat';

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
): ChatRequestBody {
  const model = extra?.model || undefined;
  if (trigger === 'regenerate-message') return { action: 'regenerate', model };
  const text = textOf(messages.at(-1));
  return { action: extra?.action === 'edit' ? 'edit' : 'send', text, model };
}

/**
 * Seconds to wait from a `Retry-After` header (delay-seconds or an HTTP date), rounded up;
 * null when absent, unreadable or already past.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return seconds > 0 ? seconds : null;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? seconds : null;
}

function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 413) return 'message_too_long';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status === 0) return 'unavailable';
  return status >= 500 ? 'internal' : 'bad_request';
}

/**
 * useChat transport for POST {apiPrefix}/conversations/{id}/chat: sends the contract's body
 * (send / regenerate / edit), the session headers, reports latency, and turns a problem answer
 * into a ChatHttpError (calling onUnauthorized on 401).
 */
export function createChatTransport(options: {
  apiPrefix: string;
  conversationId: string;
  onUnauthorized: () => void;
}) {
  const base = options.apiPrefix.replace(/\/$/, '');
  return new DefaultChatTransport<ChatUIMessage>({
    api: `${base}/conversations/${encodeURIComponent(options.conversationId)}/chat`,
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
      let res: Response;
      try {
        res = await timedFetch(CHAT_ROUTE, 'POST', input, init);
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        throw new ChatHttpError(0, 'unavailable', null);
      }
      if (res.ok) return res;
      if (res.status === 401) options.onUnauthorized();
      const body: unknown = await res.json().catch(() => null);
      const code = isProblem(body) ? body.code : codeForStatus(res.status);
      throw new ChatHttpError(res.status, code, retryAfterSeconds(res.headers.get('retry-after')));
    },
    prepareSendMessagesRequest: ({ messages, trigger, body }) => ({
      body: chatRequestBody(trigger, messages, body as ChatSendOptions | undefined),
    }),
  });
}
