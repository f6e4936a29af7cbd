import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  streamText,
  type ModelMessage,
  type UIMessageChunk,
} from 'ai';
import type {
  ChatMessageMetadata,
  MessageStatus,
  ProviderErrorCode,
  TutorMode,
} from '@aprenda/shared/schemas/conversations';
import type { AppContext } from '../../app.ts';
import type { ResolvedModel } from '../ai/providers.ts';
import { classifyProviderError, providerStatus } from '../ai/provider-errors.ts';
import { generateTitle } from '../ai/titles.ts';
import { tutorSystemPrompt } from '../ai/tutor-prompts.ts';
import { type ChatTurn, saveAssistantMessage, setGeneratedTitle } from './conversations.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'env' | 'logger'>;

/** The partial answer is saved at most this often while it streams. */
const SAVE_EVERY_MS = 1000;

// Background work (title generation) per app, so shutdown and tests can wait for it.
const background = new WeakMap<object, Set<Promise<void>>>();

function track(ctx: object, work: Promise<void>) {
  let set = background.get(ctx);
  if (!set) background.set(ctx, (set = new Set()));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Wait until this app's background work (titles being generated) has settled. */
export async function settleBackgroundWork(ctx: object): Promise<void> {
  const set = background.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

type Outcome =
  { status: 'complete' } | { status: 'stopped' } | { status: 'failed'; code: ProviderErrorCode };

/**
 * Stream the tutor's answer of a stored turn as an AI SDK UI message stream.
 *
 * The provider call runs whether or not the client reads: its text is saved every second, and its
 * end state always — `complete`, `stopped` (the client aborted: the request signal) with the
 * partial text, or `failed` + error code (the stream then ends with an error part whose
 * `errorText` is that code). No first token within AI_FIRST_TOKEN_TIMEOUT_MS → `provider_timeout`.
 * When the conversation had no title, one is generated afterwards, never delaying the answer.
 */
export function streamAnswer(
  ctx: Ctx,
  options: {
    turn: ChatTurn;
    model: ResolvedModel;
    mode: TutorMode;
    language: string;
    signal: AbortSignal;
  },
): Response {
  const { turn, model, signal } = options;
  const metadata: ChatMessageMetadata = {
    messageId: turn.assistantMessageId,
    userMessageId: turn.userMessage.id,
    model: model.id,
  };

  const stream = createUIMessageStream({
    onError: () => 'provider_error',
    execute: async ({ writer }) => {
      const write = (chunk: UIMessageChunk) => writer.write(chunk);
      const abort = new AbortController();
      let timedOut = false;
      const stop = () => abort.abort(new Error('stopped'));
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort(new Error('timeout'));
      }, ctx.env.AI_FIRST_TOKEN_TIMEOUT_MS);

      let text = '';
      let textStarted = false;
      let lastSave = Date.now();
      let outcome: Outcome;
      write({ type: 'start', messageId: turn.assistantMessageId, messageMetadata: metadata });
      write({ type: 'start-step' });
      try {
        const result = streamText({
          model: model.model,
          system: tutorSystemPrompt(options.mode, options.language),
          messages: turn.history.map((m): ModelMessage =>
            m.role === 'assistant'
              ? { role: 'assistant', content: m.text }
              : { role: 'user', content: m.text },
          ),
          abortSignal: abort.signal,
          maxRetries: 0,
          onError: () => {}, // handled below; the default would log the provider's message
        });
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) {
            clearTimeout(timer);
            if (!textStarted) {
              textStarted = true;
              write({ type: 'text-start', id: 'text' });
            }
            text += part.text;
            write({ type: 'text-delta', id: 'text', delta: part.text });
            if (Date.now() - lastSave >= SAVE_EVERY_MS) {
              lastSave = Date.now();
              await saveAssistantMessage(ctx, turn.assistantMessageId, {
                text,
                status: 'streaming',
              });
            }
          } else if (part.type === 'error') {
            throw part.error;
          } else if (part.type === 'abort') {
            break;
          }
        }
        outcome = abort.signal.aborted
          ? timedOut && !textStarted
            ? { status: 'failed', code: 'provider_timeout' }
            : { status: 'stopped' }
          : { status: 'complete' };
      } catch (err) {
        if (abort.signal.aborted) {
          outcome =
            timedOut && !textStarted
              ? { status: 'failed', code: 'provider_timeout' }
              : { status: 'stopped' };
        } else {
          outcome = { status: 'failed', code: classifyProviderError(err, textStarted) };
          // Only the code and status: provider messages may echo part of a key.
          ctx.logger({
            level: 'warn',
            msg: 'provider call failed',
            code: outcome.code,
            provider: model.provider,
            status: providerStatus(err) ?? null,
          });
        }
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }

      const status: MessageStatus = outcome.status;
      try {
        await saveAssistantMessage(ctx, turn.assistantMessageId, {
          text,
          status,
          error_code: outcome.status === 'failed' ? outcome.code : null,
        });
      } catch (err) {
        ctx.logger({
          level: 'error',
          msg: 'could not save an answer',
          err: err instanceof Error ? err.message : String(err),
        });
      }

      if (textStarted) write({ type: 'text-end', id: 'text' });
      if (outcome.status === 'failed') {
        write({ type: 'error', errorText: outcome.code });
        return;
      }
      if (outcome.status === 'stopped') {
        write({ type: 'abort', reason: 'stopped' });
        return;
      }
      write({ type: 'finish-step' });
      write({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });

      if (turn.untitled && text.trim() !== '') {
        track(ctx, titleInBackground(ctx, turn, model, text));
      }
    },
  });

  return createUIMessageStreamResponse({ stream, headers: { 'cache-control': 'no-store' } });
}

async function titleInBackground(ctx: Ctx, turn: ChatTurn, model: ResolvedModel, answer: string) {
  try {
    const title = await generateTitle(model.model, turn.userMessage.text, answer);
    if (title) await setGeneratedTitle(ctx, turn.conversation.id, title);
  } catch (err) {
    ctx.logger({
      level: 'info',
      msg: 'title generation failed',
      provider: model.provider,
      status: providerStatus(err) ?? null,
    });
  }
}
