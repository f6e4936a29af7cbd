import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
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

const HELENA: SessionUser = {
  id: 't1',
  name: 'Helena',
  email: 'h@x.org',
  role: 'teacher',
  image: null,
};
const RAFAEL: SessionUser = {
  id: 't2',
  name: 'Rafael',
  email: 'r@x.org',
  role: 'teacher',
  image: null,
};

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Biologia 2025',
  description: null,
  code: 'ABC234',
  join_by_code: true,
  require_socratic: false,
  practice_target: 0.8,
  owner_id: 't1',
  archived: false,
  created_at: '2025-02-01T00:00:00.000Z',
  updated_at: '2025-02-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [
    { id: 't1', name: 'Helena' },
    { id: 't2', name: 'Rafael' },
  ],
  member_count: 31,
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

const page = (items: ClassSummary[]) => reply({ items, nextCursor: null });

function setup(me: SessionUser, ui: 'manage' | 'list', lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter
          initialEntries={[ui === 'manage' ? '/dashboard/teacher/c1' : '/dashboard/teacher']}
        >
          {ui === 'manage' ? <ClassManage classId="c1" /> : <TeacherClasses />}
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('archiving a class', () => {
  it('the owner archives from the class screen: a confirmation says what happens, a toast confirms, the banner shows', async () => {
    const calls: string[] = [];
    let archived = false;
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') calls.push(url.pathname);
      if (init?.method === 'POST' && url.pathname === '/api/classes/c1/archive') {
        archived = true;
        return reply({ ...CLASS, archived: true });
      }
      if (url.pathname === '/api/classes/c1') return reply({ ...CLASS, archived });
      return page([]);
    });
    const user = setup(HELENA, 'manage');
    await user.click(await screen.findByRole('button', { name: 'Arquivar turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Arquivar Biologia 2025?' });
    expect(dialog).toHaveAccessibleDescription(
      'A turma some de Minhas Turmas dos alunos; nada é apagado; você pode desarquivar quando quiser.',
    );
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Arquivar turma' }));

    expect(await screen.findByText('Turma Biologia 2025 arquivada.')).toBeInTheDocument();
    expect(calls).toEqual(['/api/classes/c1/archive']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const banner = await screen.findByText('Turma arquivada');
    expect(banner).toBeInTheDocument();
    expect(screen.getByText(/Desarquive a turma para alterá-la/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desarquivar Biologia 2025' })).toBeInTheDocument();
    // Read-only now: no "Editar", no second "Arquivar turma".
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arquivar turma' })).not.toBeInTheDocument();
  });

  it('a refusal says why and keeps the dialog open (English)', async () => {
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST') return problem(403, 'owner_only');
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return page([]);
    });
    const user = setup(HELENA, 'manage', 'en');
    await user.click(await screen.findByRole('button', { name: 'Archive class' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Biologia 2025?' });
    expect(dialog).toHaveAccessibleDescription(/nothing is deleted; you can restore it/);
    await user.click(within(dialog).getByRole('button', { name: 'Archive class' }));
    expect(await screen.findByText('Only the class owner can do this.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('a co-teacher gets no "Arquivar turma"; an archived class shows them the banner without "Desarquivar"', async () => {
    serve(fetchMock, (url) => {
      if (url.pathname === '/api/classes/c1') return reply({ ...CLASS, archived: true });
      return page([]);
    });
    setup(RAFAEL, 'manage');
    expect(await screen.findByText('Turma arquivada')).toBeInTheDocument();
    expect(screen.getByText(/só o dono da turma pode desarquivá-la/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Desarquivar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arquivar turma' })).not.toBeInTheDocument();
  });

  it('the owner archives from the card on the teacher page', async () => {
    let archived = false;
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST' && url.pathname === '/api/classes/c1/archive') {
        archived = true;
        return reply({ ...CLASS, archived: true });
      }
      if (url.pathname === '/api/classes/teaching') {
        const wantArchived = url.searchParams.get('archived') === '1';
        return page(wantArchived === archived ? [{ ...SUMMARY, title: 'Química 2025' }] : []);
      }
      return page([]);
    });
    const user = setup(HELENA, 'list');
    await user.click(await screen.findByRole('button', { name: 'Arquivar Química 2025' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Arquivar Química 2025?' });
    await user.click(within(dialog).getByRole('button', { name: 'Arquivar turma' }));
    expect(await screen.findByText('Turma Química 2025 arquivada.')).toBeInTheDocument();
    // Its only class archived: not "no classes yet", but all of them archived (and "Nova turma").
    expect(await screen.findByText('Todas as suas turmas estão arquivadas')).toBeInTheDocument();
    expect(screen.queryByText('Você ainda não tem turmas')).not.toBeInTheDocument();
  });
});

describe('"Arquivadas" on the teacher page', () => {
  it('opens on demand, lists the archived classes and restores one with a toast', async () => {
    let archived = true;
    const requested: string[] = [];
    serve(fetchMock, (url, init) => {
      if (init?.method === 'POST' && url.pathname === '/api/classes/c1/restore') {
        archived = false;
        return reply(CLASS);
      }
      if (url.pathname === '/api/classes/teaching') {
        const wantArchived = url.searchParams.get('archived') === '1';
        if (wantArchived) requested.push(url.search);
        return page(wantArchived === archived ? [SUMMARY] : []);
      }
      return page([]);
    });
    const user = setup(HELENA, 'list');
    expect(await screen.findByRole('heading', { name: 'Arquivadas' })).toBeInTheDocument();
    // Closed at first: no request for the archived list.
    const toggle = screen.getByRole('button', { name: 'Ver turmas arquivadas' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(requested).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Biologia 2025' })).toHaveAttribute(
      'href',
      '/dashboard/teacher/c1',
    );
    await user.click(screen.getByRole('button', { name: 'Desarquivar Biologia 2025' }));
    expect(
      await screen.findByText(
        'Turma Biologia 2025 desarquivada. Ela voltou para Minhas Turmas dos alunos.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma turma arquivada.')).toBeInTheDocument();
    // Back among the active classes.
    expect(
      await screen.findByRole('button', { name: 'Gerenciar Biologia 2025' }),
    ).toBeInTheDocument();
  });

  it('a co-teacher sees the archived class but no "Desarquivar"; a failed load offers a retry', async () => {
    let fail = true;
    serve(fetchMock, (url) => {
      if (url.pathname === '/api/classes/teaching' && url.searchParams.get('archived') === '1') {
        return fail ? problem(500, 'internal') : page([SUMMARY]);
      }
      return page([]);
    });
    const user = setup(RAFAEL, 'list');
    await user.click(await screen.findByRole('button', { name: 'Ver turmas arquivadas' }));
    expect(
      await screen.findByText('Não foi possível carregar as turmas arquivadas.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('link', { name: 'Biologia 2025' })).toBeInTheDocument();
    expect(screen.getByText('Só o dono da turma pode desarquivar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Desarquivar/ })).not.toBeInTheDocument();
  });
});
