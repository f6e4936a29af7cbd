import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessagesSquare, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { subscribeUnauthorized } from '@/lib/api-client';
import { setSessionUser } from '@/lib/identity';
import { signInPath } from '@/lib/redirect';
import { SESSION_EXPIRED_TOAST_ID, SESSION_QUERY_KEY } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { useMediaQuery } from '../lib/hooks';
import { ConversationSidebar } from './conversation-sidebar';
import { LoadingScreen } from '@/components/errors/loading-screen';

// The list's drawer on small screens (a Radix dialog) loads when first opened (decision 0033).
const ConversationDrawer = lazy(() =>
  import('./conversation-drawer').then((m) => ({ default: m.ConversationDrawer })),
);

// The conversation itself (the AI SDK, zod, markdown) loads when one is open: the list alone
// (/dashboard/chat) paints without it (decision 0033).
const ConversationView = lazy(() =>
  import('./conversation-view').then((m) => ({ default: m.ConversationView })),
);

/**
 * Any 401 while the chat is open: "Session expired" (English in both languages, as the spec
 * says), then sign in again and come back here. The unsent draft is already in localStorage.
 */
function useSessionExpired(conversationId: string | undefined) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  useEffect(() => {
    handled.current = false;
    return subscribeUnauthorized(() => {
      if (handled.current) return;
      handled.current = true;
      toastError(t('toast.sessionExpired'), SESSION_EXPIRED_TOAST_ID);
      setSessionUser(null);
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      const back = conversationId ? `/dashboard/chat/${conversationId}` : '/dashboard/chat';
      void navigate(signInPath(back), { replace: true });
    });
  }, [conversationId, navigate, queryClient, t]);
}

/**
 * Where the page's box starts (px from the top of the document): it ends at the bottom of the
 * screen whatever is above it — the e-mail verification banner pushed the message box and the
 * send button below the screen's edge of a phone. Measured again when the page above changes
 * size (the banner arrives late, is dismissed, the screen turns). Null before it is measured.
 */
function useTopOffset(ref: React.RefObject<HTMLElement | null>): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return top;
}

/** /dashboard/chat[/:conversationId] — the sidebar (a drawer on small screens) and the chat. */
export function ChatPage({ conversationId }: { conversationId?: string }) {
  const { t } = useTranslation(['chat', 'dashboard']);
  const wide = useMediaQuery('(min-width: 768px)');
  // Touch screens: opening the list must not focus its search box (the keyboard would cover it).
  const touch = useMediaQuery('(pointer: coarse), (hover: none)', false);
  const [drawer, setDrawer] = useState(false);
  useSessionExpired(conversationId);
  const box = useRef<HTMLElement>(null);
  const top = useTopOffset(box);

  const sidebar = (
    <ConversationSidebar activeId={conversationId} onNavigate={() => setDrawer(false)} />
  );

  return (
    <section
      ref={box}
      className="-my-2 flex h-[calc(100dvh_-_var(--chat-fixed))] min-h-[26rem] flex-col gap-3 [--chat-below:1rem] [--chat-fixed:6.5rem] sm:[--chat-below:1.5rem] sm:[--chat-fixed:8.5rem]"
      // As before, unless something above the page (the e-mail banner) pushes it down: then it
      // still ends at the bottom of the screen, less the page's bottom padding (--chat-below).
      style={
        top === null
          ? undefined
          : {
              height: `min(calc(100dvh - var(--chat-fixed)), calc(100dvh - ${top}px - var(--chat-below)))`,
            }
      }
    >
      <div className="flex items-center gap-2">
        {!wide && conversationId ? (
          <>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('page.openList')}
              aria-haspopup="dialog"
              aria-expanded={drawer}
              onClick={() => setDrawer(true)}
            >
              <PanelLeftOpen aria-hidden />
            </Button>
            {drawer ? (
              <Suspense fallback={null}>
                <ConversationDrawer open onOpenChange={setDrawer} touch={touch}>
                  {sidebar}
                </ConversationDrawer>
              </Suspense>
            ) : null}
          </>
        ) : null}
        <MessagesSquare className="size-6 text-primary" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard:tools.chat.name')}</h1>
      </div>
      <div className="flex min-h-0 flex-1 gap-4">
        {wide ? (
          <aside className="flex w-64 shrink-0 flex-col rounded-lg border border-border p-3 lg:w-72">
            {sidebar}
          </aside>
        ) : null}
        {conversationId ? (
          <div className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-lg border border-border">
            <Suspense fallback={<LoadingScreen />}>
              <ConversationView key={conversationId} conversationId={conversationId} />
            </Suspense>
          </div>
        ) : wide ? (
          <div className="flex flex-1 items-center justify-center rounded-lg border border-dashed border-zinc-700 p-6 text-center text-zinc-300">
            {t('page.pick')}
          </div>
        ) : (
          <div className="flex min-h-0 min-w-0 flex-1 flex-col">{sidebar}</div>
        )}
      </div>
    </section>
  );
}
