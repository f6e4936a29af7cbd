import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { InvitePreview } from '@aprenda/shared/schemas/classes';
import { problem, reply, stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/sonner';
import { InviteScreen } from './invite-screen';

const fetchMock = stubFetch();
const ANA: SessionUser = {
  id: 'u-ana',
  name: 'Ana Souza',
  email: 'ana@escola.com',
  role: 'student',
};

function preview(over: Partial<InvitePreview> = {}): InvitePreview {
  return {
    class: { id: 'c1', title: 'Matemática 9º B', description: 'Álgebra' },
    teachers: ['Helena Costa'],
    role: 'student',
    status: 'valid',
    expires_at: '2030-01-01T12:00:00.000Z',
    email_locked: false,
    email_matches: true,
    email_verified: false,
    already_member: false,
    ...over,
  };
}

function setup(user: SessionUser | null) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/convite/tok-123']}>
          <Routes>
            <Route path="/convite/:token" element={<InviteScreen token="tok-123" user={user} />} />
            <Route path="/dashboard/student/:id" element={<p>class page</p>} />
            <Route path="/dashboard/teacher/:id" element={<p>managing the class</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

describe('invite page', () => {
  it('signed out: offers sign-in and sign-up that come back to the invite, and calls nothing', () => {
    setup(null);
    expect(screen.getByRole('link', { name: 'Entrar na minha conta' })).toHaveAttribute(
      'href',
      '/auth?next=%2Fconvite%2Ftok-123',
    );
    expect(screen.getByRole('link', { name: 'Criar uma conta' })).toHaveAttribute(
      'href',
      '/auth?mode=signUp&next=%2Fconvite%2Ftok-123',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: "Você entrou como … — entrar na turma …?", then joins and opens the class', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') return reply({ id: 'c1', title: 'Matemática 9º B' });
      return reply(preview());
    });
    const user = setup(ANA);
    expect(
      await screen.findByText(
        'Você entrou como Ana Souza (ana@escola.com) — entrar na turma Matemática 9º B?',
      ),
    ).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/classes/invites/tok-123');
    await user.click(screen.getByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByText('class page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toContain('/api/classes/invites/accept');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-123' });
  });

  it('a co-teacher invite opens the class where it is managed', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        return reply({ id: 'c1', title: 'Matemática 9º B', role: 'teacher' });
      }
      return reply(preview({ role: 'teacher' }));
    });
    const user = setup(ANA);
    await user.click(await screen.findByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByText('managing the class')).toBeInTheDocument();
  });

  it.each([
    [{ status: 'expired' as const }, 'Este convite expirou'],
    [{ status: 'revoked' as const }, 'Este convite foi cancelado'],
    [{ status: 'used_up' as const }, 'Este convite já foi usado'],
    [{ email_locked: true, email_matches: false }, 'Este convite é para outro e-mail'],
  ])('explains a %o invite without a join button', async (over, title) => {
    fetchMock.mockImplementation(async () => reply(preview(over)));
    setup(ANA);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar na turma' })).not.toBeInTheDocument();
  });

  it('an invite for my e-mail while it is not confirmed: says so, offers the resend action, no join', async () => {
    fetchMock.mockImplementation(async () =>
      reply(preview({ email_locked: true, email_matches: true, email_verified: false })),
    );
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/convite/tok-123']}>
            <InviteScreen token="tok-123" user={ANA} verifyAction={<button>Reenviar</button>} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirme seu e-mail para entrar' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ana@escola\.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar na turma' })).not.toBeInTheDocument();
  });

  it('a locked invite for my confirmed e-mail can be joined', async () => {
    fetchMock.mockImplementation(async () =>
      reply(preview({ email_locked: true, email_matches: true, email_verified: true })),
    );
    setup(ANA);
    expect(await screen.findByRole('button', { name: 'Entrar na turma' })).toBeInTheDocument();
  });

  it('an invite cancelled while the page was open: the toast does not call it expired', async () => {
    let revoked = false;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        revoked = true;
        return problem(410, 'gone', 'Gone');
      }
      return reply(preview(revoked ? { status: 'revoked' } : {}));
    });
    const user = setup(ANA);
    await user.click(await screen.findByRole('button', { name: 'Entrar na turma' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este convite foi cancelado' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Este convite não vale mais.')).toBeInTheDocument();
    expect(screen.queryByText('Este convite expirou')).not.toBeInTheDocument();
  });

  it('explains an unknown invite (404)', async () => {
    fetchMock.mockImplementation(async () => problem(404, 'not_found', 'Not Found'));
    setup(ANA);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Convite não encontrado' }),
    ).toBeInTheDocument();
  });
});
