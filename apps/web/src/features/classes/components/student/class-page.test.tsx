import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { timeZoneName, viewerTimeZone } from '../../lib/dates';
import { ClassPage } from './class-page';

const fetchMock = stubFetch();

const LUCAS: SessionUser = {
  id: 's1',
  name: 'Lucas',
  email: 'l@x.org',
  role: 'student',
  image: null,
};
const HELENA: SessionUser = { ...LUCAS, id: 't1', name: 'Helena', role: 'teacher' };

const CLASS = {
  id: 'c1',
  title: 'Física 1º A',
  description:
    'Apostila: https://escola.example/apostila.pdf (cap. 2).\n<b>negrito?</b> javascript:alert(1)',
  code: null,
  join_by_code: true,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'student',
  teachers: [{ id: 't1', name: 'Helena' }],
  member_count: 2,
  upcoming_events: [
    {
      id: 'e1',
      class_id: 'c1',
      title: 'Laboratório',
      description: null,
      starts_at: '2099-03-10T13:00:00.000Z',
      ends_at: null,
      all_day: false,
      location: 'Sala 3 — mapa em http://escola.example/mapa',
      created_by: 't1',
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
};

function setup(me: SessionUser, klass: object = CLASS) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const deletes: string[] = [];
  serve(fetchMock, async (url, init) => {
    if (init?.method === 'DELETE') {
      deletes.push(url.pathname);
      return me.id === 't1' ? problem(403, 'owner_protected') : reply(null, 204);
    }
    if (url.pathname === '/api/classes/c1') return reply(klass);
    return reply({ items: [], nextCursor: null });
  });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/student/c1']}>
          <Routes>
            <Route path="/dashboard/student/c1" element={<ClassPage classId="c1" />} />
            <Route path="/dashboard/student" element={<h1>Minhas Turmas (lista)</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, deletes };
}

describe('the class page of a member', () => {
  it('links the URLs of the description and of event locations, and nothing else', async () => {
    setup(LUCAS);
    const link = await screen.findByRole('link', {
      name: 'https://escola.example/apostila.pdf',
    });
    expect(link).toHaveAttribute('href', 'https://escola.example/apostila.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'http://escola.example/mapa' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(screen.getByText(/<b>negrito\?<\/b> javascript:alert\(1\)/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain(
      'javascript:alert(1)',
    );
  });

  it('shows the time zone by name in the interface language', async () => {
    setup(LUCAS);
    const name = timeZoneName('pt-BR');
    expect(await screen.findByText(`Horários no seu fuso: ${name}.`)).toBeInTheDocument();
    if (name !== viewerTimeZone()) {
      expect(screen.queryByText(new RegExp(viewerTimeZone().replace('/', '\\/')))).toBeNull();
    }
  });

  it('"Sair da turma" asks first, then leaves and goes back to Minhas Turmas', async () => {
    const { user, deletes } = setup(LUCAS);
    await user.click(await screen.findByRole('button', { name: 'Sair da turma' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Sair da turma?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Você deixa de ver a turma Física 1º A e os eventos dela/),
    ).toBeInTheDocument();
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sair da turma' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sair da turma',
      }),
    );
    expect(await screen.findByText('Você saiu da turma Física 1º A.')).toBeInTheDocument();
    expect(deletes).toEqual(['/api/classes/c1/members/s1']);
    expect(
      await screen.findByRole('heading', { name: 'Minhas Turmas (lista)' }),
    ).toBeInTheDocument();
  });

  it('the owner is not offered to leave', async () => {
    setup(HELENA, { ...CLASS, role: 'teacher' });
    expect(await screen.findByRole('link', { name: 'Gerenciar turma' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sair da turma' })).toBeNull();
  });

  it('a refused leave says why and stays on the class', async () => {
    // A co-teacher who is (by now) the owner: the server refuses with owner_protected.
    const { user } = setup(HELENA, { ...CLASS, role: 'teacher', owner_id: 'someone-else' });
    await user.click(await screen.findByRole('button', { name: 'Sair da turma' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sair da turma',
      }),
    );
    expect(await screen.findByText(/O dono da turma não pode ser removido/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Física 1º A' })).toBeInTheDocument();
  });
});
