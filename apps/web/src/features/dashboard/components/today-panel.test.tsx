import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Today } from '@aprenda/shared/schemas/metrics';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { TodayPanel } from './today-panel';

const fetchMock = stubFetch();

function renderIn(ui: ReactNode) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const STREAK = { current: 4, longest: 9, today_counts: false, today_actions: 7 };

const STUDENT: Today = {
  role: 'student',
  teacher: null,
  student: {
    streak: STREAK,
    cards: {
      due: 12,
      new: 5,
      decks: [
        { id: 'd1', title: 'Verbos', due: 12, new: 0 },
        { id: 'd2', title: 'Vazio', due: 0, new: 0 },
        { id: 'd3', title: 'Frações', due: 0, new: 5 },
      ],
    },
    assignments: [
      {
        id: 'a1',
        title: 'Lista 3',
        class_id: 'c1',
        class_name: '8º A',
        due_at: '2026-11-20T15:00:00.000Z',
        overdue: true,
      },
    ],
    practice: { skill_id: 's1', name: 'Equações do 1º grau', level: 'familiar' },
    last_conversation: { id: 'v1', title: 'Dúvida de frações', updated_at: '2026-11-19T12:00:00Z' },
  },
};

const NEW_STUDENT: Today = {
  role: 'student',
  teacher: null,
  student: {
    streak: { current: 0, longest: 0, today_counts: false, today_actions: 0 },
    cards: { due: 0, new: 0, decks: [] },
    assignments: [],
    practice: null,
    last_conversation: null,
  },
};

const TEACHER: Today = {
  role: 'teacher',
  student: null,
  teacher: {
    classes: [{ id: 'c1', name: '8º A', students: 25, new_submissions: 3, attention: 1 }],
    attention: [
      {
        user_id: 'u1',
        name: 'Bia Souza',
        class_id: 'c1',
        class_name: '8º A',
        reasons: [
          { kind: 'inactive', days: 9 },
          { kind: 'missed', count: 2, titles: ['Lista 1', 'Lista 2'] },
          { kind: 'stuck', skill_id: 's1', skill_name: 'Frações', wrong_in_a_row: 3 },
        ],
      },
    ],
    events: [],
  },
};

