import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { ClassDetail, ClassSummary } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { ClassManage } from './class-manage';
import { TeacherClasses } from './teacher-classes';

const fetchMock = stubFetch();

const HELENA: SessionUser = { id: 't1', name: 'Helena', email: 'h@x.org', role: 'teacher' };
const RAFAEL: SessionUser = { id: 't2', name: 'Rafael', email: 'r@x.org', role: 'teacher' };

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Biologia 2025',
  description: null,
  code: 'ABC234',
  join_by_code: true,
  require_socratic: false,
  practice_target: 0.8,
  owner_id: 't1',
  archived: true,
  created_at: '2025-02-01T00:00:00.000Z',
  updated_at: '2025-02-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [
    { id: 't1', name: 'Helena' },
    { id: 't2', name: 'Rafael' },
  ],
  member_count: 2,
  upcoming_events: [],
};

const SUMMARY: ClassSummary = {
  id: 'c1',
  title: 'Biologia 2025',
  description: null,
  code: 'ABC234',
  owner_id: 't1',
  created_at: '2025-02-01T00:00:00.000Z',
  updated_at: '2025-02-01T00:00:00.000Z',
  role: 'teacher',
  teachers: ['Helena', 'Rafael'],
  require_socratic: false,
  next_event: null,
};

const empty = () => reply({ items: [], nextCursor: null });

function setup(me: SessionUser, path: string, lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {path.startsWith('/dashboard/teacher/c1') ? (
            <ClassManage classId="c1" />
          ) : (
            <TeacherClasses />
          )}
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('an archived class: its write controls are off up front, with one notice', () => {
  it('the owner: adding, inviting, new events and the code are disabled; the notice says to restore it, with "Desarquivar"', async () => {
    const writes: string[] = [];
    serve(fetchMock, (url, init) => {
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${url.pathname}`);
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return empty();
    });
    const user = setup(HELENA, '/dashboard/teacher/c1');
    const notice = (await screen.findByText('Turma arquivada')).closest('[role="status"]')!;
    expect(notice).toHaveTextContent('Desarquive a turma para alterá-la.');
    expect(notice).not.toHaveTextContent('O dono pode desarquivá-la');
    expect(
      within(notice as HTMLElement).getByRole('button', { name: 'Desarquivar Biologia 2025' }),
    ).toBeEnabled();

    // Membros
    expect(await screen.findByRole('button', { name: 'Adicionar' })).toBeDisabled();
    expect(screen.getByLabelText('E-mail ou ID do usuário')).toBeDisabled();
    // Convites
    await user.click(screen.getByRole('tab', { name: 'Convites' }));
    expect(await screen.findByRole('button', { name: 'Criar convite' })).toBeDisabled();
    // Calendário
    await user.click(screen.getByRole('tab', { name: 'Calendário' }));
    expect(await screen.findByRole('button', { name: 'Novo evento' })).toBeDisabled();
    // Código: still shown; not reset or turned off.
    await user.click(screen.getByRole('tab', { name: 'Código' }));
    expect(await screen.findByText('ABC234')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gerar novo código' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Desativar/ })).toBeDisabled();
    // Conversas: the class's settings.
    await user.click(screen.getByRole('tab', { name: 'Conversas' }));
    expect(await screen.findByRole('switch')).toBeDisabled();
    expect(screen.getByRole('combobox')).toBeDisabled();

    expect(writes).toEqual([]);
  });

  it('a co-teacher: the same controls off, and the notice says only the owner can restore it (English)', async () => {
    serve(fetchMock, (url) => (url.pathname === '/api/classes/c1' ? reply(CLASS) : empty()));
    const user = setup(RAFAEL, '/dashboard/teacher/c1?tab=calendar', 'en');
    expect(await screen.findByText('Class archived')).toBeInTheDocument();
    expect(
      screen.getByText(/Nothing can change until it is restored, and only the class owner can/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New event' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByRole('button', { name: 'Add' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Invites' }));
    expect(await screen.findByRole('button', { name: 'Create invite' })).toBeDisabled();
  });

  it('an address asking for the event form opens none in an archived class', async () => {
    serve(fetchMock, (url) => (url.pathname === '/api/classes/c1' ? reply(CLASS) : empty()));
    setup(HELENA, '/dashboard/teacher/c1?tab=calendar&evento=novo');
    expect(await screen.findByRole('button', { name: 'Novo evento' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('archived meanwhile (the safety net): the 409 is worded for the owner, and the page turns read-only', async () => {
    // Archived in another tab after this page read the class.
    let archived = false;
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') {
        archived = true;
        return problem(409, 'class_archived');
      }
      if (url.pathname === '/api/classes/c1') return reply({ ...CLASS, archived });
      return empty();
    });
    const user = setup(HELENA, '/dashboard/teacher/c1');
    await user.type(await screen.findByLabelText('E-mail ou ID do usuário'), 'ana@x.org');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findAllByText('Esta turma está arquivada. Desarquive-a para alterá-la.'),
    ).not.toHaveLength(0);
    expect(screen.queryByText(/O dono pode desarquivá-la/)).not.toBeInTheDocument();
    // Read again: the notice and the disabled form.
    expect(await screen.findByText('Turma arquivada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
  });

  it('archived meanwhile: a co-teacher is told only the owner can restore it', async () => {
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') return problem(409, 'class_archived');
      if (url.pathname === '/api/classes/c1') return reply({ ...CLASS, archived: false });
      return empty();
    });
    const user = setup(RAFAEL, '/dashboard/teacher/c1?tab=invites');
    await user.click(await screen.findByRole('button', { name: 'Criar convite' }));
    expect(
      await screen.findByText('Esta turma está arquivada. Só o dono da turma pode desarquivá-la.'),
    ).toBeInTheDocument();
  });
});

describe('the teacher page when every class is archived', () => {
  it('says all of them are archived (not "no classes yet") and still offers "Nova turma"', async () => {
    serve(fetchMock, (url) => {
      if (url.pathname === '/api/classes/teaching') {
        return url.searchParams.get('archived') === '1'
          ? reply({ items: [SUMMARY], nextCursor: null })
          : empty();
      }
      return empty();
    });
    const user = setup(HELENA, '/dashboard/teacher');
    expect(await screen.findByText('Todas as suas turmas estão arquivadas')).toBeInTheDocument();
    expect(screen.getByText(/Elas estão em Arquivadas, logo abaixo/)).toBeInTheDocument();
    expect(screen.queryByText('Você ainda não tem turmas')).not.toBeInTheDocument();
    const create = screen.getAllByRole('button', { name: 'Nova turma' });
    expect(create).toHaveLength(2);
    await user.click(create[1]!);
    expect(await screen.findByRole('dialog', { name: 'Nova turma' })).toBeInTheDocument();
  });

  it('in English too; with no class at all it still says there are none yet', async () => {
    serve(fetchMock, (url) =>
      url.pathname === '/api/classes/teaching' && url.searchParams.get('archived') === '1'
        ? reply({ items: [SUMMARY], nextCursor: null })
        : empty(),
    );
    setup(HELENA, '/dashboard/teacher', 'en');
    expect(await screen.findByText('All your classes are archived')).toBeInTheDocument();
  });

  it('with no class at all, archived or not: "no classes yet"', async () => {
    serve(fetchMock, () => empty());
    setup(HELENA, '/dashboard/teacher');
    expect(await screen.findByText('Você ainda não tem turmas')).toBeInTheDocument();
    expect(screen.queryByText('Todas as suas turmas estão arquivadas')).not.toBeInTheDocument();
  });
});
