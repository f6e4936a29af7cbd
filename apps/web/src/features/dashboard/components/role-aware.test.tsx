import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DashboardHome } from './dashboard-home';
import { DashboardShell } from './dashboard-shell';

const STUDENT: SessionUser = {
  id: 's1',
  name: 'Lucas Almeida',
  email: 'l@x.org',
  role: 'student',
  image: null,
};

const ALL = [
  'Conversas',
  'Prática adaptativa',
  'Análises',
  'Exercícios',
  'Métricas',
  'Professor',
  'Minhas Turmas',
  'Quadro branco',
  'Diagramas',
  'Flashcards',
];
const STUDENT_TOOLS = ALL.filter((name) => name !== 'Análises' && name !== 'Professor');

function renderIn(ui: ReactNode) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const navNames = () =>
  within(screen.getAllByRole('navigation', { name: 'Ferramentas' })[0]!)
    .getAllByRole('link')
    .map((a) => a.textContent?.trim());

describe('role-aware dashboard', () => {
  it('a student sees the student tools only: no "Professor", no "Análises", spec order kept', () => {
    renderIn(
      <DashboardShell user={STUDENT} teaches={false}>
        <p>conteúdo</p>
      </DashboardShell>,
    );
    expect(navNames()).toEqual(['Painel', ...STUDENT_TOOLS]);
  });

  it('someone who teaches (a teacher account, or a student teaching a class) sees all ten', () => {
    renderIn(
      <DashboardShell user={STUDENT} teaches>
        <p>conteúdo</p>
      </DashboardShell>,
    );
    expect(navNames()).toEqual(['Painel', ...ALL]);
  });

  it('the student dashboard puts "Minhas Turmas" first and leaves the teacher tools out', () => {
    renderIn(<DashboardHome user={STUDENT} teaches={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Lucas!' })).toBeInTheDocument();
    expect(
      screen.getByText('Suas turmas e suas ferramentas de estudo, tudo em um lugar.'),
    ).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Suas ferramentas' })).getAllByRole(
      'link',
    );
    expect(cards[0]).toHaveAttribute('href', '/dashboard/student');
    expect(cards.map((a) => a.getAttribute('href'))).not.toContain('/dashboard/teacher');
    expect(cards.map((a) => a.getAttribute('href'))).not.toContain('/dashboard/analytics');
    expect(cards).toHaveLength(8);
  });

  it('the teacher dashboard lists every tool in navigation order', () => {
    renderIn(<DashboardHome user={{ ...STUDENT, role: 'teacher' }} teaches />);
    expect(screen.getByText('Escolha uma ferramenta para começar.')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Suas ferramentas' })).getAllByRole(
      'link',
    );
    expect(cards).toHaveLength(10);
    expect(cards.map((a) => a.getAttribute('href'))).toContain('/dashboard/teacher');
  });

  /** The summary under a tool's name, on the dashboard's card for `path`. */
  const summaryOf = (path: string) =>
    within(screen.getByRole('list', { name: 'Suas ferramentas' }))
      .getAllByRole('link')
      .find((a) => a.getAttribute('href') === path)
      ?.querySelector('span.text-sm')?.textContent;

  it('a teacher reads summaries written for them, under the spec’s names', () => {
    renderIn(<DashboardHome user={{ ...STUDENT, role: 'teacher' }} teaches />);
    const list = screen.getByRole('list', { name: 'Suas ferramentas' });
    for (const name of ['Minhas Turmas', 'Prática adaptativa', 'Métricas']) {
      expect(within(list).getByText(name)).toBeInTheDocument();
    }
    expect(summaryOf('/dashboard/student')).toBe('Turmas em que você entrou como estudante.');
    expect(summaryOf('/dashboard/adaptive')).toBe('Pratique no seu próprio nível.');
    expect(summaryOf('/dashboard/metrics')).toBe('Os seus próprios números de estudo.');
    expect(list).not.toHaveTextContent('As turmas em que você está.');
    expect(list).not.toHaveTextContent('Exercícios no nível certo para você.');
  });

  it('in English too', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <DashboardHome user={{ ...STUDENT, role: 'teacher' }} teaches />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const list = screen.getByRole('list', { name: 'Your tools' });
    const summary = (path: string) =>
      within(list)
        .getAllByRole('link')
        .find((a) => a.getAttribute('href') === path)
        ?.querySelector('span.text-sm')?.textContent;
    expect(within(list).getByText('My Classes')).toBeInTheDocument();
    expect(summary('/dashboard/student')).toBe('Classes you joined as a student.');
    expect(summary('/dashboard/adaptive')).toBe('Practise at your own level.');
    expect(summary('/dashboard/metrics')).toBe('Your own study numbers.');
  });

  it('a student keeps the student summaries', () => {
    renderIn(<DashboardHome user={STUDENT} teaches={false} />);
    expect(summaryOf('/dashboard/student')).toBe('As turmas em que você está.');
    expect(summaryOf('/dashboard/adaptive')).toBe('Exercícios no nível certo para você.');
    expect(summaryOf('/dashboard/metrics')).toBe('Seus números de estudo.');
  });
});
