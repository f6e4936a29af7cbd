import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { UserMenu, type UnsentWork } from './user-menu';

const signOut = vi.fn(async (): Promise<void> => undefined);
vi.mock('@/lib/session', () => ({ signOut: () => signOut() }));
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('@/lib/toast', () => ({
  toastError: (m: string) => toastError(m),
  toastSuccess: (m: string) => toastSuccess(m),
}));

const LUCAS: SessionUser = {
  id: 's1',
  name: 'Lucas Almeida',
  email: 'lucas@x.org',
  role: 'student',
  image: null,
};

function setup(unsentWork: UnsentWork | undefined, language = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <UserMenu user={LUCAS} unsentWork={unsentWork} defaultOpen />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

afterEach(() => {
  signOut.mockReset();
  signOut.mockImplementation(async () => undefined);
  toastError.mockClear();
  toastSuccess.mockClear();
  localStorage.clear();
});

describe('signing out with work this device has not sent', () => {
  it('asks first: "Continuar conectado" keeps the session (and the work), nothing is signed out', async () => {
    const unsent = vi.fn(async () => 3);
    const { user } = setup(unsent);
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sair sem enviar o que você fez sem conexão?',
    });
    expect(unsent).toHaveBeenCalledWith('s1');
    expect(dialog).toHaveTextContent(
      '3 alterações feitas neste aparelho sem conexão (avaliações de flashcards ou quadros) ainda não chegaram ao servidor.',
    );
    await user.click(screen.getByRole('button', { name: 'Continuar conectado' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(signOut).not.toHaveBeenCalled();
  });

  it('"Sair e descartar" signs out all the same', async () => {
    const { user } = setup(async () => 1);
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('1 alteração feita neste aparelho sem conexão');
    expect(signOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sair e descartar' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });

  it('in English too', async () => {
    const { user } = setup(async () => 2, 'en');
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign out without sending what you did offline?',
    });
    expect(dialog).toHaveTextContent('2 changes made on this device without a connection');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and discard' })).toBeInTheDocument();
  });

  it('nothing waiting: signs out at once, asking nothing', async () => {
    const { user } = setup(async () => 0);
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a count that fails never blocks signing out', async () => {
    const { user } = setup(() => Promise.reject(new Error('IndexedDB blocked')));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a sign-out that fails (no connection) says so; nothing says "Você saiu"', async () => {
    signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = setup(async () => 0);
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Sem conexão com o servidor. Verifique sua internet e tente de novo.',
      ),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
