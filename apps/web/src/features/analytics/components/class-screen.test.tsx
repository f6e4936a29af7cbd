import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { ClassScreen } from './class-screen';

const fetchMock = stubFetch();

function student(
  user_id: string,
  name: string,
  over: Partial<ClassAnalytics['students'][number]> = {},
) {
  return {
    user_id,
    name,
    last_active: null,
    active_days: 0,
    reviews: 0,
    answers: 0,
    answers_correct: 0,
    study_ms: 0,
    conversations: 0,
    assignments_submitted: 0,
    assignments_open: 1,
    mean_score: null,
    ...over,
  };
}

function analytics(inactiveDays: number): ClassAnalytics {
  return {
    class: { id: 'c1', name: '7º A' },
    generated_at: '2026-11-24T15:00:00.000Z',
    inactive_days: inactiveDays,
    students: [
      student('u1', 'Ana', {
        last_active: '2026-11-15',
        active_days: 4,
        reviews: 20,
        answers: 8,
        answers_correct: 6,
        mean_score: 0.75,
        assignments_submitted: 1,
      }),
      student('u2', 'Bruno'),
    ],
    assignments: [
      {
        id: 'a1',
        title: 'Frações 1',
        open_at: '2026-11-01T12:00:00.000Z',
        due_at: '2026-11-10T12:00:00.000Z',
        students: 2,
        submitted: 1,
        late: 0,
        mean_score: 0.75,
      },
    ],
    skills: [{ skill_id: 's1', code: 'EF06MA07', name: 'Frações' }],
    mastery: [{ user_id: 'u1', skill_id: 's1', level: 'familiar', ability: 0.4, answer_count: 8 }],
    missed_skills: [
      {
        skill_id: 's1',
        code: 'EF06MA07',
        name: 'Frações',
        students: 1,
        answers: 8,
        wrong: 2,
        wrong_rate: 0.25,
      },
    ],
    attention: [
      {
        user_id: 'u1',
        name: 'Ana',
        reasons: [
          { kind: 'inactive', days: 9 },
          { kind: 'falling', skill_id: 's1', skill_name: 'Frações', from: 1.2, to: 0.4 },
          { kind: 'stuck', skill_id: 's1', skill_name: 'Frações', wrong_in_a_row: 4 },
        ],
      },
      { user_id: 'u2', name: 'Bruno', reasons: [{ kind: 'inactive', days: null }] },
    ],
    decks: [
      {
        deck_id: 'd1',
        title: 'Verbos',
        cards: 20,
        next_event: {
          id: 'e1',
          title: 'Aula 5',
          starts_at: '2026-11-26T13:00:00.000Z',
          all_day: false,
        },
        expected_recall: 0.72,
      },
      { deck_id: 'd2', title: 'Capitais', cards: 10, next_event: null, expected_recall: null },
    ],
  };
}

function setup(failFirst = false, edit: (a: ClassAnalytics) => ClassAnalytics = (a) => a) {
  const calls: URL[] = [];
  let failed = !failFirst;
  serve(fetchMock, (url) => {
    if (url.pathname !== '/api/analytics/classes/c1') return problem(404, 'not_found');
    calls.push(url);
    if (!failed) {
      failed = true;
      return problem(403, 'forbidden');
    }
    return reply(edit(analytics(Number(url.searchParams.get('inactive_days')))));
  });
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/analytics/c1']}>
          <ClassScreen classId="c1" classes={[{ id: 'c1', title: '7º A' }]} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return calls;
}

