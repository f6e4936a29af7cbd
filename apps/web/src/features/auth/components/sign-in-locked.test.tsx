import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { problem, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AuthForm } from './auth-form';

const fetchMock = stubFetch();

describe('AuthForm: an account locked after wrong passwords', () => {
  it.each([
    ['pt-BR', 'Senha', 'Entrar', 'Muitas tentativas de senha erradas nesta conta.'],
    ['en', 'Password', 'Sign in', 'Too many wrong passwords for this account.'],
  ])(
    '%s: says so (429 sign_in_locked) and keeps what was typed',
    async (lang, pw, submit, text) => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
      fetchMock.mockImplementation(async () => problem(429, 'sign_in_locked'));
      const onSignedIn = vi.fn();
      const user = userEvent.setup();
      render(
        <I18nextProvider i18n={createI18n()}>
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter>
              <AuthForm next="/dashboard" github={false} onSignedIn={onSignedIn} />
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>,
      );
      await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
      await user.type(screen.getByLabelText(pw), 'segredo-123');
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(onSignedIn).not.toHaveBeenCalled();
      expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
      expect(screen.getByLabelText(pw)).toHaveValue('segredo-123');
    },
  );
});
