import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setSessionUser } from '@/lib/auth-client';
import { problem, reply, requestUrl, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AuthForm } from './auth-form';
import { ChangePasswordSection } from './change-password-section';
import { ResetPasswordForm } from './reset-password-form';

/** An easily guessed password is refused in every form that sets a new one, before any request. */

const fetchMock = stubFetch();

const GUESSABLE_PT =
  'Essa senha é fácil demais de adivinhar. Não use sequências (12345678), o mesmo caractere repetido (aaaaaaaa) nem senhas comuns como “senha123”.';
const GUESSABLE_EN =
  "This password is too easy to guess. Don't use sequences (12345678), one character repeated (aaaaaaaa) or common passwords like “password123”.";

function renderUi(ui: React.ReactNode, lang = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

const authCalls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === `/pb/auth${path}`);

beforeEach(() => {
  sessionStorage.clear();
  setSessionUser(null);
});

describe('Criar conta with an easily guessed password', () => {
  it('marks the password field, sends nothing and keeps what was typed', async () => {
    serve(fetchMock, () => problem(400, 'validation_failed'));
    const onSignedIn = vi.fn();
    const user = renderUi(
      <AuthForm next="/dashboard" github={false} onSignedIn={onSignedIn} defaultMode="signUp" />,
    );
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Senha'), '12345678');
    await user.click(screen.getByRole('radio', { name: 'Aluno(a)' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText(GUESSABLE_PT)).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha')).toHaveFocus();
    expect(authCalls('/sign-up/email')).toHaveLength(0);
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('12345678');
    expect(screen.getByRole('radio', { name: 'Aluno(a)' })).toBeChecked();

    // Another password: the message goes, and the sign-up is sent.
    await user.clear(screen.getByLabelText('Senha'));
    await user.type(screen.getByLabelText('Senha'), 'girafa-azul-7');
    expect(screen.queryByText(GUESSABLE_PT)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(authCalls('/sign-up/email')).toHaveLength(1);
  });

  it('says it in English too', async () => {
    const user = renderUi(
      <AuthForm next="/dashboard" github={false} onSignedIn={vi.fn()} defaultMode="signUp" />,
      'en',
    );
    await user.type(screen.getByLabelText('Name'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Password'), 'Senha123');
    await user.click(screen.getByRole('radio', { name: 'Teacher' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(GUESSABLE_EN)).toBeInTheDocument();
    expect(authCalls('/sign-up/email')).toHaveLength(0);
  });

  it('signing in with such a password is not refused by the form (older accounts)', async () => {
    serve(fetchMock, () => reply({ code: 'INVALID_EMAIL_OR_PASSWORD' }, 401));
    const user = renderUi(<AuthForm next="/dashboard" github={false} onSignedIn={vi.fn()} />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Senha'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(GUESSABLE_PT)).not.toBeInTheDocument();
    expect(authCalls('/sign-in/email')).toHaveLength(1);
  });
});

describe('Alterar senha / Redefinir senha with an easily guessed password', () => {
  it('"Alterar senha" marks the new password and sends nothing', async () => {
    serve(fetchMock, () => reply({ token: 'novo', user: { id: 'u1' } }));
    const user = renderUi(<ChangePasswordSection />);
    await user.type(screen.getByLabelText('Senha atual'), 'antiga-123');
    await user.type(screen.getByLabelText('Senha nova'), 'aaaaaaaa');
    await user.type(screen.getByLabelText('Repita a senha nova'), 'aaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(screen.getByText(GUESSABLE_PT)).toBeInTheDocument();
    expect(screen.getByLabelText('Senha nova')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha nova')).toHaveValue('aaaaaaaa');
    expect(authCalls('/change-password')).toHaveLength(0);
  });

  it('"Redefinir senha" marks the new password and sends nothing', async () => {
    window.history.replaceState(null, '', '/auth/redefinir-senha?token=tok-123');
    serve(fetchMock, () => reply({ status: true }));
    const user = renderUi(<ResetPasswordForm />, 'en');
    await user.type(screen.getByLabelText('New password'), 'brasil123');
    await user.type(screen.getByLabelText('Repeat the new password'), 'brasil123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(GUESSABLE_EN)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('brasil123');
    expect(authCalls('/reset-password')).toHaveLength(0);
  });
});
