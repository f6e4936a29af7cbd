import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { ClassDetail, ClassEvent } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { ClassManage } from './class-manage';
import { TeacherClasses } from './teacher-classes';

const fetchMock = stubFetch();

const HELENA: SessionUser = { id: 't1', name: 'Helena', email: 'h@x.org', role: 'teacher' };
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
  member_count: 0,
  upcoming_events: [],
};

const EVENT: ClassEvent = {
  id: 'e1',
  class_id: 'c1',
  title: 'Prova',
  description: null,
  starts_at: '2030-03-10T13:00:00.000Z',
  ends_at: null,
  all_day: false,
  location: null,
  created_by: 't1',
  created_at: '2030-03-01T00:00:00.000Z',
};

const EVENT_DRAFT = 'aprenda.classes.event-draft.t1.c1.new';

let where = '';
function Where() {
  const location = useLocation();
  useEffect(() => {
    where = location.pathname + location.search;
  }, [location]);
  return null;
}

/** The page at `path` for `me` — rendered again after "signing in again" with the same address. */
function open(me: SessionUser, path: string) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
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
          <Where />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

/** The session ends: the page goes (to the sign-in form); the device keeps its storage. */
function sessionExpires(): string {
  const address = where;
  cleanup();
  return address;
}

function serveClass(events: ClassEvent[] = [], posts: unknown[] = []) {
  serve(fetchMock, (url, init) => {
    if (init?.method === 'POST' && url.pathname === '/api/classes/c1/events') {
      const body = JSON.parse(String(init.body)) as ClassEvent;
      posts.push(body);
      return reply({ ...EVENT, ...body, id: 'e2' }, 201);
    }
    if (init?.method === 'POST' && url.pathname === '/api/classes') {
      const body = JSON.parse(String(init.body)) as ClassDetail;
      posts.push(body);
      return reply({ ...CLASS, ...body, id: 'c9' }, 201);
    }
    if (url.pathname === '/api/classes/c1/events')
      return reply({ items: events, nextCursor: null });
    if (url.pathname === '/api/classes/c1') return reply(CLASS);
    return reply({ items: [], nextCursor: null });
  });
  return posts;
}

