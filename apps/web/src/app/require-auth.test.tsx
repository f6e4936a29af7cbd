import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { createApiClient } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth-client';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AUTH_CHANNEL, refreshSession, useSessionSync } from '@/lib/session';
import { RequireAuth } from './require-auth';

const USER = { id: 'u1', name: 'Ana Souza', email: 'ana@escola.com', role: 'student', image: null };

/** A stand-in for the server's get-session: answers the current `signedIn` state. */
let signedIn = true;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes('/pb/auth/get-session')) {
    const body = signedIn ? { session: { id: 's1', userId: USER.id }, user: USER } : null;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }
  if (url.includes('/api/classes/mine')) {
    return new Response(JSON.stringify({ status: 401, code: 'session_invalid' }), {
      status: 401,
      headers: { 'content-type': 'application/problem+json' },
    });
  }
  return new Response('not found', { status: 404 });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Root() {
  useSessionSync();
  return <Outlet />;
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/auth', element: <Where /> },
          {
            element: <RequireAuth />,
            children: [{ path: '/dashboard/*', element: <h1>Painel protegido</h1> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { queryClient, router };
}

describe('RequireAuth', () => {
  beforeEach(() => {
    signedIn = true;
    setSessionUser(null);
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redirects to /auth?next=<wanted path> on load without a session', async () => {
    signedIn = false;
    renderAt('/dashboard/chat?x=1');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/auth?next=%2Fdashboard%2Fchat%3Fx%3D1',
    );
    expect(screen.queryByText('Painel protegido')).toBeNull();
  });

  it('shows "Carregando..." then the protected page with a valid session', async () => {
    renderAt('/dashboard');
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByText('Painel protegido')).toBeInTheDocument();
  });

  it('redirects when another tab signs out', async () => {
    renderAt('/dashboard/flashcard');
    await screen.findByText('Painel protegido');
    signedIn = false;
    const other = new BroadcastChannel(AUTH_CHANNEL);
    other.postMessage({ type: 'signed-out' });
    other.close();
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/auth?next=%2Fdashboard%2Fflashcard',
    );
  });

  it('redirects when an API call answers 401 (session revoked)', async () => {
    const { queryClient } = renderAt('/dashboard');
    await screen.findByText('Painel protegido');
    signedIn = false;
    const client = createApiClient({
      baseUrl: '/api',
      onUnauthorized: () => void refreshSession(queryClient),
      report: () => undefined,
    });
    await expect(client.get('/classes/mine')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth?next=%2Fdashboard');
  });

  it('re-checks the session when the page becomes visible again', async () => {
    renderAt('/dashboard');
    await screen.findByText('Painel protegido');
    signedIn = false;
    const calls = fetchMock.mock.calls.length;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth?next=%2Fdashboard');
  });
});
