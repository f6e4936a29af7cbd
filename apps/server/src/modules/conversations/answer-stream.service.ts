import { streamText, type ModelMessage, type UIMessageChunk } from 'ai';
import type {
  ChatMessageMetadata,
  MessageStatus,
  ProviderErrorCode,
  TutorMode,
} from '@aprenda/shared/schemas/conversations';
import type { AppContext } from '../../context.ts';
import type { LiveAnswer } from '../../lib/answer-relay.ts';
import {
  classifyProviderError,
  generateTitle,
  providerStatus,
  tutorSystemPrompt,
  type ResolvedModel,
} from '../ai/public.ts';
import { setTitleIfEmpty, touchStreamingRow, updateAnswer } from './answer-stream.queries.ts';
import type { ChatTurn } from './chat-turn.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'env' | 'logger' | 'answerRelay'>;
type ReadCtx = Pick<AppContext, 'db' | 'clock'>;

/** The partial answer is saved this often while new text arrives (a crash loses at most this). */
const SAVE_EVERY_MS = 1000;
/**
 * With no new text (the provider is slow to start or pauses), the answer's row is still touched
 * this often — at most every 10 s, and three times within ANSWER_STALE_MARGIN_MS — so the sweep of
 * abandoned answers (older than the first-token timeout plus that margin) never takes a live
 * answer for a dead one.
 */
const heartbeatMs = (env: Ctx['env']) =>
  Math.min(10_000, Math.max(100, Math.floor(env.ANSWER_STALE_MARGIN_MS / 3)));

// Background work (answers being generated, then their titles) per app, so shutdown and tests can
// wait for it.
const background = new WeakMap<object, Set<Promise<void>>>();

function track(ctx: object, work: Promise<void>) {
  let set = background.get(ctx);
  if (!set) background.set(ctx, (set = new Set()));
  set.add(work);
  void work.finally(() => set.delete(work));
}

/** Wait until this app's background work (answers and titles being generated) has settled. */
export async function settleBackgroundWork(ctx: object): Promise<void> {
  const set = background.get(ctx);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

/**
 * Shutdown: wait up to `ms` for the answers this process generates, then end the rest `failed`
 * (`provider_stream_dropped`, their text kept: the student sees Retry) and wait for their saves.
 */
export async function drainAnswers(ctx: Pick<AppContext, 'answerRelay'>, ms: number) {
  const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t).unref?.());
  const live = ctx.answerRelay.local();
  if (live.length === 0) return;
  await Promise.race([Promise.allSettled(live.map((a) => a.done)), sleep(ms)]);
  const left = ctx.answerRelay.local();
  for (const answer of left) await ctx.answerRelay.requestStop(answer.id, 'shutdown');
  await Promise.race([Promise.allSettled(left.map((a) => a.done)), sleep(2000)]);
}

type Outcome =
  { status: 'complete' } | { status: 'stopped' } | { status: 'failed'; code: ProviderErrorCode };

/**
 * Save the assistant's text so far (while streaming) or its final state. Returns whether the row
 * was written (a partial save of an answer that is no longer streaming is not).
 */
export async function saveAssistantMessage(
  ctx: ReadCtx,
  id: string,
  update: { text: string; status: MessageStatus; error_code?: string | null },
): Promise<boolean> {
  return updateAnswer(
    ctx.db.db,
    id,
    { text: update.text, status: update.status, error_code: update.error_code ?? null },
    ctx.clock.now().toISOString(),
  );
}

/** A live answer with no new text yet: only its `updated_at`; false when no longer streaming. */
export async function touchStreamingAnswer(ctx: ReadCtx, id: string): Promise<boolean> {
  return touchStreamingRow(ctx.db.db, id, ctx.clock.now().toISOString());
}

/** Set a generated title, unless the user gave one meanwhile. */
export async function setGeneratedTitle(ctx: ReadCtx, id: string, title: string): Promise<void> {
  await setTitleIfEmpty(ctx.db.db, id, title, ctx.clock.now().toISOString());
}

/**
 * Start the tutor's answer of a stored turn and return a reader of it from its beginning: an AI SDK
 * UI message stream (the route answers with it).
 *
 * The generation belongs to the server, not to the request (decision 0024): it runs in the
 * background, published through `ctx.answerRelay`, whether or not anyone reads — the client may
 * leave, close the tab or lose its connection, and come back to follow the rest
 * (`followAnswer`). Only Stop (`stopAnswer`: the relay's signal, or the row marked `stopped` by
 * another instance) or a shutdown ends it early.
 *
 * Its first text is saved at once and then every second while more arrives (a live row is touched
 * every 10 s even without text), and its end state always — `complete`, `stopped` with the partial
 * text, or `failed` + error code (the stream then ends with an error part whose `errorText` is that
 * code). No first token within AI_FIRST_TOKEN_TIMEOUT_MS → `provider_timeout`. When the
 * conversation had no title, one is generated afterwards, never delaying the answer.
 */
