import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { getBearerToken, getSessionUser, setSessionUser } from '@/lib/auth-client';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AuthForm } from './auth-form';

const fetchMock = vi.fn<typeof fetch>();

function setup(props: Partial<Parameters<typeof AuthForm>[0]> = {}) {
  const onSignedIn = vi.fn();
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AuthForm next="/dashboard/chat" github={false} onSignedIn={onSignedIn} {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, onSignedIn };
}

function reply(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const authCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/pb/auth/'));

describe('AuthForm', () => {
  beforeEach(() => {
    localStorage.clear();
    setSessionUser(null);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => reply({}, 201));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps what was typed but the password for the tab: a reload loses nothing', async () => {
    const first = setup({ defaultMode: 'signUp' });
    await first.user.type(screen.getByLabelText('Nome'), 'Ana Lima');
    await first.user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await first.user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await first.user.click(screen.getByRole('radio', { name: /Aluno/ }));
    cleanup();
    setup({ defaultMode: 'signUp' });
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Lima');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Aluno/ })).toBeChecked();
  });

  it('validates sign-up on the client with translated messages and sends nothing', async () => {
    const { user } = setup({ defaultMode: 'signUp' });
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.type(screen.getByLabelText('Senha'), 'short');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument();
    expect(screen.getByText('Digite um e-mail válido, como nome@escola.com.')).toBeInTheDocument();
    expect(screen.getByText('A senha precisa ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Escolha Aluno(a) ou Professor(a).')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(authCalls()).toHaveLength(0);
    // nothing typed is lost
    expect(screen.getByLabelText('E-mail')).toHaveValue('not-an-email');
    expect(screen.getByLabelText('Senha')).toHaveValue('short');
  });

  it('shows a translated server error by code and keeps what was typed', async () => {
    fetchMock.mockImplementation(async () =>
      reply({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' }, 422),
    );
    const { user, onSignedIn } = setup({ defaultMode: 'signUp' });
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('radio', { name: 'Professor(a)' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este e-mail já tem uma conta — entrar?',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Souza');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
    expect(screen.getByLabelText('Senha')).toHaveValue('segredo-123');
    expect(screen.getByRole('radio', { name: 'Professor(a)' })).toBeChecked();
    const [, init] = authCalls()[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Ana Souza',
      email: 'ana@escola.com',
      role: 'teacher',
    });
  });

  it('an e-mail that already has an account: "entrar?" switches to sign-in with the e-mail kept', async () => {
    // What the server answers (apps/server auth-problem.http.ts): a 409 problem, code email_taken.
    fetchMock.mockImplementation(async () =>
      reply(
        {
          type: 'about:blank',
          status: 409,
          code: 'email_taken',
          authCode: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
          message: 'User already exists. Use another email.',
        },
        409,
        { 'content-type': 'application/problem+json' },
      ),
    );
    const { user } = setup({ defaultMode: 'signUp' });
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('radio', { name: 'Aluno(a)' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Este e-mail já tem uma conta — entrar\?$/);
    expect(alert).not.toHaveTextContent('Você não tem permissão para isso.');

    await user.click(within(alert).getByRole('button', { name: 'entrar?' }));
    expect(screen.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the same in English', async () => {
    localStorage.setItem('aprenda.lang', 'en');
    fetchMock.mockImplementation(async () => reply({ code: 'email_taken', status: 409 }, 409));
    const { user } = setup({ defaultMode: 'signUp' });
    await user.type(screen.getByLabelText('Name'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Password'), 'segredo-123');
    await user.click(screen.getByRole('radio', { name: 'Student' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This e-mail already has an account — sign in?');
    await user.click(within(alert).getByRole('button', { name: 'sign in?' }));
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
  });

  it('keeps e-mail and password when switching tabs', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.click(screen.getByRole('tab', { name: 'Criar conta' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
    await user.click(screen.getByRole('tab', { name: 'Entrar' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@escola.com');
  });

  it('signs in, keeps the token in memory only and goes to the wanted page', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes('/pb/auth/sign-in/email')) {
        return reply(
          {
            token: 'tok-abc',
            user: { id: 'u1', name: 'Ana', email: 'ana@escola.com', role: 'student' },
          },
          200,
          { 'set-auth-token': 'tok-abc' },
        );
      }
      return reply({ id: 'a1' }, 201);
    });
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('E-mail'), 'ana@escola.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/dashboard/chat'));
    expect(getBearerToken()).toBe('tok-abc');
    expect(getSessionUser()).toMatchObject({ id: 'u1', role: 'student' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-abc');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('tok-abc');
    // a user_actions row records the sign-in, with the bearer token
    await waitFor(() => {
      const action = fetchMock.mock.calls.find(([input]) =>
        String(input).endsWith('/pb/user_actions'),
      );
      expect(action).toBeDefined();
      expect(JSON.parse(String(action![1]?.body))).toEqual({ action: 'sign_in', context: null });
      expect(new Headers(action![1]?.headers).get('authorization')).toBe('Bearer tok-abc');
    });
  });

  it('shows the GitHub button only when enabled', () => {
    setup({ github: true });
    expect(screen.getByRole('button', { name: 'Entrar com GitHub' })).toBeInTheDocument();
  });

  it('hides the GitHub button when disabled', () => {
    setup({ github: false });
    expect(screen.queryByRole('button', { name: 'Entrar com GitHub' })).toBeNull();
  });
});
