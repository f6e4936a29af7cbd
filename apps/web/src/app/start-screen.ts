import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { conversationsQueryOptions } from '@/features/chat/api/conversations';
import { myClassesQueryOptions, teachingQueryOptions } from '@/features/classes/api/classes';
import { pageSaysSignedOut, SESSION_QUERY_KEY, sessionQueryOptions } from '@/lib/session';
import { preloadScreens } from './router';

/**
 * The lists a signed-in screen shows first, fetched into TanStack Query's cache as soon as the
 * session check says who is signed in — not after the screen's chunk arrived and rendered. Only
 * called with a signed-in user: signed out, nothing is asked for and the guard redirects as before.
 */
export function prefetchScreenData(
  queryClient: QueryClient,
  pathname: string,
  user: SessionUser,
): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return;
  // The dashboard shell shows the teacher tools to a student who teaches a class (use-teaches.ts).
  if (user.role !== 'teacher' || path === '/dashboard/teacher') {
    void queryClient.prefetchQuery(teachingQueryOptions);
  }
  if (path === '/dashboard/student') void queryClient.prefetchQuery(myClassesQueryOptions);
  if (path === '/dashboard/chat') {
    void queryClient.prefetchInfiniteQuery(conversationsQueryOptions(''));
  }
}

/**
 * Everything the screen at `pathname` needs, started at once (main.tsx, before the first render;
 * decision 0033), most urgent first — the browser has six connections to the server: the session
 * check (into the cache `useSession` reads; once it names a user, the screen's first lists) — or,
 * when the page says no session cookie came with it, "signed out" at once (decision 0039) — the
 * screen's catalogs (`loadCatalogs`), then the screen's chunks. Returns the catalogs' promise.
 */
export function startScreen(
  queryClient: QueryClient,
  pathname: string,
  loadCatalogs: (pathname: string) => Promise<void>,
): Promise<void> {
  if (pageSaysSignedOut()) {
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  } else {
    void queryClient.prefetchQuery(sessionQueryOptions).then(() => {
      const user = queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY);
      if (user) prefetchScreenData(queryClient, pathname, user);
    });
  }
  const catalogs = loadCatalogs(pathname);
  preloadScreens(pathname);
  return catalogs;
}
