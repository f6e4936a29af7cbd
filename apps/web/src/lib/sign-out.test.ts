import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './i18n';
import { forgetSession, SESSION_QUERY_KEY, signOut } from './session';

const serverSignOut = vi.fn(async (): Promise<{ error?: { status: number } | null }> => ({}));
vi.mock('./auth-client', () => ({ authClient: () => ({ signOut: serverSignOut }) }));

/** What a student leaves on a shared computer: drafts, unsent answers, the chosen language. */
function leaveWork() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  localStorage.setItem('aprenda.diagrams.draft.new', '{"title":"Meu diagrama"}');
  localStorage.setItem('aprenda.draft.k1', 'Minha pergunta ao tutor');
  localStorage.setItem('aprenda:attempt-drafts', '{"at1":{}}');
  sessionStorage.setItem('aprenda:practice-draft', '{"itemId":"i1"}');
  localStorage.setItem('other-site-key', 'kept');
}

function signedIn() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { id: 'u1', role: 'student' });
  return queryClient;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing out on a shared computer', () => {
  it('leaves none of the account’s drafts or unsent work on the device; the language stays', async () => {
    leaveWork();
    const queryClient = signedIn();
    await signOut(queryClient);
    expect(serverSignOut).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(localStorage.getItem('aprenda.diagrams.draft.new')).toBeNull();
    expect(localStorage.getItem('aprenda.draft.k1')).toBeNull();
    expect(localStorage.getItem('aprenda:attempt-drafts')).toBeNull();
    expect(sessionStorage.getItem('aprenda:practice-draft')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt-BR');
    expect(localStorage.getItem('other-site-key')).toBe('kept');
  });

  it('a session that only expired keeps them: the same person signs in again and finds them', () => {
    leaveWork();
    forgetSession(signedIn());
    expect(localStorage.getItem('aprenda.draft.k1')).toBe('Minha pergunta ao tutor');
    expect(localStorage.getItem('aprenda.diagrams.draft.new')).not.toBeNull();
  });

  it('a sign-out that never reached the server (no connection) rejects and forgets nothing', async () => {
    leaveWork();
    const queryClient = signedIn();
    serverSignOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(signOut(queryClient)).rejects.toThrow('Failed to fetch');
    // Its cookie is still good on the server: the page must not look signed out.
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ id: 'u1', role: 'student' });
    expect(localStorage.getItem('aprenda.draft.k1')).toBe('Minha pergunta ao tutor');
  });

  it('a server that fails to end the session: the same; one that no longer knows it (401) signs out', async () => {
    leaveWork();
    const queryClient = signedIn();
    serverSignOut.mockResolvedValueOnce({ error: { status: 503 } });
    await expect(signOut(queryClient)).rejects.toMatchObject({ status: 503 });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).not.toBeNull();

    serverSignOut.mockResolvedValueOnce({ error: { status: 401 } });
    await signOut(queryClient);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(localStorage.getItem('aprenda.draft.k1')).toBeNull();
  });
});