const hrefs = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('Hoje (the dashboard start)', () => {
  it('asks /api/today with the time zone and links each item where it is done', async () => {
    let asked: URL | null = null;
    serve(fetchMock, (url) => {
      asked = url;
      return reply(STUDENT);
    });
    renderIn(<TodayPanel />);
    await screen.findByTestId('today-student');
    expect(asked!.pathname).toBe('/api/today');
    expect(asked!.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    expect(screen.getByText('12 cartões a revisar e 5 novos para hoje.')).toBeInTheDocument();
    // Decks with nothing today are left out.
    expect(hrefs('today-cards')).toEqual([
      '/dashboard/flashcard/d1/estudar',
      '/dashboard/flashcard/d3/estudar',
    ]);
    expect(hrefs('today-assignments')).toEqual(['/dashboard/exercises/atividade/a1']);
    expect(
      within(screen.getByTestId('today-assignments')).getByText(/Atrasada/),
    ).toBeInTheDocument();
    expect(hrefs('today-practice')).toEqual(['/dashboard/adaptive?habilidade=s1']);
    expect(hrefs('today-conversation')).toEqual(['/dashboard/chat/v1']);
    const streak = screen.getByTestId('today-streak');
    expect(within(streak).getByText('4 dias seguidos')).toBeInTheDocument();
    expect(
      within(streak).getByText('Hoje: 7 de 10. Faltam 3 revisões ou respostas.'),
    ).toBeInTheDocument();
    expect(
      within(streak).getByText(
        'Um dia conta quando você revisa ou responde pelo menos 10 itens, ou zera os cartões do dia.',
      ),
    ).toBeInTheDocument();
  });

  it('a new account sees the first step of each item, no invented figures', async () => {
    serve(fetchMock, () => reply(NEW_STUDENT));
    renderIn(<TodayPanel inAClass={false} />);
    await screen.findByTestId('today-student');
    expect(screen.getByText(/Você ainda não tem baralhos/)).toBeInTheDocument();
    expect(hrefs('today-cards')).toEqual(['/dashboard/flashcard']);
    expect(hrefs('today-assignments')).toEqual(['/dashboard/exercises']);
    expect(hrefs('today-practice')).toEqual(['/dashboard/student']);
    // In no class: how to join one.
    expect(screen.getByTestId('today-practice')).toHaveTextContent(
      'Ainda sem turma? Entre com o código de convite.',
    );
    expect(hrefs('today-conversation')).toEqual(['/dashboard/chat']);
    expect(screen.getByText('Nenhum dia seguido')).toBeInTheDocument();
  });

  it('a student already in a class is told why nothing is suggested, not to join a class', async () => {
    serve(fetchMock, () => reply(NEW_STUDENT));
    renderIn(<TodayPanel inAClass />);
    const practice = await screen.findByTestId('today-practice');
    expect(practice).toHaveTextContent(
      'Ainda não há o que praticar: suas turmas não têm exercícios ligados a uma habilidade. A sugestão aparece aqui assim que tiverem.',
    );
    expect(practice).not.toHaveTextContent(/sem turma|código de convite/);
    expect(hrefs('today-practice')).toEqual(['/dashboard/student']);
  });

  it('while the class list is unknown (or cannot be read), only what is true either way', async () => {
    serve(fetchMock, () => reply(NEW_STUDENT));
    renderIn(<TodayPanel />);
    const practice = await screen.findByTestId('today-practice');
    expect(practice).toHaveTextContent(
      'A prática adaptativa aparece quando uma turma sua tiver exercícios ligados a uma habilidade.',
    );
    expect(practice).not.toHaveTextContent(/sem turma|Ainda não há o que praticar/);
  });

  it('a teacher sees classes with submissions, who needs attention and why', async () => {
    serve(fetchMock, () => reply(TEACHER));
    renderIn(<TodayPanel />);
    await screen.findByTestId('today-teacher');
    expect(screen.queryByTestId('today-student')).toBeNull();
    expect(hrefs('today-classes')).toEqual(['/dashboard/analytics/c1']);
    expect(
      screen.getByText('25 estudantes · 3 entregas novas · 1 precisa de atenção'),
    ).toBeInTheDocument();
    const attention = screen.getByTestId('today-attention');
    expect(hrefs('today-attention')).toEqual(['/dashboard/analytics/c1/aluno/u1']);
    expect(within(attention).getByText('Sem atividade há 9 dias')).toBeInTheDocument();
    expect(
      within(attention).getByText('2 atividades não entregues: Lista 1 e Lista 2'),
    ).toBeInTheDocument();
    expect(within(attention).getByText('3 erros seguidos em Frações')).toBeInTheDocument();
    expect(screen.getByText('Nenhum evento marcado nas suas turmas.')).toBeInTheDocument();
  });

  it('a class with no students and nothing new reads "nenhum estudante", not "0 estudante"', async () => {
    serve(fetchMock, () =>
      reply({
        ...TEACHER,
        teacher: {
          ...TEACHER.teacher!,
          classes: [{ id: 'c1', name: '8º A', students: 0, new_submissions: 0, attention: 0 }],
        },
      }),
    );
    renderIn(<TodayPanel />);
    await screen.findByTestId('today-teacher');
    expect(
      screen.getByText('nenhum estudante · nenhuma entrega nova · ninguém precisa de atenção'),
    ).toBeInTheDocument();
  });

  it('a teacher without classes is taken to the "Nova turma" form itself', async () => {
    serve(fetchMock, () =>
      reply({ ...TEACHER, teacher: { classes: [], attention: [], events: [] } }),
    );
    renderIn(<TodayPanel />);
    await screen.findByTestId('today-teacher');
    expect(hrefs('today-classes')).toEqual(['/dashboard/teacher?nova=1']);
    expect(screen.getByTestId('today-classes')).toHaveTextContent('Criar uma turma');
  });

  it('an error says so and offers to try again', async () => {
    serve(fetchMock, () => problem(404, 'not_found'));
    renderIn(<TodayPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o que há para hoje.',
    );
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