export function startAnswer(
  ctx: Ctx,
  options: {
    turn: ChatTurn;
    model: ResolvedModel;
    mode: TutorMode;
    language: string;
  },
): ReadableStream<UIMessageChunk> {
  const live = ctx.answerRelay.open(options.turn.assistantMessageId);
  const reader = live.subscribe();
  track(
    ctx,
    generate(ctx, options, live).catch((err: unknown) => {
      ctx.logger({ level: 'error', msg: 'answer generation failed', err: errorText(err) });
      live.publish({ type: 'error', errorText: 'provider_error' });
      live.end();
    }),
  );
  return reader;
}

async function generate(
  ctx: Ctx,
  options: { turn: ChatTurn; model: ResolvedModel; mode: TutorMode; language: string },
  live: LiveAnswer,
): Promise<void> {
  const { turn, model } = options;
  const signal = live.signal;
  const metadata: ChatMessageMetadata = {
    messageId: turn.assistantMessageId,
    userMessageId: turn.userMessage.id,
    model: model.id,
  };
  const write = (chunk: UIMessageChunk) => live.publish(chunk);
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
  let outcome: Outcome;

  // Partial saves run one at a time, off the stream's path; the final save waits for them, so
  // it is always the last write of the row. A partial save that finds the row no longer streaming
  // (Stop asked on another instance, or the turn regenerated) stops the generation.
  let savedText = '';
  let lastWrite = Date.now();
  let saving: Promise<void> | null = null;
  const heartbeat = heartbeatMs(ctx.env);
  const savePartial = () => {
    if (saving) return;
    const now = Date.now();
    const changed = text !== savedText;
    if (!changed && now - lastWrite < heartbeat) return;
    lastWrite = now;
    const snapshot = text;
    saving = (
      changed
        ? saveAssistantMessage(ctx, turn.assistantMessageId, {
            text: snapshot,
            status: 'streaming',
          })
        : touchStreamingAnswer(ctx, turn.assistantMessageId)
    )
      .then((stillStreaming) => {
        savedText = snapshot;
        if (!stillStreaming) stop();
      })
      .catch((err: unknown) => {
        ctx.logger({
          level: 'warn',
          msg: 'could not save a partial answer',
          err: errorText(err),
        });
      })
      .finally(() => {
        saving = null;
      });
  };
  const ticker = setInterval(savePartial, Math.min(SAVE_EVERY_MS, heartbeat));
  ticker.unref?.();
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
        const first = text === '';
        text += part.text;
        write({ type: 'text-delta', id: 'text', delta: part.text });
        if (first) savePartial(); // the first words are kept at once; then every second
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        break;
      }
    }
    outcome = abortOutcome(abort.signal.aborted, timedOut, textStarted, signal);
  } catch (err) {
    if (abort.signal.aborted) {
      outcome = abortOutcome(true, timedOut, textStarted, signal);
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
    clearInterval(ticker);
    signal.removeEventListener('abort', stop);
  }

  const status: MessageStatus = outcome.status;
  await (saving as Promise<void> | null);
  try {
    await saveAssistantMessage(ctx, turn.assistantMessageId, {
      text,
      status,
      error_code: outcome.status === 'failed' ? outcome.code : null,
    });
  } catch (err) {
    ctx.logger({ level: 'error', msg: 'could not save an answer', err: errorText(err) });
  }

  if (textStarted) write({ type: 'text-end', id: 'text' });
  if (outcome.status === 'failed') {
    write({ type: 'error', errorText: outcome.code });
  } else if (outcome.status === 'stopped') {
    write({ type: 'abort', reason: 'stopped' });
  } else {
    write({ type: 'finish-step' });
    write({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });
  }
  live.end();

  if (outcome.status === 'complete' && turn.untitled && text.trim() !== '') {
    await titleInBackground(ctx, turn, model, text);
  }
}

/** How an aborted generation ends: no first token in time, shut down, or stopped. */
function abortOutcome(
  aborted: boolean,
  timedOut: boolean,
  textStarted: boolean,
  signal: AbortSignal,
): Outcome {
  if (!aborted) return { status: 'complete' };
  if (timedOut && !textStarted) return { status: 'failed', code: 'provider_timeout' };
  if (signal.aborted && signal.reason === 'shutdown') {
    return { status: 'failed', code: 'provider_stream_dropped' };
  }
  return { status: 'stopped' };
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

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${err.message}` : err.message;
}
