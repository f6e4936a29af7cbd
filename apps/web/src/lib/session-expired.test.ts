import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { recheckAfterUnauthorized, SESSION_QUERY_KEY } from './session';

function clientWith(before: unknown, after: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_QUERY_KEY, before);
  // the session check the 401 triggers answers `after`
  // the guard of the open screen watches the session, as useSession does
  new QueryObserver(queryClient, {
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => after,
    staleTime: Infinity,
  }).subscribe(() => undefined);
  return queryClient;
}

describe('recheckAfterUnauthorized', () => {
  it('says the session expired when a valid session is gone after a 401', async () => {
    const queryClient = clientWith({ id: 'u1', role: 'student' }, null);
    const notify = vi.fn();
    await recheckAfterUnauthorized(queryClient, notify);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the session is still valid, or there was none', async () => {
    const notify = vi.fn();
    await recheckAfterUnauthorized(
      clientWith({ id: 'u1', role: 'student' }, { id: 'u1', role: 'student' }),
      notify,
    );
    await recheckAfterUnauthorized(clientWith(null, null), notify);
    expect(notify).not.toHaveBeenCalled();
  });
});
