import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { LazyUserMenu } from './shell-menus';

const LUCAS: SessionUser = {
  id: 's1',
  name: 'Lucas Almeida',
  email: 'lucas@x.org',
  role: 'student',
  image: null,
};

function setup() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <LazyUserMenu user={LUCAS} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('LazyUserMenu (loaded on first use)', () => {
  it('opened with Enter: the first item has focus, so Enter and the arrows work at once', async () => {
    const { user } = setup();
    screen.getByRole('button', { name: /Menu do usuário/ }).focus();
    await user.keyboard('{Enter}');
    const profile = await screen.findByRole('menuitem', { name: 'Perfil' });
    await waitFor(() => expect(profile).toHaveFocus());
  });

  it('opened with the mouse: the menu has focus (no item highlighted)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: /Menu do usuário/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
