import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { pageSaysSignedOut, SESSION_QUERY_KEY } from '@/lib/session';
import { startScreen } from './start-screen';

const USER = { id: 'u1', name: 'Ana Souza', email: 'ana@escola.com', role: 'student', image: null };

/** The server's get-session, answering Ana; every other path 404. */
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes('/pb/auth/get-session')) {
    return new Response(JSON.stringify({ session: { id: 's1', userId: USER.id }, user: USER }), {
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response('not found', { status: 404 });
});

const sessionChecks = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/auth/get-session')).length;

/** What the server writes into a page asked for without a session cookie. */
function markPageSignedOut() {
  document.head.insertAdjacentHTML('beforeend', '<meta name="aprenda-session" content="none">');
}

describe('startScreen: the session check the first screen starts with', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="aprenda-session"]')?.remove();
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  it('a page the server marked signed out starts signed out, without asking the server', async () => {
    vi.stubGlobal('fetch', fetchMock);
    markPageSignedOut();
    expect(pageSaysSignedOut()).toBe(true);
    const queryClient = createQueryClient();
    await startScreen(queryClient, '/nowhere', async () => undefined);
    expect(queryClient.getQueryState(SESSION_QUERY_KEY)?.status).toBe('success');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(sessionChecks()).toBe(0);
  });

  it('any other page asks the server who is signed in', async () => {
    vi.stubGlobal('fetch', fetchMock);
    expect(pageSaysSignedOut()).toBe(false);
    const queryClient = createQueryClient();
    await startScreen(queryClient, '/nowhere', async () => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject(USER));
    expect(sessionChecks()).toBe(1);
  });

  it('only the exact marker counts', () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = '<meta name="aprenda-session" content="">';
    expect(pageSaysSignedOut(doc)).toBe(false);
    doc.head.innerHTML = '<meta name="aprenda-session" content="none">';
    expect(pageSaysSignedOut(doc)).toBe(true);
  });
});
