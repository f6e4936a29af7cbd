import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye, Layers, Lock, SlidersHorizontal, Users, Workflow } from 'lucide-react';
import { NoKeyNote } from '@/components/ai/no-key-note';
import type { TutorMode } from '@aprenda/shared/schemas/conversations';
import { Button, buttonVariants } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  useConversation,
  useMessages,
  useModels,
  useUpdateConversation,
} from '../api/conversations';
import { wantsComposerFocus } from '../lib/focus-composer';
import { useMediaQuery } from '../lib/hooks';
import { LiveChat } from './live-chat';
import { PaneError, PaneErrorBoundary } from './pane-error';

const MODEL_STORAGE_KEY = 'aprenda.chat.model';

function rememberedModel(): string {
  try {
    return window.localStorage.getItem(MODEL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

const selectClass = 'h-9 w-auto px-2 text-sm sm:text-sm';

/**
 * Room for the full header (title beside its buttons, the tutor's settings always shown). Below
 * it — a phone, upright or on its side — the header is compact: the title on its line, then one
 * row with "Cartões", "Diagrama" and a button that shows the mode and the model. The full header
 * took ~310 px of a 740 px phone and left the messages ~175 px.
 */
export const ROOMY_HEADER_QUERY = '(min-width: 640px) and (min-height: 560px)';

/**
 * One open conversation: title, tutor mode, model, notices, and the live chat. A failure to load
 * its messages (or to show them) stays inside this pane, with a retry: the sidebar, the page and
 * the conversation's header stay.
 */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const models = useModels();
  const update = useUpdateConversation();
  const [chosenModel, setChosenModel] = useState(rememberedModel);
  const modeId = useId();
  const modelId = useId();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef<string | null>(null);
  const focusComposer = wantsComposerFocus(location.state);
  const shown = conversation.isSuccess && history.isSuccess && !models.isPending;
  // Without matchMedia (tests, old browsers): the full header, as before.
  const roomy = useMediaQuery(ROOMY_HEADER_QUERY);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();

  // Just created ("Criar" in the dialog): the dialog and its opener are gone, so focus goes to
  // the message box (or, when it cannot be used, to the title) instead of falling to <body>.
  useEffect(() => {
    if (!focusComposer || !shown || focusedFor.current === location.key) return;
    focusedFor.current = location.key;
    const box = document.getElementById(`composer-${conversationId}`);
    if (box instanceof HTMLTextAreaElement && !box.disabled) box.focus();
    else headingRef.current?.focus();
  }, [focusComposer, shown, location.key, conversationId]);

  if (conversation.isError) {
    const err = conversation.error;
    const notFound = err instanceof ApiError && (err.status === 404 || err.status === 403);
    if (notFound) {
      return (
        <div
          role="alert"
          className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
        >
          <p>{t('page.notFound')}</p>
          <Link to="/dashboard/chat" className={buttonVariants({ variant: 'outline' })}>
            {t('page.back')}
          </Link>
        </div>
      );
    }
    return (
      <PaneError
        message={t('chat.conversationError')}
        onRetry={() => {
          void conversation.refetch();
          void history.refetch();
        }}
      />
    );
  }
  if (conversation.isPending) {
    return (
      <p
        role="status"
        className="flex flex-1 items-center justify-center p-6 text-sm text-zinc-400"
      >
        {t('chat.loading')}
      </p>
    );
  }

  const c = conversation.data;
  const readonly = c.readonly === true;
  const modelItems = models.data?.items ?? [];
  const noKey = models.isSuccess && modelItems.length === 0;
  const model = modelItems.some((m) => m.id === chosenModel)
    ? chosenModel
    : (models.data?.default ?? modelItems[0]?.id);

  const changeMode = (mode: TutorMode) => {
    update.mutate(
      { id: c.id, mode },
      {
        onSuccess: () => toastSuccess(t('toast.modeChanged')),
        onError: (err) =>
          toastError(`${t('toast.modeError')}: ${errorMessage(t, err, { scope: 'chat' })}`),
      },
    );
  };
  const modeLocked = c.socratic_required === true;
  const modeLockId = `${modeId}-lock`;

  const cardsLink = (
    <Link
      to={`/dashboard/flashcard?generate=conversation:${c.id}`}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      aria-label={roomy ? undefined : t('makeCards')}
    >
      <Layers aria-hidden />
      {roomy ? t('makeCards') : t('makeCardsShort')}
    </Link>
  );
  const diagramLink = (
    <Link
      to={`/dashboard/mermaid/new?conversa=${encodeURIComponent(c.id)}`}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      aria-label={roomy ? undefined : t('makeDiagram')}
    >
      <Workflow aria-hidden />
      {roomy ? t('makeDiagram') : t('makeDiagramShort')}
    </Link>
  );
  const settings = !readonly ? (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={modeId} className="text-zinc-300">
          {t('settings.mode')}
        </label>
        <NativeSelect
          id={modeId}
          className={selectClass}
          value={c.mode}
          disabled={update.isPending || modeLocked}
          aria-describedby={modeLocked ? modeLockId : undefined}
          onChange={(e) => changeMode(e.target.value as TutorMode)}
        >
          <option value="socratic">{t('settings.socratic')}</option>
          <option value="direct">{t('settings.direct')}</option>
        </NativeSelect>
      </div>
      {modelItems.length > 0 ? (
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={modelId} className="text-zinc-300">
            {t('settings.model')}
          </label>
          <NativeSelect
            id={modelId}
            className={`${selectClass} max-w-[14rem] truncate`}
            value={model}
            onChange={(e) => {
              setChosenModel(e.target.value);
              try {
                window.localStorage.setItem(MODEL_STORAGE_KEY, e.target.value);
              } catch {
                // not remembered
              }
            }}
          >
            {modelItems.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label} ({t(`settings.source.${m.source}`)})
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {modeLocked ? (
        <p id={modeLockId} className="flex w-full items-start gap-1.5 text-xs text-amber-200">
          <Lock className="mt-px size-3.5 shrink-0" aria-hidden />
          {t('settings.socraticRequired', { class: c.class_title ?? '' })}
        </p>
      ) : (
        <p className={cn('w-full text-xs text-zinc-400', roomy ? 'hidden sm:block' : null)}>
          {c.mode === 'socratic' ? t('settings.socraticHint') : t('settings.directHint')}
        </p>
      )}
    </div>
  ) : null;
  // On a phone the notices keep every word, in smaller type and padding.
  const noticeClass = roomy ? 'gap-2 px-3 py-2 text-sm' : 'gap-1.5 px-2 py-1.5 text-xs';
  const noticeIcon = roomy ? 'mt-0.5 size-4' : 'mt-px size-3.5';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* The header and the no-key note give way before the messages and the message box: on a
        short screen they scroll inside themselves, and the send button is never cut off. */}
      <div className="flex min-h-0 flex-col overflow-y-auto" data-testid="conversation-top">
        <div
          className={cn(
            'flex flex-col gap-2 border-b border-border px-3 sm:px-5',
            roomy ? 'py-3' : 'py-2',
          )}
        >
          {roomy ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <h2
                ref={headingRef}
                tabIndex={-1}
                className="min-w-0 truncate text-lg font-semibold outline-none"
                title={c.title || undefined}
              >
                {c.title.trim() || t('sidebar.untitled')}
              </h2>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {/* Cards from this conversation: the flashcards page opens its generator (features
                  do not import each other, so this is a link). */}
                {cardsLink}
                {/* A diagram from this conversation: the diagram editor generates it (a link). */}
                {diagramLink}
              </div>
            </div>
          ) : (
            <>
              {/* On a phone the title has a line of its own: beside the buttons it was cut to "Con…". */}
              <h2
                ref={headingRef}
                tabIndex={-1}
                className="min-w-0 truncate text-base font-semibold outline-none"
                title={c.title || undefined}
              >
                {c.title.trim() || t('sidebar.untitled')}
              </h2>
              <div className="flex items-center gap-2">
                {cardsLink}
                {diagramLink}
                {settings ? (
                  <Button
                    variant="outline"
                    size="icon"
                    className="ml-auto size-9"
                    aria-label={t('settings.toggle')}
                    title={t('settings.toggle')}
                    aria-expanded={settingsOpen}
                    aria-controls={settingsId}
                    onClick={() => setSettingsOpen((open) => !open)}
                  >
                    <SlidersHorizontal aria-hidden />
                  </Button>
                ) : null}
              </div>
            </>
          )}
          {roomy ? (
            settings
          ) : settings ? (
            <div id={settingsId} hidden={!settingsOpen}>
              {settings}
            </div>
          ) : null}
          {c.class_id ? (
            <p
              className={cn(
                'flex items-start rounded-md bg-amber-400/10 text-amber-100 ring-1 ring-amber-400/30',
                noticeClass,
              )}
            >
              <Users className={cn('shrink-0', noticeIcon)} aria-hidden />
              {t('notice.linked', { class: c.class_title ?? '' })}
            </p>
          ) : null}
          {readonly ? (
            <p className={cn('flex items-start rounded-md bg-zinc-800 text-zinc-200', noticeClass)}>
              <Eye className={cn('shrink-0', noticeIcon)} aria-hidden />
              {t('notice.readonly')}
            </p>
          ) : null}
        </div>
        {noKey && !readonly ? (
          <NoKeyNote
            body={t('noKey.body')}
            className={cn('mx-3 mt-3 sm:mx-5', roomy ? null : 'mt-2 gap-1 p-3 text-xs')}
          />
        ) : null}
      </div>
      {history.isError ? (
        <PaneError message={t('chat.messagesError')} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <p
          role="status"
          className="flex flex-1 items-center justify-center p-6 text-sm text-zinc-400"
        >
          {t('chat.loading')}
        </p>
      ) : (
        <PaneErrorBoundary message={t('chat.messagesError')} onRetry={() => void history.refetch()}>
          <LiveChat
            key={conversationId}
            conversationId={conversationId}
            history={history}
            model={model}
            canSend={models.isSuccess && !noKey}
            readonly={readonly}
          />
        </PaneErrorBoundary>
      )}
    </div>
  );
}
