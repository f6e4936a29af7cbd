import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { ClassManage } from './class-manage';

const fetchMock = stubFetch();

const HELENA: SessionUser = { id: 't1', name: 'Helena', email: 'Helena@x.org', role: 'teacher' };
const JOAO: SessionUser = { id: 't2', name: 'João', email: 'j@x.org', role: 'teacher' };

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Biologia 2º A',
  description: null,
  code: 'ABC234',
  join_by_code: true,
  require_socratic: false,
  practice_target: 0.8,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [
    { id: 't1', name: 'Helena' },
    { id: 't2', name: 'João' },
  ],
  member_count: 2,
  upcoming_events: [],
};

const MEMBERS = {
  items: [
    {
      user_id: 't1',
      name: 'Helena',
      role: 'teacher',
      joined_at: CLASS.created_at,
      email: 'h@x.org',
    },
    { user_id: 't2', name: 'João', role: 'teacher', joined_at: CLASS.created_at, email: 'j@x.org' },
  ],
  nextCursor: null,
};

function setup(me: SessionUser, lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ClassManage classId="c1" />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('members: adding yourself', () => {
  it('the owner typing her own e-mail as a student is told she is in the class already, as its owner — not that it needs a teacher', async () => {
    const posts: string[] = [];
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') {
        posts.push(url.search);
        return problem(409, 'last_teacher');
      }
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const user = setup(HELENA);
    const who = await screen.findByLabelText('E-mail ou ID do usuário');
    await user.type(who, ' helena@X.org ');
    await user.selectOptions(screen.getByLabelText('Papel'), 'student');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText('Você já está nesta turma, como dono dela.'),
    ).toBeInTheDocument();
    expect(who).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('A turma precisa de pelo menos um professor.')).toBeNull();
    expect(posts).toEqual([]);

    // By her id too.
    await user.clear(who);
    await user.type(who, 't1');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText('Você já está nesta turma, como dono dela.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it("the server's 409 for your own e-mail reads the same (a co-teacher, in English)", async () => {
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') return problem(409, 'already_member');
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    // The session knows another address than the one typed (changed meanwhile, say).
    const user = setup({ ...JOAO, email: 'old@x.org' }, 'en');
    await user.type(await screen.findByLabelText('E-mail or user ID'), 'j@x.org');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findAllByText('You are already in this class, as a teacher.'),
    ).not.toHaveLength(0);
  });
});
