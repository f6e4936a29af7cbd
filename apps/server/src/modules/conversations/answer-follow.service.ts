import type { UIMessageChunk } from 'ai';
import type { ChatMessageMetadata } from '@aprenda/shared/schemas/conversations';
import type { AppContext } from '../../context.ts';
import { isTerminal } from '../../lib/answer-relay.ts';
import {
  markAnswerStopped,
  selectAnswerState,
  selectLastAnswer,
  type StoredAnswer,
} from './answer-stream.queries.ts';
import { ownConversation, readableConversation } from './conversations.service.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'logger' | 'answerRelay'>;

/** Without a relay, the stored text is read this often (it is saved every second). */
const POLL_MS = 1000;
/** Following another instance's answer through Redis: its row is checked when silent this long. */
const WATCH_MS = 5000;
/** Stop waits at most this long for the answer's end state before it answers. */
const STOP_WAIT_MS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET /conversations/{id}/stream: the conversation's answer that is still being written, from its
 * beginning (the text so far at once, then the rest live) — or null when its newest message is not
 * an answer in progress (the route answers 204). For the owner, and for a teacher who may read it.
 *
 * This process generates it → its relay reader. Another instance does and Redis relays it → the
 * Redis reader, ended from the stored state if that instance dies. Otherwise (another instance, no
 * Redis; or this process restarted) → the stored text, polled every second until it ends.
 */
export async function followAnswer(
  ctx: Ctx,
  userId: string,
  conversationId: string,
): Promise<ReadableStream<UIMessageChunk> | null> {
  const { conversation } = await readableConversation(ctx, userId, conversationId);
  const answer = await selectLastAnswer(ctx.db.db, conversation.id);
  if (!answer || answer.status !== 'streaming') return null;
  const relayed = await ctx.answerRelay.subscribe(answer.id);
  if (relayed?.local) return relayed.stream;
  return storedFollower(ctx, answer, relayed?.stream ?? null);
}

/**
 * POST /conversations/{id}/stop: Stop the conversation's answer in progress (if any), wherever it
 * is generated; resolves once it is stored `stopped` with its text (or after STOP_WAIT_MS). The
 * owner only (a teacher who may read it gets 403).
 */
export async function stopAnswer(ctx: Ctx, userId: string, conversationId: string) {
  const { conversation } = await ownConversation(ctx, userId, conversationId);
  const answer = await selectLastAnswer(ctx.db.db, conversation.id);
  if (!answer || answer.status !== 'streaming') return;
  const here = ctx.answerRelay.local().find((a) => a.id === answer.id);
  if (here) {
    await ctx.answerRelay.requestStop(answer.id);
    await Promise.race([here.done, sleep(STOP_WAIT_MS)]);
    return;
  }
  // Elsewhere: through Redis its instance stops at once; else it sees the row no longer
  // streaming at its next save (≤ 1 s while text flows) and writes its whole text.
  await ctx.answerRelay.requestStop(answer.id);
  const deadline = Date.now() + STOP_WAIT_MS;
  await sleep(100);
  await markAnswerStopped(ctx.db.db, answer.id, ctx.clock.now().toISOString());
  while (Date.now() < deadline) {
    const state = await selectAnswerState(ctx.db.db, answer.id);
    if (!state || state.status !== 'streaming') break;
    await sleep(100);
  }
}

/**
 * A reader of an answer generated elsewhere: the relayed chunks when there are any (`live`), and
 * the stored row — polled every second without a relay, checked when the relay is silent for
 * WATCH_MS — for the text and for the end (so a dead generator's answer still ends: the sweep
 * fails it).
 */
function storedFollower(
  ctx: Ctx,
  answer: StoredAnswer,
  live: ReadableStream<UIMessageChunk> | null,
): ReadableStream<UIMessageChunk> {
  const metadata: ChatMessageMetadata = {
    messageId: answer.id,
    userMessageId: answer.questionId ?? '',
    model: answer.model ?? '',
  };
  let cancelled = false;
  const reader = live?.getReader();
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      let sent = '';
      let textStarted = false;
      const emit = (chunk: UIMessageChunk) => {
        if (!cancelled) controller.enqueue(chunk);
      };
      const emitText = (text: string) => {
        if (text.length <= sent.length || !text.startsWith(sent)) return;
        if (!textStarted) {
          textStarted = true;
          emit({ type: 'text-start', id: 'text' });
        }
        emit({ type: 'text-delta', id: 'text', delta: text.slice(sent.length) });
        sent = text;
      };
      const endFromStore = (state: Awaited<ReturnType<typeof selectAnswerState>>) => {
        if (state) emitText(state.text);
        if (textStarted) emit({ type: 'text-end', id: 'text' });
        if (!state || state.status === 'stopped') emit({ type: 'abort', reason: 'stopped' });
        else if (state.status === 'failed') {
          emit({ type: 'error', errorText: state.errorCode ?? 'provider_error' });
        } else {
          emit({ type: 'finish-step' });
          emit({ type: 'finish', finishReason: 'stop', messageMetadata: metadata });
        }
      };

      const pump = async () => {
        if (!reader) {
          emit({ type: 'start', messageId: answer.id, messageMetadata: metadata });
          emit({ type: 'start-step' });
          emitText(answer.text);
        }
        let next = reader?.read();
        while (!cancelled) {
          if (next) {
            const got = await Promise.race([next, sleep(WATCH_MS).then(() => null)]);
            if (got) {
              if (got.done) {
                // The relay let this reader go (or lost Redis): the store tells the rest.
                next = undefined;
                continue;
              }
              const chunk = got.value;
              if (chunk.type === 'start' || chunk.type === 'text-start') {
                if (chunk.type === 'text-start') textStarted = true;
                emit(chunk);
              } else if (chunk.type === 'text-delta') {
                emitText(sent + chunk.delta);
              } else {
                emit(chunk);
              }
              if (isTerminal(chunk)) return;
              next = reader!.read();
              continue;
            }
          } else {
            await sleep(POLL_MS);
            if (cancelled) return;
          }
          const state = await selectAnswerState(ctx.db.db, answer.id);
          if (!state || state.status !== 'streaming') {
            endFromStore(state);
            return;
          }
          if (!next) emitText(state.text);
        }
      };
      pump()
        .catch((err: unknown) => {
          ctx.logger({
            level: 'warn',
            msg: 'following an answer failed',
            err: err instanceof Error ? err.message : String(err),
          });
          emit({ type: 'error', errorText: 'provider_stream_dropped' });
        })
        .finally(() => {
          void reader?.cancel().catch(() => {});
          if (!cancelled) controller.close();
        });
    },
    cancel() {
      cancelled = true;
      void reader?.cancel().catch(() => {});
    },
  });
}
