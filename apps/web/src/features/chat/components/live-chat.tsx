import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useChat } from '@ai-sdk/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { ArrowUp, RotateCcw, Square } from 'lucide-react';
import type { Page } from '@aprenda/shared/schemas/common';
import { MESSAGE_TEXT_MAX } from '@aprenda/shared/conversation-limits';
import type { Message } from '@aprenda/shared/schemas/conversations';
import { Button } from '@/components/ui/button';
import { notifyUnauthorized } from '@/lib/api-client';
import { ApiError, errorMessage, errorText } from '@/lib/errors';
import { useConfig } from '@/lib/config-context';
import { toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { refreshAfterTurn, stopAnswer } from '../api/conversations';
import {
  createChatTransport,
  textOf,
  type ChatSendOptions,
  type ChatUIMessage,
} from '../lib/chat-transport';
import { clearDraft, loadDraft, saveDraft } from '../lib/drafts';
import { MessageItem } from './message-item';

function toUIMessage(m: Message): ChatUIMessage {
  return {
    id: m.id,
    role: m.role,
    parts: [{ type: 'text', text: m.text }],
    metadata: {
      status: m.status,
      errorCode: m.error_code,
      model: m.model ?? undefined,
      createdAt: m.created_at,
    },
  };
}

type History = UseInfiniteQueryResult<InfiniteData<Page<Message>, unknown>>;

/** A fetch that never reached the server or lost it midway (not a refusal). */
function isConnectionLoss(error: Error | undefined): boolean {
  if (!error) return false;
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof TypeError;
}

/** Waits before each new attempt to reattach to an answer after the connection dropped. */
const RESUME_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000];
/** After Stop, how long the server's end of the stream may take before the client cuts it. */
const STOP_GRACE_MS = 1500;

/**
 * The conversation's messages and composer. Older pages come from the history query (loaded on
 * scroll-up); the newest page seeds useChat, which streams new answers. The list is virtualized so
 * long conversations render only what is on screen.
 *
 * Answers belong to the server (decision 0024): leaving the page, switching conversation or losing
 * the connection only stops reading. A conversation opened while its answer is still being written
 * reattaches to it (`resumeStream`: the text so far, then the rest live), and so does a reader
 * whose connection dropped, once it is back. Only Stop (POST …/stop) ends an answer early.
 */