describe('ClassScreen', () => {
  it('lists who needs attention and why, in words, with a link to each student', async () => {
    const calls = setup();
    await screen.findByTestId('class-analytics');
    expect(calls[0]?.searchParams.get('inactive_days')).toBe('7');
    expect(calls[0]?.searchParams.get('tz')).toBeTruthy();
    const flagged = screen.getAllByTestId('attention-student');
    expect(flagged).toHaveLength(2);
    expect(
      within(flagged[0]!)
        .getAllByTestId('attention-reason')
        .map((r) => r.textContent),
    ).toEqual([
      'Sem atividade há 9 dias',
      'Habilidade em queda: Frações (1,2 → 0,4)',
      'Travou em Frações: 4 erros seguidos',
    ]);
    expect(within(flagged[1]!).getByTestId('attention-reason')).toHaveTextContent(
      'Ainda não estudou no Aprenda',
    );
    expect(within(flagged[1]!).getByRole('link', { name: 'Ver estudante: Bruno' })).toHaveAttribute(
      'href',
      '/dashboard/analytics/c1/aluno/u2',
    );
  });

  it('asks again with a new inactivity threshold', async () => {
    const calls = setup();
    await screen.findByTestId('class-analytics');
    await userEvent.selectOptions(screen.getByLabelText('Sem atividade há pelo menos'), '14');
    await expect.poll(() => calls.at(-1)?.searchParams.get('inactive_days')).toBe('14');
  });

  it('shows the activity with its figures and sorts it', async () => {
    setup();
    const table = await screen.findByRole('table', { name: /Atividade por estudante/ });
    const ana = within(table).getByRole('row', { name: /Ana/ });
    // 6 of 8 right = 75%; last active 9 days before the study day of generated_at.
    expect(ana).toHaveTextContent('há 9 dias');
    expect(ana).toHaveTextContent('15/11/2026');
    expect(within(ana).getAllByRole('cell')[4]).toHaveTextContent('75%');
    const header = within(table).getByRole('columnheader', { name: /Revisões/ });
    expect(header).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Bruno', 'Ana']);
  });

  it('fits the activity table to its box from 1024 px: fixed columns of 100% in all, headers and cells that wrap, a cut name whole on the pointer', async () => {
    setup(false, (a) => ({
      ...a,
      students: [...a.students, student('u3', 'Bruno Teixeira de Albuquerque')],
    }));
    const table = await screen.findByRole('table', { name: /Atividade por estudante/ });
    // "Nota média" was past the right edge at 1280 px: ten columns at their natural widths.
    expect(table).toHaveClass('lg:table-fixed');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toContain('Nota média');
    const widths = [...table.querySelectorAll('col')].map((col) =>
      Number(/(?:^|\s)lg:w-\[(\d+(?:\.\d+)?)%\]/.exec(col.className)?.[1]),
    );
    expect(widths).toHaveLength(headers.length);
    expect(widths.every((w) => w > 0)).toBe(true);
    expect(widths.reduce((sum, w) => sum + w, 0)).toBe(100);
    // Nothing in a fixed column may refuse to wrap (it would spill over the next one) or keep a
    // minimum width of its own from lg up.
    for (const cell of [...headers.slice(1), ...within(table).getAllByRole('cell')]) {
      const classes = cell.className.split(/\s+/);
      if (classes.includes('whitespace-nowrap')) expect(classes).toContain('lg:whitespace-normal');
      if (classes.some((c) => c.startsWith('min-w-'))) expect(classes).toContain('lg:min-w-0');
    }
    // A long name is cut by its column; the pointer shows it whole, and it is read whole.
    const link = within(table).getByRole('link', { name: 'Bruno Teixeira de Albuquerque' });
    expect(link).toHaveAttribute('title', 'Bruno Teixeira de Albuquerque');
  });

  it('shows mastery in words, never by colour alone, and the class decks on the next class date', async () => {
    setup();
    const heatmap = await screen.findByRole('table', { name: /nível de domínio/ });
    const ana = within(heatmap).getByRole('row', { name: /Ana/ });
    expect(ana).toHaveTextContent('Familiar');
    expect(within(heatmap).getByRole('row', { name: /Bruno/ })).toHaveTextContent('Sem respostas');
    expect(screen.getAllByTestId('deck-recall').map((c) => c.textContent)).toEqual([
      'Na próxima aula (qui., 26/11): 72% lembradoAula 5',
      'Sem próximo evento no calendário da turma: marque uma aula para ver a previsão.',
    ]);
  });

  it('"Habilidades que a turma mais erra" says why it is empty: no answers, or none wrong', async () => {
    setup(false, (a) => ({ ...a, missed_skills: [] }));
    const missed = await screen.findByTestId('missed');
    // Ana answered 8 questions: there are answers, none wrong in a skill.
    expect(missed).toHaveTextContent(
      'Nenhuma habilidade com respostas erradas nos últimos 30 dias. Questões sem habilidade não entram nesta conta.',
    );
    expect(missed).not.toHaveTextContent('Ainda não há respostas');
    cleanup();
    setup(false, (a) => ({
      ...a,
      missed_skills: [],
      students: a.students.map((s) => ({ ...s, answers: 0, answers_correct: 0 })),
    }));
    expect(await screen.findByTestId('missed')).toHaveTextContent(
      'Ainda não há respostas de exercícios nesta turma.',
    );
  });

  it('a class where nobody studied says so over the window, with its number of days', async () => {
    setup(false, (a) => ({
      ...a,
      students: a.students.map((s) => ({ ...s, reviews: 0, answers: 0, answers_correct: 0 })),
    }));
    expect(await screen.findByTestId('chart-activity')).toHaveTextContent(
      'Ninguém estudou nos últimos 30 dias.',
    );
  });

  it('says what failed and tries again', async () => {
    setup(true);
    expect(await screen.findByRole('alert')).toHaveTextContent(/.+/);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('class-analytics')).toBeInTheDocument();
  });
});
