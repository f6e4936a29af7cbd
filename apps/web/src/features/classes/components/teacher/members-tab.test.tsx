import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { ClassManage } from './class-manage';
import { TeacherClasses } from './teacher-classes';

const fetchMock = stubFetch();

const HELENA: SessionUser = {
  id: 't1',
  name: 'Helena',
  email: 'h@x.org',
  role: 'teacher',
  image: null,
};
const JOAO: SessionUser = {
  id: 't2',
  name: 'João',
  email: 'j@x.org',
  role: 'teacher',
  image: null,
};

const CLASS = {
  id: 'c1',
  title: 'Biologia 2º A',
  description: '',
  code: 'ABC234',
  join_by_code: true,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [
    { id: 't1', name: 'Helena' },
    { id: 't2', name: 'João' },
  ],
  member_count: 3,
  upcoming_events: [],
};

const MEMBERS = {
  items: [
    {
      user_id: 't1',
      name: 'Helena',
      role: 'teacher',
      joined_at: '2026-01-01T00:00:00.000Z',
      email: 'h@x.org',
    },
    {
      user_id: 't2',
      name: 'João',
      role: 'teacher',
      joined_at: '2026-01-02T00:00:00.000Z',
      email: 'j@x.org',
    },
    {
      user_id: 's1',
      name: 'Lucas',
      role: 'student',
      joined_at: '2026-01-03T00:00:00.000Z',
      email: 'l@x.org',
    },
  ],
  nextCursor: null,
};

function setup(me: SessionUser, ui: 'manage' | 'list' = 'manage', lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          {ui === 'manage' ? <ClassManage classId="c1" /> : <TeacherClasses />}
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

const row = (name: string) => screen.getByText(name, { selector: 'span' }).closest('li')!;

describe('class members: people joining or leaving meanwhile', () => {
  it('the header count follows the list when someone joined since the class was read', async () => {
    let classReads = 0;
    serve(fetchMock, (url) => {
      if (url.pathname === '/api/classes/c1') {
        classReads += 1;
        // Read first before Lucas joined (2), then again after (3).
        return reply({ ...CLASS, member_count: classReads === 1 ? 2 : 3 });
      }
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      return problem(404, 'not_found');
    });
    setup(HELENA);
    expect(await screen.findByText('Lucas', { selector: 'span' })).toBeInTheDocument();
    expect(await screen.findByText('3 participantes')).toBeInTheDocument();
    expect(screen.queryByText('2 participantes')).not.toBeInTheDocument();
  });
});

describe('class members: the owner', () => {
  it('is marked, cannot be removed, and may hand the class to another teacher (confirmed)', async () => {
    const posted: unknown[] = [];
    let owner = 't1';
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/owner' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        owner = 't2';
        return reply({ ...CLASS, owner_id: owner });
      }
      if (url.pathname === '/api/classes/c1') return reply({ ...CLASS, owner_id: owner });
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA);

    const helena = await screen.findByText('Helena', { selector: 'span' });
    const helenaRow = helena.closest('li')!;
    expect(within(helenaRow).getByText('Dono da turma')).toBeInTheDocument();
    expect(within(helenaRow).queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(within(helenaRow).getByText(/transfira a turma a outro professor/)).toBeInTheDocument();
    // Transfer is offered for teachers only, not for students.
    expect(within(row('Lucas')).queryByRole('button', { name: /Transferir/ })).toBeNull();

    await user.click(
      within(row('João')).getByRole('button', { name: 'Transferir a turma para João' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Transferir a turma para João?')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('A turma agora é de João.')).toBeInTheDocument();
    expect(posted).toEqual([{ user_id: 't2' }]);
    // The badge moves to João once the class is read again.
    expect(await within(row('João')).findByText('Dono da turma')).toBeInTheDocument();
  });

  it('after removing someone, focus goes to the list heading (their row and button are gone)', async () => {
    let members = MEMBERS.items;
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/members/s1' && init?.method === 'DELETE') {
        members = members.filter((m) => m.user_id !== 's1');
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      if (url.pathname === '/api/classes/c1/members') return reply({ ...MEMBERS, items: members });
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA);
    const remove = within(await waitFor(() => row('Lucas'))).getByRole('button', {
      name: 'Remover Lucas',
    });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByRole('button', { name: 'Remover' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Lucas', { selector: 'span' })).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Participantes', level: 2 })).toHaveFocus(),
    );
    // Worded for anyone ("foi removido" would take a gender).
    expect(await screen.findByText('Lucas não está mais na turma.')).toBeInTheDocument();
  });

  it('a co-teacher sees the owner marked, with no transfer or remove on that row', async () => {
    serve(fetchMock, async (url) => {
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      return reply({ items: [], nextCursor: null });
    });
    setup(JOAO, 'manage', 'en');
    const helena = await screen.findByText('Helena', { selector: 'span' });
    const helenaRow = helena.closest('li')!;
    expect(within(helenaRow).getByText('Class owner')).toBeInTheDocument();
    expect(within(helenaRow).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Transfer/ })).toBeNull();
  });

  it('a refused transfer says why', async () => {
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/owner' && init?.method === 'POST') {
        return problem(409, 'owner_target_not_teacher');
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      if (url.pathname === '/api/classes/c1/members') return reply(MEMBERS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA);
    await screen.findByText('João', { selector: 'span' });
    await user.click(
      within(row('João')).getByRole('button', { name: 'Transferir a turma para João' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Transferir' }),
    );
    expect(
      await screen.findByText('Só dá para transferir a turma para alguém que já é professor dela.'),
    ).toBeInTheDocument();
  });
});

describe('my teaching classes: delete', () => {
  it('is offered on the classes I own only', async () => {
    serve(fetchMock, async (url) => {
      if (url.pathname === '/api/classes/teaching') {
        return reply({
          items: [
            { ...CLASS, id: 'c1', title: 'Minha turma', owner_id: 't1' },
            { ...CLASS, id: 'c2', title: 'Turma da colega', owner_id: 't9' },
          ],
          nextCursor: null,
        });
      }
      return reply({ items: [], nextCursor: null });
    });
    setup(HELENA, 'list');
    expect(await screen.findByRole('button', { name: 'Excluir Minha turma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gerenciar Turma da colega' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Turma da colega' })).toBeNull();
  });
});
