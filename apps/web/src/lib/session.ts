import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { AuthClient } from './auth-client';
import { fetchSessionUser } from './auth-session';
import { identify, resetAnalytics } from './analytics';
import { records } from './api-client';
import { setSessionUser } from './identity';

export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * The Better Auth client, fetched on first use: sign-in, sign-up, sign-out and the account mails
 * need it, showing a screen does not (it only asks who is signed in, auth-session.ts).
 */
export function loadAuthClient(): Promise<AuthClient> {
  return import('./auth-client').then((m) => m.authClient());
}

/** Tabs tell each other about sign-in and sign-out on this channel. */
export const AUTH_CHANNEL = 'aprenda-auth';

type AuthMessage = { type: 'signed-in' | 'signed-out' };

function broadcast(message: AuthMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export const sessionQueryOptions = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSessionUser,
  staleTime: 30_000,
  retry: 1,
};

/**
 * Whether the server wrote "nobody is signed in" into this page: it does when the page's request
 * carried no session cookie (apps/server/src/middleware/spa.ts, SIGNED_OUT_META), so the first
 * screen need not ask. Only the page's own start reads it; every later check asks the server.
 */
export function pageSaysSignedOut(doc: Document = document): boolean {
  return doc.querySelector('meta[name="aprenda-session"]')?.getAttribute('content') === 'none';
}

/** The signed-in user: `data` is the user, null when signed out, undefined while unknown. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Re-check the session with the server (after any 401, another tab's sign-out, focus). */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** The toast id of "Session expired": the chat says it too, and the two must show as one. */
export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/**
 * A 401 from our API on any screen: check the session again and, when it was valid and is gone
 * now, say so (`notify`) before the guard sends the user to /auth — otherwise a student in the
 * middle of a review lands on the sign-in form without knowing why.
 */
export async function recheckAfterUnauthorized(
  queryClient: QueryClient,
  notify: () => void,
): Promise<void> {
  const before = queryClient.getQueryData(SESSION_QUERY_KEY);
  await refreshSession(queryClient);
  if (before && !queryClient.getQueryData(SESSION_QUERY_KEY)) notify();
}

/** After a successful sign-in or sign-up: store the user, tell other tabs, record the act. */
export function completeSignIn(queryClient: QueryClient, user: SessionUser): void {
  setSessionUser(user);
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  broadcast({ type: 'signed-in' });
  identify(user.id, user.role);
  records()
    .post('/user_actions', { body: { action: 'sign_in', context: null } })
    .catch(() => undefined);
}

/**
 * Sign out here and in every other tab; the account's drafts and unsent work leave the device too
 * (a shared school computer, device-data.ts). Only once the server has ended the session (or no
 * longer knows it): its cookie cannot be removed from here, so a sign-out that never reached the
 * server (no connection) rejects and forgets nothing — the page must not look signed out while
 * the next person to open it would find the account open.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const { error } = await (await loadAuthClient()).signOut();
  if (error && error.status !== 401) throw error;
  forgetSession(queryClient);
  // Fetched when used: signing out is not on the first-load path.
  await (await import('./device-data')).forgetDeviceData();
}

/**
 * What signing out does on this device once the server's session is gone (signed out, or the
 * account deleted): no user, no cached data, other tabs told, analytics reset.
 */
export function forgetSession(queryClient: QueryClient): void {
  setSessionUser(null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  broadcast({ type: 'signed-out' });
  resetAnalytics();
}

/**
 * Keeps the sign-in state fresh: listens to other tabs, re-checks on focus and when the page
 * becomes visible, identifies the user for analytics and resets analytics when they leave.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const lastUserId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const recheck = () => {
      void refreshSession(queryClient);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    let channel: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(AUTH_CHANNEL);
      channel.onmessage = (event: MessageEvent<AuthMessage>) => {
        if (event.data?.type === 'signed-out') {
          setSessionUser(null);
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
        }
        recheck();
      };
    }
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', recheck);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', recheck);
    };
  }, [queryClient]);

  useEffect(() => {
    if (user === undefined) return;
    const id = user?.id ?? null;
    if (id === lastUserId.current) return;
    if (id && user) identify(id, user.role);
    else if (lastUserId.current) resetAnalytics();
    lastUserId.current = id;
  }, [user]);
}