export function LiveChat({
  conversationId,
  history,
  model,
  canSend,
  readonly,
}: {
  conversationId: string;
  history: History;
  model: string | undefined;
  /** False when no AI key is configured anywhere: nothing is sent. */
  canSend: boolean;
  readonly: boolean;
}) {
  const { t } = useTranslation('chat');
  const config = useConfig();
  const queryClient = useQueryClient();
  const pages = useMemo(() => history.data?.pages ?? [], [history.data]);
  const [initial] = useState(() => (pages[0]?.items ?? []).map(toUIMessage));
  const transport = useMemo(
    () =>
      createChatTransport({
        apiPrefix: config.apiPrefix,
        conversationId,
        onUnauthorized: notifyUnauthorized,
      }),
    [config.apiPrefix, conversationId],
  );
  /** Set when a stream was read to its end (a resume that found nothing leaves it false). */
  const followed = useRef(false);
  /** Attempts to reattach since the connection dropped (the wait grows with each). */
  const resumeAttempts = useRef(0);
  const chat = useChat<ChatUIMessage>({
    id: conversationId,
    messages: initial,
    transport,
    onFinish: () => {
      followed.current = true;
      resumeAttempts.current = 0;
      refreshAfterTurn(queryClient, conversationId);
      // The server names an untitled conversation after the first answer, in the background.
      setTimeout(() => refreshAfterTurn(queryClient, conversationId), 2500);
    },
  });
  const { status, error, messages } = chat;
  const busy = status === 'submitted' || status === 'streaming';
  const statusRef = useRef(status);
  statusRef.current = status;

  // Reattach to the answer the server is still writing; when there is none any more (it ended
  // meanwhile), show what is stored.
  const { refetch: refetchHistory } = history;
  const { resumeStream, setMessages } = chat;
  const resume = useCallback(async () => {
    followed.current = false;
    await resumeStream();
    if (followed.current || statusRef.current === 'error') return;
    const fresh = await refetchHistory();
    const newest = fresh.data?.pages[0]?.items;
    if (newest) setMessages(newest.map(toUIMessage));
  }, [resumeStream, refetchHistory, setMessages]);

  // Opened while an answer is being written (elsewhere, or before the student left): follow it.
  useEffect(() => {
    const last = initial.at(-1);
    if (last?.role === 'assistant' && last.metadata?.status === 'streaming') void resume();
  }, [initial, resume]);

  // The connection dropped while an answer streamed: reattach when it is back.
  const lastMessage = messages.at(-1);
  const interrupted =
    isConnectionLoss(error) &&
    lastMessage?.role === 'assistant' &&
    (lastMessage.metadata?.status === undefined || lastMessage.metadata.status === 'streaming');
  useEffect(() => {
    if (!interrupted) return;
    const retry = () => {
      resumeAttempts.current += 1;
      void resume();
    };
    const delay = RESUME_DELAYS_MS[Math.min(resumeAttempts.current, RESUME_DELAYS_MS.length - 1)];
    const timer = setTimeout(retry, delay);
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [interrupted, error, resume]);

  const [draft, setDraft] = useState(() => loadDraft(conversationId));
  const [editing, setEditing] = useState<string | null>(null);
  const [stoppedIds, setStoppedIds] = useState<Set<string>>(() => new Set());
  const pendingText = useRef<string | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);

  const changeDraft = (text: string) => {
    setDraft(text);
    saveDraft(conversationId, text);
  };

  // The server accepted the question once the answer streams: the kept copy can go.
  useEffect(() => {
    if (status === 'streaming' && pendingText.current !== null) {
      if (composer.current?.value.trim() === '' || !composer.current) clearDraft(conversationId);
      pendingText.current = null;
    }
  }, [status, conversationId]);

  // Refused before streaming (no key, too long, rate limited, session expired…): nothing was
  // stored, so the question goes back into the box.
  useEffect(() => {
    if (!(error instanceof ApiError) || pendingText.current === null) return;
    const text = pendingText.current;
    pendingText.current = null;
    chat.setMessages((list) => {
      const last = list.at(-1);
      return last?.role === 'user' && textOf(last) === text ? list.slice(0, -1) : list;
    });
    setDraft((current) => (current.trim() ? current : text));
    saveDraft(conversationId, text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per error
  }, [error]);

  const send = (text: string, options: ChatSendOptions = {}) => {
    pendingText.current = text;
    saveDraft(conversationId, text);
    void chat.sendMessage({ text }, { body: { ...options, model } });
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const text = draft.trim();
    if (!text || busy || !canSend || text.length > MESSAGE_TEXT_MAX) return;
    setDraft('');
    send(text);
  };

  const regenerate = () => {
    if (busy) return;
    chat.clearError();
    void chat.regenerate({ body: { model } });
  };

  const lastUserIndex = messages.findLastIndex((m) => m.role === 'user');
  const submitEdit = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy || trimmed.length > MESSAGE_TEXT_MAX) return;
    setEditing(null);
    chat.clearError();
    chat.setMessages((list) => list.slice(0, lastUserIndex));
    send(trimmed, { action: 'edit' });
  };

  // Stop asked before the answer started: sent as soon as the server has it.
  const stopPending = useRef(false);
  const markStopped = () => {
    const last = chat.messages.at(-1);
    if (last?.role === 'assistant') setStoppedIds((s) => new Set(s).add(last.id));
  };
  const requestStop = async () => {
    markStopped();
    try {
      // The server stops the answer and stores it; its stream then ends here on its own.
      await stopAnswer(conversationId);
    } catch {
      toastError(t('chat.stopError'));
    }
    const deadline = Date.now() + STOP_GRACE_MS;
    while (Date.now() < deadline && statusRef.current === 'streaming') {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (statusRef.current === 'streaming' || statusRef.current === 'submitted') void chat.stop();
  };
  const stop = () => {
    if (status === 'submitted') {
      stopPending.current = true;
      return;
    }
    void requestStop();
  };
  useEffect(() => {
    if (!stopPending.current) return;
    if (status === 'streaming') {
      stopPending.current = false;
      void requestStop();
    } else if (status !== 'submitted') {
      stopPending.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to the status only
  }, [status]);

  // Older pages (history beyond the newest one), oldest first, then the live messages.
  const older = useMemo(
    () =>
      pages
        .slice(1)
        .reverse()
        .flatMap((p) => p.items.map(toUIMessage)),
    [pages],
  );
  const items = useMemo(() => [...older, ...messages], [older, messages]);
  const last = items.at(-1);
  const streamError = error && !(error instanceof ApiError) && !interrupted ? error : null;
  const storedFailure =
    !error && !busy && last?.role === 'assistant' && last.metadata?.status === 'failed';
  const httpError =
    error instanceof ApiError && error.status !== 401 && !interrupted ? error : null;

  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- measured rows; nothing memoized
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 140,
    overscan: 6,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const totalSize = virtualizer.getTotalSize();
  const atBottom = useRef(true);
  const prevOlder = useRef(older.length);
  const prevTotal = useRef(totalSize);

  // Keep the newest text in view while it streams (unless the reader scrolled up).
  const lastLength = last ? textOf(last).length : 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (older.length !== prevOlder.current) {
      // Older messages were added above: keep what the reader was looking at in place.
      el.scrollTop += totalSize - prevTotal.current;
      prevOlder.current = older.length;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    prevTotal.current = totalSize;
  }, [items.length, lastLength, totalSize, older.length, status]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadOlderIfNearTop = () => {
    const el = scroller.current;
    if (el && el.scrollTop < 400 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    loadOlderIfNearTop();
  };
  // A reader who stays at the top while a page arrives emits no further scroll event: keep
  // loading older pages until the top is out of reach again (or the history is complete).
  useEffect(() => {
    if (!atBottom.current) loadOlderIfNearTop();
  });

  const tooLong = draft.length > MESSAGE_TEXT_MAX;

  return (
    // At least the message box and a few lines of messages (13rem): the conversation's header
    // gives way first (conversation-view.tsx), so a short screen never cuts off the send button.
    <div className="flex min-h-52 flex-1 flex-col">
      {hasNextPage ? (
        <div className="flex justify-center border-b border-border py-1.5">
          <Button
            variant="ghost"
            size="sm"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t('chat.loading') : t('chat.loadOlder')}
          </Button>
        </div>
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        role="log"
        aria-label={t('chat.messages')}
        aria-live="off"
        tabIndex={0}
      >
        {items.length === 0 && !busy ? (
          <p className="py-4 text-center text-sm text-zinc-400 sm:py-10">{t('chat.empty')}</p>
        ) : null}
        <div className="relative w-full" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((row) => {
            const message = items[row.index]!;
            const isLast = row.index === items.length - 1;
            const liveIndex = row.index - older.length;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full pb-5"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {editing !== null && liveIndex === lastUserIndex && message.role === 'user' ? (
                  <EditBox
                    initial={editing}
                    onCancel={() => setEditing(null)}
                    onSubmit={submitEdit}
                  />
                ) : (
                  <MessageItem
                    message={message}
                    streaming={isLast && status === 'streaming' && message.role === 'assistant'}
                    stopped={stoppedIds.has(message.id)}
                    canRegenerate={isLast && !busy && !readonly && canSend}
                    canEdit={
                      liveIndex >= 0 && liveIndex === lastUserIndex && !busy && !readonly && canSend
                    }
                    onRegenerate={regenerate}
                    onEdit={() => setEditing(textOf(message))}
                    readonly={readonly}
                    failureBelow={isLast && Boolean(streamError || storedFailure)}
                  />
                )}
              </div>
            );
          })}
        </div>
        {status === 'submitted' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
            <span
              aria-hidden
              className="inline-block size-2 rounded-full bg-zinc-400 motion-safe:animate-pulse"
            />
            {t('chat.writing')}
          </p>
        ) : null}
        {interrupted ? (
          <p role="status" className="mt-2 text-sm text-amber-200">
            {t('chat.reconnecting')}
          </p>
        ) : null}
        {streamError || storedFailure ? (
          <div
            role="alert"
            className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            <span>
              {t('chat.failed', {
                reason: errorText(
                  t,
                  streamError ? streamError.message : (last?.metadata?.errorCode ?? null),
                  { scope: 'chat' },
                ),
              })}
            </span>
            {!readonly && canSend ? (
              <Button variant="outline" size="sm" onClick={regenerate}>
                <RotateCcw aria-hidden />
                {t('chat.retry')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {readonly ? null : (
        <form onSubmit={submit} className="border-t border-border p-3 sm:p-4">
          {httpError ? (
            <p role="alert" className="mb-2 text-sm text-red-300">
              {errorMessage(t, httpError, { scope: 'chat', retryAfter: httpError.retryAfter })}
            </p>
          ) : null}
          <label htmlFor={`composer-${conversationId}`} className="sr-only">
            {t('chat.messageLabel')}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={`composer-${conversationId}`}
              ref={composer}
              value={draft}
              onChange={(e) => changeDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  submit();
                }
              }}
              rows={2}
              placeholder={t('chat.placeholder')}
              aria-describedby={`composer-hint-${conversationId}`}
              aria-invalid={tooLong || undefined}
              disabled={!canSend}
              className="max-h-48 min-h-[2.75rem] flex-1 resize-y rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-zinc-500 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50 sm:text-sm"
            />
            {busy ? (
              <Button type="button" variant="outline" onClick={stop} aria-label={t('chat.stop')}>
                <Square aria-hidden />
                <span className="hidden sm:inline">{t('chat.stop')}</span>
              </Button>
            ) : (
              <Button
                type="submit"
                disabled={!canSend || !draft.trim() || tooLong}
                aria-label={t('chat.send')}
              >
                <ArrowUp aria-hidden />
                <span className="hidden sm:inline">{t('chat.send')}</span>
              </Button>
            )}
          </div>
          <p
            id={`composer-hint-${conversationId}`}
            className={cn(
              'mt-1.5 text-xs',
              tooLong
                ? 'text-red-300'
                : // "Enter envia" means nothing on a touch keyboard: hidden there.
                  'text-zinc-400 pointer-coarse:hidden [@media(hover:none)]:hidden',
            )}
          >
            {tooLong
              ? t('chat.tooLong', { count: draft.length, max: MESSAGE_TEXT_MAX })
              : t('chat.shortcut')}
          </p>
        </form>
      )}
    </div>
  );
}

function EditBox({
  initial,
  onCancel,
  onSubmit,
}: {
  initial: string;
  onCancel: () => void;
  onSubmit: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(initial);
  return (
    <form
      className="ml-auto flex w-full max-w-[85%] flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text);
      }}
    >
      <label className="sr-only" htmlFor="edit-question">
        {t('chat.editLabel')}
      </label>
      <textarea
        id="edit-question"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        autoFocus
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          {t('chat.cancelEdit')}
        </Button>
        <Button type="submit" size="sm" disabled={!text.trim()}>
          {t('chat.saveEdit')}
        </Button>
      </div>
    </form>
  );
}
