import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { ClassEvent } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { eventFormTimes, localInputToIso, timeZoneName } from '../../lib/dates';
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
const LUCAS: SessionUser = {
  id: 's1',
  name: 'Lucas',
  email: 'l@x.org',
  role: 'student',
  image: null,
};

const CLASS = {
  id: 'c1',
  title: 'Biologia 2º A',
  description: 'Roteiro em https://escola.example/roteiro e javascript:alert(1)',
  code: 'ABC234',
  join_by_code: true,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [{ id: 't1', name: 'Helena' }],
  member_count: 3,
  upcoming_events: [],
};

const EVENT: ClassEvent = {
  id: 'e1',
  class_id: 'c1',
  title: 'Prova',
  description: 'Leia https://escola.example/cap3 antes.',
  starts_at: '2030-03-10T13:00:00.000Z',
  ends_at: '2030-03-10T14:30:00.000Z',
  all_day: false,
  location: 'https://meet.example/sala-12',
  created_by: 't1',
  created_at: '2030-03-01T00:00:00.000Z',
};

function setup(
  me: SessionUser,
  ui: 'manage' | 'list',
  initial = '/dashboard/teacher/c1',
  lang: 'pt-BR' | 'en' = 'pt-BR',
) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, me);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[initial]}>
          {ui === 'manage' ? <ClassManage classId="c1" /> : <TeacherClasses />}
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

