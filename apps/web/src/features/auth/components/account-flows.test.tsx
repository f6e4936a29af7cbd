import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, requestUrl, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ChangeNameSection } from './change-name-section';
import { ChangePasswordSection } from './change-password-section';
import { SignOutOthersSection } from './sign-out-others-section';
import { EmailVerificationNotice } from './email-verification-notice';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

const fetchMock = stubFetch();

function renderUi(ui: React.ReactNode, { lang = 'pt-BR', path = '/' } = {}) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
            <Route path="/auth" element={<p>página de entrar</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

const authCalls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === `/pb/auth${path}`);
const bodyOf = (call: Parameters<typeof fetch> | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;

describe('Esqueci minha senha', () => {
  it('checks the e-mail, then says the same neutral thing whatever the answer', async () => {
    serve(fetchMock, () => reply({ status: true }));
    const user = renderUi(<ForgotPasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Digite um e-mail válido, como nome@escola.com.')).toBeInTheDocument();
    expect(authCalls('/request-password-reset')).toHaveLength(0);
    await user.type(screen.getByLabelText('E-mail'), '.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(
      await screen.findByText(/Se existir uma conta com ana@escola\.com, enviamos um link/),
    ).toBeInTheDocument();
    expect(bodyOf(authCalls('/request-password-reset')[0])).toEqual({ email: 'ana@escola.com' });
  });

  it('a refusal (too many requests) is explained and the e-mail stays', async () => {
    serve(fetchMock, () => problem(429, 'rate_limited'));
    const user = renderUi(<ForgotPasswordForm initialEmail="ana@escola.com" />, { lang: 'en' });
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
  });
});

describe('Redefinir senha', () => {
  it('takes the token out of the address bar, checks both passwords, and goes to sign in', async () => {
    window.history.replaceState(null, '', '/auth/redefinir-senha?token=tok-123');
    serve(fetchMock, () => reply({ status: true }));
    const user = renderUi(<ResetPasswordForm />);
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.type(screen.getByLabelText('Senha nova'), 'senha-nova-9');
    await user.type(screen.getByLabelText('Repita a senha nova'), 'senha-nova-8');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(screen.getByText('As duas senhas não são iguais.')).toBeInTheDocument();
    expect(authCalls('/reset-password')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Repita a senha nova'));
    await user.type(screen.getByLabelText('Repita a senha nova'), 'senha-nova-9');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByText('página de entrar')).toBeInTheDocument();
    expect(bodyOf(authCalls('/reset-password')[0])).toEqual({
      token: 'tok-123',
      newPassword: 'senha-nova-9',
    });
    expect(await screen.findByText('Senha trocada. Entre com a senha nova.')).toBeInTheDocument();
    expect(sessionStorage.getItem('aprenda:reset-token')).toBeNull();
  });

  it('a used or expired link: explains and offers a new one', async () => {
    window.history.replaceState(null, '', '/auth/redefinir-senha?token=velho');
    serve(fetchMock, () => reply({ code: 'invalid_token', status: 400 }, 400));
    const user = renderUi(<ResetPasswordForm />);
    await user.type(screen.getByLabelText('Senha nova'), 'senha-nova-9');
    await user.type(screen.getByLabelText('Repita a senha nova'), 'senha-nova-9');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(
      await screen.findByRole('heading', { name: 'Este link não vale mais' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/auth/esqueci-senha',
    );
  });

  it('without a token there is nothing to fill in', () => {
    window.history.replaceState(null, '', '/auth/redefinir-senha');
    sessionStorage.clear();
    renderUi(<ResetPasswordForm />, { lang: 'en' });
    expect(screen.getByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
  });
});

describe('Alterar senha', () => {
  it('a wrong current password is marked on its field; the typed values stay', async () => {
    serve(fetchMock, () => reply({ code: 'wrong_password', status: 400 }, 400));
    const user = renderUi(<ChangePasswordSection />);
    await user.type(screen.getByLabelText('Senha atual'), 'errada-123');
    await user.type(screen.getByLabelText('Senha nova'), 'nova-senha-9');
    await user.type(screen.getByLabelText('Repita a senha nova'), 'nova-senha-9');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A senha atual está incorreta.')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha nova')).toHaveValue('nova-senha-9');
  });

  it('signs the other sessions out and confirms', async () => {
    serve(fetchMock, () => reply({ token: 'novo', user: { id: 'u1' } }));
    const user = renderUi(<ChangePasswordSection />);
    await user.type(screen.getByLabelText('Senha atual'), 'antiga-123');
    await user.type(screen.getByLabelText('Senha nova'), 'antiga-123');
    await user.type(screen.getByLabelText('Repita a senha nova'), 'antiga-123');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(screen.getByText('A senha nova precisa ser diferente da atual.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Senha nova'));
    await user.type(screen.getByLabelText('Senha nova'), 'nova-senha-9');
    await user.clear(screen.getByLabelText('Repita a senha nova'));
    await user.type(screen.getByLabelText('Repita a senha nova'), 'nova-senha-9');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(
      await screen.findByText('Senha alterada. Os outros aparelhos saíram da conta.'),
    ).toBeInTheDocument();
    expect(bodyOf(authCalls('/change-password')[0])).toEqual({
      currentPassword: 'antiga-123',
      newPassword: 'nova-senha-9',
      revokeOtherSessions: true,
    });
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
  });
});

describe('Seu nome', () => {
  it('checks the name as at sign-up, saves it trimmed and reads the session again', async () => {
    serve(fetchMock, (url) =>
      url.pathname === '/pb/auth/update-user' ? reply({ status: true }) : reply(null),
    );
    const user = renderUi(<ChangeNameSection name="Ana Souza" />);
    const field = screen.getByLabelText('Nome');
    expect(field).toHaveValue('Ana Souza');
    // Nothing changed: nothing to save.
    expect(screen.getByRole('button', { name: 'Salvar nome' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument();
    expect(authCalls('/update-user')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(screen.getByText('Use no máximo 100 caracteres.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '  Ana Souza Lima ');
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(await screen.findByText('Nome atualizado.')).toBeInTheDocument();
    expect(bodyOf(authCalls('/update-user')[0])).toEqual({ name: 'Ana Souza Lima' });
  });

  it('a refusal keeps what was typed and says why', async () => {
    serve(fetchMock, () => problem(503, 'database_unavailable'));
    const user = renderUi(<ChangeNameSection name="Ana" />);
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(
      await screen.findByText(/O servidor está com dificuldade para acessar os dados agora/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Lima');
    expect(screen.getByRole('button', { name: 'Salvar nome' })).toBeEnabled();
  });
});

describe('Outros aparelhos', () => {
  it('signs every other session out and says so; a failure says why', async () => {
    serve(fetchMock, () => reply({ status: true }));
    const user = renderUi(<SignOutOthersSection />);
    await user.click(screen.getByRole('button', { name: 'Sair dos outros aparelhos' }));
    expect(
      await screen.findByText('Pronto: os outros aparelhos saíram da conta.'),
    ).toBeInTheDocument();
    expect(authCalls('/revoke-other-sessions')).toHaveLength(1);
  });
});

describe('Confirme seu e-mail', () => {
  const ana: SessionUser = {
    id: 'u1',
    name: 'Ana',
    email: 'ana@escola.com',
    role: 'student',
    emailVerified: false,
  };

  it('shows while the e-mail is unconfirmed, resends the mail and can be closed', async () => {
    serve(fetchMock, () => reply({ status: true }));
    const user = renderUi(<EmailVerificationNotice user={ana} />);
    const notice = screen.getByRole('region', { name: 'Confirmação de e-mail pendente' });
    expect(notice).toHaveTextContent('Confirme seu e-mail: abra o link');
    await user.click(screen.getByRole('button', { name: 'Novo link de confirmação' }));
    expect(
      await screen.findByText('Pronto: um novo link de confirmação chegará em instantes.'),
    ).toBeInTheDocument();
    expect(bodyOf(authCalls('/send-verification-email')[0])).toEqual({ email: 'ana@escola.com' });
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByRole('region', { name: 'Confirmação de e-mail pendente' })).toBeNull();
  });

  it('is not there once the e-mail is confirmed', () => {
    renderUi(<EmailVerificationNotice user={{ ...ana, emailVerified: true }} />);
    expect(screen.queryByRole('region', { name: 'Confirmação de e-mail pendente' })).toBeNull();
  });
});