describe('"Novo evento": what was typed survives the session expiring', () => {
  it('signed in again, the same address opens the form with the title and description, says so, and can discard them', async () => {
    serveClass();
    let user = open(HELENA, '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Novo evento' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Título'), 'Prova de genética');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Capítulos 3 e 4');
    expect(where).toContain('evento=novo');

    const address = sessionExpires();
    user = open(HELENA, address);
    dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Prova de genética');
    expect(within(dialog).getByLabelText('Descrição')).toHaveValue('Capítulos 3 e 4');
    expect(
      within(dialog).getByText('Recuperamos o evento que você escrevia e não tinha salvado.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Descartar rascunho' }));
    expect(within(dialog).getByLabelText('Título')).toHaveValue('');
    expect(within(dialog).getByLabelText('Descrição')).toHaveValue('');
    expect(within(dialog).queryByText(/Recuperamos o evento/)).toBeNull();
    expect(localStorage.getItem(EVENT_DRAFT)).toBeNull();
  });

  it('the draft is the user’s and the class’s: another teacher on the device does not get it', async () => {
    serveClass();
    const user = open(HELENA, '/dashboard/teacher/c1?tab=calendar&evento=novo');
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Título'), 'Prova');
    expect(localStorage.getItem(EVENT_DRAFT)).not.toBeNull();

    sessionExpires();
    open(JOAO, '/dashboard/teacher/c1?tab=calendar&evento=novo');
    const other = await screen.findByRole('dialog', { name: 'Novo evento' });
    expect(within(other).getByLabelText('Título')).toHaveValue('');
    expect(within(other).queryByText(/Recuperamos o evento/)).toBeNull();
  });

  it('saving forgets the draft', async () => {
    const posts = serveClass();
    const user = open(HELENA, '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Novo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Título'), 'Prova');
    await user.click(within(dialog).getByRole('button', { name: 'Criar evento' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toHaveLength(1);
    expect(localStorage.getItem(EVENT_DRAFT)).toBeNull();
    expect(where).not.toContain('evento=');
  });

  it('"Cancelar" with unsaved text asks first: keep editing keeps it, discarding forgets it', async () => {
    serveClass();
    const user = open(HELENA, '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Novo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' });
    await user.type(within(dialog).getByLabelText('Título'), 'Prova');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Descartar o que você digitou?' });
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Título')).toHaveValue('Prova');
    expect(localStorage.getItem(EVENT_DRAFT)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    ask = await screen.findByRole('alertdialog', { name: 'Descartar o que você digitou?' });
    await user.click(within(ask).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(EVENT_DRAFT)).toBeNull();

    // Opened again: empty, nothing restored.
    await user.click(screen.getByRole('button', { name: 'Novo evento' }));
    const again = await screen.findByRole('dialog', { name: 'Novo evento' });
    expect(within(again).getByLabelText('Título')).toHaveValue('');
  });

  it('an event being edited keeps its draft too, restored when its form opens again', async () => {
    serveClass([EVENT]);
    let user = open(HELENA, '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Agenda' }));
    await user.click(await screen.findByRole('button', { name: 'Editar o evento Prova' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    await user.type(within(dialog).getByLabelText('Título'), ' final');
    expect(localStorage.getItem('aprenda.classes.event-draft.t1.c1.e1')).not.toBeNull();

    const address = sessionExpires();
    user = open(HELENA, address);
    await user.click(await screen.findByRole('button', { name: 'Agenda' }));
    await user.click(await screen.findByRole('button', { name: 'Editar o evento Prova' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Prova final');
    expect(within(dialog).getByText(/Recuperamos o evento/)).toBeInTheDocument();
  });
});

describe('"Nova turma" and "Editar": the class form keeps its draft too', () => {
  it('a new class: the same address opens the form again with what was typed', async () => {
    const posts = serveClass();
    let user = open(HELENA, '/dashboard/teacher');
    await user.click((await screen.findAllByRole('button', { name: 'Nova turma' }))[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Nova turma' });
    await user.type(within(dialog).getByLabelText('Nome da turma'), 'Química 3º B');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Turma da tarde');
    const code = (within(dialog).getByLabelText('Código de entrada') as HTMLInputElement).value;
    expect(where).toContain('nova=1');

    const address = sessionExpires();
    user = open(HELENA, address);
    dialog = await screen.findByRole('dialog', { name: 'Nova turma' });
    expect(within(dialog).getByLabelText('Nome da turma')).toHaveValue('Química 3º B');
    expect(within(dialog).getByLabelText('Descrição')).toHaveValue('Turma da tarde');
    expect(within(dialog).getByLabelText('Código de entrada')).toHaveValue(code);
    expect(within(dialog).getByText(/Recuperamos os dados da turma/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar turma' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ title: 'Química 3º B', code });
    expect(localStorage.getItem('aprenda.classes.class-draft.t1.new')).toBeNull();
    // On to the new class's page (closing the form must not bring the address back to the list).
    await waitFor(() => expect(where).toBe('/dashboard/teacher/c9'));
  });

  it('editing a class: "?editar=1" reopens its form with the draft', async () => {
    serveClass();
    let user = open(HELENA, '/dashboard/teacher/c1');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar turma' });
    const title = within(dialog).getByLabelText('Nome da turma');
    await user.clear(title);
    await user.type(title, 'Biologia 2º B');
    expect(where).toContain('editar=1');

    const address = sessionExpires();
    user = open(HELENA, address);
    dialog = await screen.findByRole('dialog', { name: 'Editar turma' });
    expect(within(dialog).getByLabelText('Nome da turma')).toHaveValue('Biologia 2º B');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar rascunho' }));
    expect(within(dialog).getByLabelText('Nome da turma')).toHaveValue('Biologia 2º A');
    expect(localStorage.getItem('aprenda.classes.class-draft.t1.c1')).toBeNull();
  });
});