describe('invites tab: numbers and the link box', () => {
  it('says what number is wanted for uses and days, sends nothing and keeps what was typed', async () => {
    const posted: unknown[] = [];
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/invites' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return reply({}, 201);
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=invites');
    const uses = await screen.findByLabelText('Máximo de usos');
    const days = screen.getByLabelText('Validade (dias)');
    expect(days).toHaveValue('7');
    const create = screen.getByRole('button', { name: 'Criar convite' });
    const usesMessage = 'Digite um número inteiro de 1 a 10.000.';
    const daysMessage = 'Digite um número inteiro de 1 a 365.';

    for (const [typed, field, message] of [
      ['abc', uses, usesMessage],
      ['0', uses, usesMessage],
      ['1.5', uses, usesMessage],
      ['-3', uses, usesMessage],
      ['10001', uses, usesMessage],
      ['1e3', uses, usesMessage],
      ['0', days, daysMessage],
      ['366', days, daysMessage],
      ['sete', days, daysMessage],
    ] as const) {
      await user.clear(uses);
      await user.clear(days);
      await user.type(days, '7');
      await user.clear(field);
      await user.type(field, typed);
      await user.click(create);
      expect(await screen.findByText(message), typed).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveValue(typed);
      expect(document.body.textContent).not.toMatch(/NaN|expected number/i);
    }
    await user.clear(days);
    await user.click(create);
    expect(await screen.findByText('Preencha este campo.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(uses);
    await user.type(uses, '10000');
    await user.type(days, '30');
    await user.click(create);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ class_id: 'c1', max_uses: 10_000, role: 'student' });
    const expires = Date.parse((posted[0] as { expires_at: string }).expires_at);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(30);
  });

  it('in English the number messages use English numbers', async () => {
    serve(fetchMock, async (url) =>
      url.pathname === '/api/classes/c1' ? reply(CLASS) : reply({ items: [], nextCursor: null }),
    );
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=invites', 'en');
    await user.type(await screen.findByLabelText('Maximum uses'), '20000');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    expect(await screen.findByText('Enter a whole number from 1 to 10,000.')).toBeInTheDocument();
  });

  it('a revoked invite’s link leaves the copy box', async () => {
    let revoked = false;
    const invite = {
      id: 'i1',
      class_id: 'c1',
      role: 'student',
      email: null,
      expires_at: '2099-01-01T00:00:00.000Z',
      max_uses: null,
      uses: 0,
      revoked_at: null,
      created_by: 't1',
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'valid',
    };
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/invites' && init?.method === 'POST') {
        return reply(
          { ...invite, token: 'tok', url: 'http://localhost:3000/convite/tok-secreto' },
          201,
        );
      }
      if (url.pathname === '/api/classes/invites/i1' && init?.method === 'DELETE') {
        revoked = true;
        return reply(null, 204);
      }
      if (url.pathname === '/api/classes/c1/invites') {
        return reply({
          items: [
            revoked
              ? { ...invite, status: 'revoked', revoked_at: '2026-01-02T00:00:00.000Z' }
              : invite,
          ],
          nextCursor: null,
        });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=invites');
    await user.click(await screen.findByRole('button', { name: 'Criar convite' }));
    expect(await screen.findByLabelText('Link do convite')).toHaveValue(
      'http://localhost:3000/convite/tok-secreto',
    );
    await user.click(await screen.findByRole('button', { name: 'Revogar' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revogar' }),
    );
    expect(await screen.findByText('Convite revogado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Link do convite')).toBeNull());
    expect(screen.queryByDisplayValue(/tok-secreto/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar link' })).toBeNull();
  });

  it('after revoking, focus goes to the list heading (the "Revogar" button is gone)', async () => {
    let revoked = false;
    const invite = {
      id: 'i1',
      class_id: 'c1',
      role: 'student',
      email: null,
      expires_at: '2099-01-01T00:00:00.000Z',
      max_uses: null,
      uses: 0,
      revoked_at: null,
      created_by: 't1',
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'valid',
    };
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/invites/i1' && init?.method === 'DELETE') {
        revoked = true;
        return reply(null, 204);
      }
      if (url.pathname === '/api/classes/c1/invites') {
        return reply({
          items: [revoked ? { ...invite, status: 'revoked' } : invite],
          nextCursor: null,
        });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=invites');
    (await screen.findByRole('button', { name: 'Revogar' })).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('alertdialog'))
      .getByRole('button', { name: 'Revogar' })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Revogado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Convites', level: 2 })).toHaveFocus(),
    );
  });
});

describe('calendar tab: editing an event', () => {
  it("a list's due date offers no edit or delete: it says it is a list's", async () => {
    serve(fetchMock, async (url) => {
      if (url.pathname === '/api/classes/c1/events') {
        return reply({
          items: [
            EVENT,
            { ...EVENT, id: 'e2', title: 'Lista 1', location: null, of_assignment: true },
          ],
          nextCursor: null,
        });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Agenda' }));
    expect(
      await screen.findByRole('button', { name: 'Editar o evento Prova' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Prazo de uma lista de exercícios: altere-o em Exercícios, na lista'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar o evento Lista 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir o evento Lista 1' })).toBeNull();
  });

  it('opens the same form filled in, and saves with PUT in the same format as create', async () => {
    const puts: unknown[] = [];
    let current = EVENT;
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/events/e1' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<ClassEvent>;
        puts.push(body);
        current = { ...current, ...body, starts_at: new Date(body.starts_at!).toISOString() };
        return reply(current);
      }
      if (url.pathname === '/api/classes/c1/events') {
        return reply({ items: [current], nextCursor: null });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Agenda' }));
    // Links in the description and the location work; the rest stays text.
    expect(
      await screen.findByRole('link', { name: 'https://meet.example/sala-12' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'https://escola.example/cap3' })).toHaveAttribute(
      'target',
      '_blank',
    );
    // The time zone by name, not its IANA id.
    expect(screen.getByText(`Horários no seu fuso: ${timeZoneName('pt-BR')}.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar o evento Prova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    const times = eventFormTimes(EVENT);
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Prova');
    expect(within(dialog).getByLabelText('Início')).toHaveValue(times.start);
    expect(within(dialog).getByLabelText('Fim')).toHaveValue(times.end);
    expect(within(dialog).getByLabelText('Local')).toHaveValue('https://meet.example/sala-12');
    expect(within(dialog).getByLabelText('Descrição')).toHaveValue(
      'Leia https://escola.example/cap3 antes.',
    );
    // "Dia inteiro" on and off again gives the typed times back (not 09:00–10:00).
    const allDay = within(dialog).getByRole('checkbox', { name: 'Dia inteiro' });
    await user.click(allDay);
    expect(within(dialog).getByLabelText('Início')).toHaveValue(times.start.slice(0, 10));
    await user.click(allDay);
    expect(within(dialog).getByLabelText('Início')).toHaveValue(times.start);
    expect(within(dialog).getByLabelText('Fim')).toHaveValue(times.end);

    const title = within(dialog).getByLabelText('Título');
    await user.clear(title);
    await user.type(title, 'Prova remarcada');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar evento' }));
    expect(await screen.findByText('Evento Prova remarcada atualizado.')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        title: 'Prova remarcada',
        description: 'Leia https://escola.example/cap3 antes.',
        starts_at: EVENT.starts_at,
        ends_at: EVENT.ends_at,
        all_day: false,
        location: 'https://meet.example/sala-12',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an all-day event keeps its dates, and a refused edit keeps what was typed', async () => {
    const allDay: ClassEvent = {
      ...EVENT,
      starts_at: '2030-03-20T00:00:00.000Z',
      ends_at: '2030-03-21T00:00:00.000Z',
      all_day: true,
    };
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/events/e1' && init?.method === 'PUT') {
        return problem(403, 'forbidden');
      }
      if (url.pathname === '/api/classes/c1/events') {
        return reply({ items: [allDay], nextCursor: null });
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage', '/dashboard/teacher/c1?tab=calendar');
    await user.click(await screen.findByRole('button', { name: 'Agenda' }));
    await user.click(await screen.findByRole('button', { name: 'Editar o evento Prova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    expect(within(dialog).getByLabelText('Início')).toHaveValue('2030-03-20');
    expect(within(dialog).getByLabelText('Fim')).toHaveValue('2030-03-21');
    await user.type(within(dialog).getByLabelText('Título'), ' final');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar evento' }));
    expect(await screen.findByText('Você não tem permissão para isso.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Prova final');
  });

  it('reads a stored instant back to the same instant (the viewer’s offset of that day)', () => {
    for (const iso of [
      '2030-03-10T13:00:00.000Z',
      '2030-07-01T02:30:00.000Z',
      '2030-11-03T06:15:00.000Z',
    ]) {
      const { start } = eventFormTimes({ starts_at: iso, ends_at: null, all_day: false });
      expect(localInputToIso(start)).toBe(iso);
    }
  });
});

describe('time zone by name', () => {
  it('names Brasília in the interface language, never the IANA id', () => {
    const pt = timeZoneName('pt-BR', 'America/Sao_Paulo');
    const en = timeZoneName('en', 'America/Sao_Paulo');
    expect(pt).toMatch(/Brasília/);
    expect(en).toMatch(/Brasilia/);
    for (const name of [pt, en]) expect(name).not.toMatch(/America|Sao_Paulo|\//);
    expect(timeZoneName('pt-BR', 'UTC')).toBe('Horário Universal Coordenado');
  });
});

describe('members tab: adding by e-mail', () => {
  it('answers the same, in words that do not tell whether the address had an account; says when nothing changed', async () => {
    const added: string[] = [];
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1/members' && init?.method === 'POST') {
        added.push(url.search);
        const again = added.length > 1;
        return reply({ email: url.searchParams.get('email'), role: 'student' }, again ? 200 : 201);
      }
      if (url.pathname === '/api/classes/c1') return reply(CLASS);
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'manage');
    expect(
      await screen.findByText('Quem ainda não tem conta recebe um convite por e-mail.'),
    ).toBeInTheDocument();
    const who = screen.getByLabelText('E-mail ou ID do usuário');
    await user.type(who, 'nova@escola.example');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText(
        'Pronto (Aluno): se nova@escola.example já tem conta, entrou na turma; se não, recebe um convite por e-mail. Veja em Membros ou em Convites.',
      ),
    ).toBeInTheDocument();
    expect(who).toHaveValue('');
    expect(added).toEqual(['?email=nova%40escola.example&role=student']);
    // 200: it was already so — the toast says nothing changed.
    await user.type(who, 'nova@escola.example');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText(
        'Nada mudou: nova@escola.example já está na turma como Aluno ou já tem um convite válido.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the teacher screen by account role', () => {
  it('after deleting a class, focus goes to the page heading (its card and button are gone)', async () => {
    let deleted = false;
    serve(fetchMock, async (url, init) => {
      if (url.pathname === '/api/classes/c1' && init?.method === 'DELETE') {
        deleted = true;
        return reply(null, 204);
      }
      if (url.pathname === '/api/classes/teaching') {
        return reply({
          items: deleted ? [] : [{ ...CLASS, teachers: ['Helena'], next_event: null }],
          nextCursor: null,
        });
      }
      return reply({ items: [], nextCursor: null });
    });
    const { user } = setup(HELENA, 'list', '/dashboard/teacher');
    (await screen.findByRole('button', { name: 'Excluir Biologia 2º A' })).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('alertdialog'))
      .getByRole('button', { name: 'Excluir turma' })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Você ainda não tem turmas')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Professor', level: 1 })).toHaveFocus(),
    );
  });

  it('a teacher account may create classes', async () => {
    serve(fetchMock, async () => reply({ items: [], nextCursor: null }));
    setup(HELENA, 'list', '/dashboard/teacher');
    expect(await screen.findByText('Você ainda não tem turmas')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Nova turma' })).toHaveLength(2);
  });

  it('arriving from "Criar uma turma" (?nova=1) finds the form open', async () => {
    serve(fetchMock, async () => reply({ items: [], nextCursor: null }));
    const { user } = setup(HELENA, 'list', '/dashboard/teacher?nova=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nova turma' });
    expect(within(dialog).getByLabelText(/Nome da turma|Título/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Você ainda não tem turmas')).toBeInTheDocument();
  });

  it('a student account arriving with ?nova=1 gets no form', async () => {
    serve(fetchMock, async () => reply({ items: [], nextCursor: null }));
    setup(LUCAS, 'list', '/dashboard/teacher?nova=1');
    expect(await screen.findByText('Esta área é para professores')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a student account sees no create button, and is pointed to Minhas Turmas', async () => {
    serve(fetchMock, async () => reply({ items: [], nextCursor: null }));
    setup(LUCAS, 'list', '/dashboard/teacher');
    expect(await screen.findByText('Esta área é para professores')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para Minhas Turmas' })).toHaveAttribute(
      'href',
      '/dashboard/student',
    );
    expect(screen.queryByRole('button', { name: 'Nova turma' })).toBeNull();
  });

  it('a student account that co-teaches sees that class, still without "Nova turma"', async () => {
    serve(fetchMock, async (url) =>
      url.pathname === '/api/classes/teaching'
        ? reply({
            items: [{ ...CLASS, owner_id: 't1', teachers: ['Helena', 'Lucas'], next_event: null }],
            nextCursor: null,
          })
        : reply({ items: [], nextCursor: null }),
    );
    setup(LUCAS, 'list', '/dashboard/teacher');
    expect(await screen.findByRole('link', { name: 'Biologia 2º A' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://escola.example/roteiro' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nova turma' })).toBeNull();
  });
});
