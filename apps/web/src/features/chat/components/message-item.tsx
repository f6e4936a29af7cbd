import { useTranslation } from 'react-i18next';
import { Pencil, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { textOf, type ChatUIMessage } from '../lib/chat-transport';
import { CopyButton } from '@/components/markdown/copy-button';
import { Markdown } from '@/components/markdown/markdown';

export interface MessageItemProps {
  message: ChatUIMessage;
  /** This assistant message is receiving text right now. */
  streaming: boolean;
  /** Stopped by the user in this visit (stored messages carry their own status). */
  stopped: boolean;
  canRegenerate: boolean;
  canEdit: boolean;
  onRegenerate: () => void;
  onEdit: () => void;
  /** A teacher reads a student's conversation: the questions are the student's, not "You". */
  readonly?: boolean;
  /** The last answer's failure is said below the list, with "Tentar de novo": not here too. */
  failureBelow?: boolean;
}

/** One message: the question as typed, the answer as markdown, and the actions that apply. */
export function MessageItem({
  message,
  streaming,
  stopped,
  canRegenerate,
  canEdit,
  onRegenerate,
  onEdit,
  readonly = false,
  failureBelow = false,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const text = textOf(message);
  const status = message.metadata?.status;
  if (message.role === 'user') {
    return (
      <article
        aria-label={readonly ? t('chat.student') : t('chat.you')}
        className="ml-auto flex max-w-[85%] flex-col items-end gap-1"
        data-role="user"
      >
        <div className="rounded-lg rounded-br-sm bg-violet-500/20 px-3 py-2 whitespace-pre-wrap ring-1 ring-violet-400/30">
          {text}
        </div>
        {canEdit ? (
          <Button variant="ghost" size="sm" className="h-7 text-zinc-400" onClick={onEdit}>
            <Pencil aria-hidden />
            {t('chat.edit')}
          </Button>
        ) : null}
      </article>
    );
  }
  const failed = status === 'failed';
  return (
    <article
      aria-label={t('chat.tutor')}
      className="flex max-w-full flex-col gap-1"
      data-role="assistant"
    >
      <div className="text-xs font-medium text-zinc-400">{t('chat.tutor')}</div>
      <div className={cn('min-w-0', failed && 'opacity-90')} data-testid="assistant-text">
        {text ? <Markdown text={text} streaming={streaming} /> : null}
        {streaming ? (
          <span
            aria-hidden
            data-testid="streaming-cursor"
            className="ml-0.5 inline-block h-4 w-2 translate-y-0.5 bg-zinc-300 motion-safe:animate-pulse"
          />
        ) : null}
      </div>
      {(stopped || status === 'stopped') && !streaming ? (
        <p className="text-xs text-zinc-400">{t('chat.stopped')}</p>
      ) : null}
      {failed && !failureBelow ? (
        <p className="text-xs text-red-300">
          {t('chat.failed', {
            reason: errorText(t, message.metadata?.errorCode, { scope: 'chat' }),
          })}
        </p>
      ) : null}
      {!streaming && text ? (
        <div className="flex items-center gap-1">
          <CopyButton label={t('chat.copy')} getText={() => text} />
          {canRegenerate ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-zinc-400 hover:text-foreground"
              aria-label={t('chat.regenerate')}
              title={t('chat.regenerate')}
              onClick={onRegenerate}
            >
              <RefreshCw aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
