import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { MyClasses } from './my-classes';

const fetchMock = stubFetch();

const CLASSES = [
  {
    id: 'c-math',
    title: 'Matemática 9º B',
    description: 'Álgebra e geometria',
    code: 'ABC234',
    owner_id: 'u1',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    role: 'student',
    teachers: ['Helena'],
  },
  {
    id: 'c-hist',
    title: 'História',
    description: 'Brasil colônia e IMPÉRIO',
    code: 'XYZ789',
    owner_id: 'u1',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    role: 'student',
    teachers: ['Helena'],
  },
];

function setup(initial = '/dashboard/student') {
  const user = userEvent.setup();
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[initial]}>
          <MyClasses />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, i18n };
}

const cards = () =>
  screen.queryAllByRole('listitem').filter((li) => within(li).queryByRole('heading'));

describe('Minhas Turmas', () => {
  it('shows "Carregando turmas..." while loading, then the cards with the spec texts', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Minhas Turmas' })).toBeInTheDocument();
    expect(screen.getByText('Carregando turmas...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeDisabled();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/classes/mine');
    resolve(reply({ items: CLASSES, nextCursor: null }));

    expect(await screen.findByRole('link', { name: 'Matemática 9º B' })).toHaveAttribute(
      'href',
      '/dashboard/student/c-math',
    );
    expect(screen.queryByText('Carregando turmas...')).not.toBeInTheDocument();
    expect(screen.getByText('Álgebra e geometria')).toHaveClass('line-clamp-2');
    expect(screen.getByText('ID: c-math')).toBeInTheDocument();
    expect(screen.getByText('ID: c-hist')).toBeInTheDocument();
    expect(screen.getAllByText('Fale com o professor para detalhes e atividades.')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Filtrar por nome ou descrição...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
  });

  it('filters on title or description, trimmed and case-insensitive, and keeps it on refresh', async () => {
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    const { user } = setup();
    await screen.findByText('ID: c-math');
    const filter = screen.getByPlaceholderText('Filtrar por nome ou descrição...');

    await user.type(filter, '  MATEMÁTICA  ');
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('ID: c-math')).toBeInTheDocument();

    await user.clear(filter);
    await user.type(filter, 'império');
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('ID: c-hist')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled());
    expect(filter).toHaveValue('império');
    expect(cards()).toHaveLength(1);
  });

  it('says "Tente ajustar o filtro…" when the filter hides every class', async () => {
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    const { user } = setup();
    await screen.findByText('ID: c-math');
    await user.type(screen.getByPlaceholderText('Filtrar por nome ou descrição...'), 'química');
    expect(screen.getByText('Nenhuma turma encontrada')).toBeInTheDocument();
    expect(
      screen.getByText('Tente ajustar o filtro para encontrar a turma desejada.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Você ainda não está em nenhuma turma. Aguarde um convite do professor.'),
    ).not.toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('says "Você ainda não está em nenhuma turma…" when there are no classes', async () => {
    fetchMock.mockImplementation(async () => reply({ items: [], nextCursor: null }));
    setup();
    expect(await screen.findByText('Nenhuma turma encontrada')).toBeInTheDocument();
    expect(
      screen.getByText('Você ainda não está em nenhuma turma. Aguarde um convite do professor.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Tente ajustar o filtro para encontrar a turma desejada.'),
    ).not.toBeInTheDocument();
  });

  it('shows the red box "Não foi possível carregar suas turmas." on failure, and retries', async () => {
    fetchMock.mockImplementation(async () => problem(400, 'bad_request', 'Bad request'));
    const { user } = setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar suas turmas.');
    expect(alert.className).toContain('red');
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('ID: c-math')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back from title to name, then to "Turma"', async () => {
    fetchMock.mockImplementation(async () =>
      reply({
        items: [
          { id: 'a', title: '', name: 'Turma de Física', description: null },
          { id: 'b', title: null, name: null, description: null },
        ],
        nextCursor: null,
      }),
    );
    setup();
    expect(await screen.findByRole('link', { name: 'Turma de Física' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turma' })).toHaveAttribute(
      'href',
      '/dashboard/student/b',
    );
  });

  it('ignores accents too: "matematica" finds "Matemática", "imperio" finds "IMPÉRIO"', async () => {
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    const { user } = setup();
    await screen.findByText('ID: c-math');
    const filter = screen.getByPlaceholderText('Filtrar por nome ou descrição...');
    await user.type(filter, ' matematica ');
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Matemática 9º B' })).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'HISTORIA imperio');
    expect(cards()).toHaveLength(0);
    await user.clear(filter);
    await user.type(filter, 'colonia e imperio');
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('ID: c-hist')).toBeInTheDocument();
  });

  it('cards show the teachers and the next event, a one-line ID with a copy button, and working links', async () => {
    const id = '019c7a2e-5b1f-7c3d-9e8f-0123456789ab';
    fetchMock.mockImplementation(async () =>
      reply({
        items: [
          {
            ...CLASSES[0],
            id,
            description: 'Lista em https://escola.example/lista e javascript:alert(1)',
            teachers: ['Helena Costa', 'João Prado'],
            next_event: {
              id: 'e1',
              title: 'Prova de frações',
              starts_at: '2030-03-12T13:00:00.000Z',
              ends_at: null,
              all_day: false,
            },
          },
          { ...CLASSES[1], teachers: ['Helena Costa'], next_event: null },
        ],
        nextCursor: null,
      }),
    );
    const { user } = setup();
    const idLine = await screen.findByText(`ID: ${id}`);
    // Compact: one line that never widens the card (cut with an ellipsis), the full id in a tooltip.
    expect(idLine).toHaveClass('truncate');
    expect(idLine).toHaveAttribute('title', id);
    expect(screen.getByText('Docentes: Helena Costa, João Prado')).toBeInTheDocument();
    expect(screen.getByText('Docente: Helena Costa')).toBeInTheDocument();
    expect(screen.getByText(/^Próximo evento: Prova de frações · /)).toBeInTheDocument();
    expect(screen.getAllByText(/^Próximo evento/)).toHaveLength(1);
    // Spec texts stay.
    expect(screen.getAllByText('Fale com o professor para detalhes e atividades.')).toHaveLength(2);
    expect(screen.getByText(/Lista em/)).toHaveClass('line-clamp-2');

    const link = screen.getByRole('link', { name: 'https://escola.example/lista' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copiar o ID da turma Matemática 9º B' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(id);
    expect(await screen.findByText('ID copiado.')).toBeInTheDocument();
  });

  it('the card link shows a focus ring around the whole card', async () => {
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    setup();
    const link = await screen.findByRole('link', { name: 'Matemática 9º B' });
    expect(link.className).toMatch(/focus-visible:after:ring-2/);
    expect(link.className).toMatch(/after:inset-0/);
  });

  it('with no class at all, the empty state also offers "Entrar com código"', async () => {
    fetchMock.mockImplementation(async () => reply({ items: [], nextCursor: null }));
    const { user } = setup();
    const empty = (await screen.findByText('Nenhuma turma encontrada')).parentElement!;
    expect(
      within(empty).getByText(
        'Você ainda não está em nenhuma turma. Aguarde um convite do professor.',
      ),
    ).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Entrar com código' }));
    expect(await screen.findByRole('dialog', { name: 'Entrar com código' })).toBeInTheDocument();
  });

  it('a filter that hides everything does not offer the code (the classes exist)', async () => {
    fetchMock.mockImplementation(async () => reply({ items: CLASSES, nextCursor: null }));
    const { user } = setup();
    await screen.findByText('ID: c-math');
    await user.type(screen.getByPlaceholderText('Filtrar por nome ou descrição...'), 'química');
    const empty = screen.getByText('Nenhuma turma encontrada').parentElement!;
    expect(within(empty).queryByRole('button')).toBeNull();
  });

  it('shows the same set in English', async () => {
    fetchMock.mockImplementation(async () => reply({ items: [], nextCursor: null }));
    localStorage.setItem('aprenda.lang', 'en');
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'My Classes' })).toBeInTheDocument();
    expect(screen.getByText('Loading classes...')).toBeInTheDocument();
    expect(await screen.findByText('No classes found')).toBeInTheDocument();
    expect(
      screen.getByText('You are not in any class yet. Wait for an invite from your teacher.'),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter by name or description...')).toBeInTheDocument();
  });
});
